import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { productDeleted } from './handlers/product-deleted.handler.js';
import { productUpserted } from './handlers/product-upserted.handler.js';

/** Everything commerce consumes: the catalogue's products, for carts and checkout. */
export const subscriptions: Subscription[] = [
  on(events.productUpserted, productUpserted),
  on(events.productDeleted, productDeleted),
];
