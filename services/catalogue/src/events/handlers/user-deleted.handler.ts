import { createPublisher, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { eraseUser } from '../../use-cases/erase-user.js';

const publish = createPublisher('catalogue');

/**
 * identity.user.deleted: identity publishes it only when it erases an account, in the same transaction
 * as identity.user.erased, on the compacted identity.user.v1, where it stays for good as the last value
 * of the account's id. Read by the read-model group, it is what tells a wiped database which customers
 * were erased: identity.user.erased (a plain topic, read once by the service's own group) ages out,
 * while their completed visits and delivered orders may still be on booking's and commerce's topics,
 * name and email included. The same erasure as on identity.user.erased (use-cases/erase-user.ts), so
 * whichever is read first, the account's id is remembered and what they could review is gone; running
 * it again changes nothing.
 */
export const userDeleted: EventHandler<typeof events.userDeleted> = async (tx, payload) => {
  if (!payload.userId) return;
  await eraseUser({ db: tx, publish }, payload.userId);
};
