import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import type { CommerceDeps } from '../deps.js';
import {
  appointmentCancelled,
  appointmentPaymentStatusChanged,
} from './handlers/appointment-refunds.handler.js';
import { userErased } from './handlers/user-erased.handler.js';
import { productDeleted } from './handlers/product-deleted.handler.js';
import { productUpserted } from './handlers/product-upserted.handler.js';

/**
 * Everything commerce consumes: the catalogue's products, for carts and checkout; booking's
 * cancellations, to refund a prepaid appointment; identity.user.erased, to cancel a leaving customer's
 * open orders and erase their cart, addresses and contact details (handlers/user-erased.handler.ts). `deps` answers commerce's clients once built.
 */
export function subscriptionsFor(deps: () => CommerceDeps | undefined): Subscription[] {
  return [
    on(events.productUpserted, productUpserted),
    on(events.productDeleted, productDeleted),
    on(events.appointmentCancelled, appointmentCancelled(deps)),
    on(events.appointmentPaymentStatusChanged, appointmentPaymentStatusChanged(deps)),
    on(events.userErased, userErased(deps)),
  ];
}
