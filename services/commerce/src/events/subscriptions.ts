import { on, onBatch, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import type { CommerceContext } from '../use-cases/context.js';
import {
  appointmentCancelled,
  appointmentPaymentStatusChanged,
} from './handlers/appointment-refunds.handler.js';
import { userErased } from './handlers/user-erased.handler.js';
import { productDeleted } from './handlers/product-deleted.handler.js';
import { productsUpserted } from './handlers/product-upserted.handler.js';

/**
 * The catalogue's products, for carts and checkout: the products mirror, built by a consumer group of
 * its own per database generation (consumers.ts), so a wiped database rebuilds it from the topic.
 */
export const readModelSubscriptions: Subscription[] = [
  onBatch(events.productUpserted, productsUpserted),
  on(events.productDeleted, productDeleted),
];

/**
 * What commerce's own group consumes: booking's cancellations, to refund a prepaid appointment; and
 * identity.user.erased, to cancel a leaving customer's open orders and erase their cart, addresses and
 * contact details (handlers/user-erased.handler.ts). Built from commerce's context (deps.ts), made
 * before the consumer starts.
 */
export function subscriptionsFor(deps: CommerceContext): Subscription[] {
  return [
    on(events.appointmentCancelled, appointmentCancelled(deps)),
    on(events.appointmentPaymentStatusChanged, appointmentPaymentStatusChanged(deps)),
    on(events.userErased, userErased(deps)),
  ];
}
