import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { userErased, type ErasureDeps } from './handlers/user-erased.handler.js';
import { productDeleted } from './handlers/product-deleted.handler.js';
import { productUpserted } from './handlers/product-upserted.handler.js';

/** Everything commerce consumes: the catalogue's products, for carts and checkout. */
export const subscriptions: Subscription[] = [
  on(events.productUpserted, productUpserted),
  on(events.productDeleted, productDeleted),
];

/** The customer's own data (DPDP): erased when identity erases the account (handlers/user-erased.handler.ts). */
export function erasureSubscriptions(deps: ErasureDeps): Subscription[] {
  return [on(events.userErased, userErased(deps))];
}
