import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { eq } from 'drizzle-orm';
import { favorites } from '../../db/schema.js';

/**
 * identity.user.erased: the customer's favorites are deleted. Catalogue holds nothing else about a
 * customer (stock reservations are keyed by order id and hold no personal data). Idempotent.
 */
export const userErased: EventHandler<typeof events.userErased> = async (tx, payload) => {
  await tx.delete(favorites).where(eq(favorites.userId, payload.userId));
};
