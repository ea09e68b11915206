import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { markProductDeleted } from '../../db/products.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A deleted product stays in the mirror, marked, so the carts holding it can say so. */
export const productDeleted: EventHandler<typeof events.productDeleted> = async (tx, payload) => {
  if (!UUID.test(payload.productId)) throw new PermanentEventError('product deletion without a product uuid');
  await markProductDeleted(tx, payload.productId);
};
