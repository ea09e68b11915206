import { createPublisher, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { eraseUser } from '../../use-cases/erase-user.js';

const publish = createPublisher('catalogue');

/**
 * identity.user.erased: the customer's favorites, reviews (each announced as deleted, so the compacted
 * review topic forgets them too) and what they could have reviewed are deleted; their id is kept (and
 * nothing else) so a completed visit or delivered order of theirs read later does not make them
 * reviewable again. Stock reservations are keyed by order id and hold no personal data. Idempotent.
 */
export const userErased: EventHandler<typeof events.userErased> = async (tx, payload) => {
  await eraseUser({ db: tx, publish }, payload.userId);
};
