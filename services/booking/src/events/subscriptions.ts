import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import type { BookingContext, FullSlots } from '../use-cases/context.js';
import {
  categoryDeleted,
  categoryUpserted,
  roomDeleted,
  roomUpserted,
  serviceDeleted,
  serviceUpserted,
} from './handlers/catalogue-read-models.handler.js';
import { paymentCaptured, paymentFailed, paymentRefunded } from './handlers/commerce-payments.handler.js';
import { saleBalancePaid, saleCompleted } from './handlers/commerce-sales.handler.js';
import { userDeleted, userRegistered, userUpdated } from './handlers/identity-read-models.handler.js';
import { userErased } from './handlers/user-erased.handler.js';
import { waitlistOnCancelled, waitlistOnMoved } from './handlers/waitlist.handler.js';

/** The subscription, then the "no room free" answers remembered go (a room may be bookable now). */
function thenForget(fullSlots: Pick<FullSlots, 'forget'> | undefined) {
  return ({ event, handle }: Subscription): Subscription => ({
    event,
    handle: async (tx, payload, meta) => {
      await handle(tx, payload, meta);
      fullSlots?.forget();
    },
  });
}

/**
 * The read models: catalogue's services, categories and rooms and identity's users, from their
 * compacted topics. They run under their own consumer group (see read-model-consumer.ts), so a fresh
 * database rebuilds them from the beginning of each topic. Each change forgets the process's "no room
 * free" answers (use-cases/full-slots.ts).
 */
export const readModelSubscriptions = (fullSlots: Pick<FullSlots, 'forget'> | undefined): Subscription[] =>
  [
    on(events.serviceUpserted, serviceUpserted),
    on(events.serviceDeleted, serviceDeleted),
    on(events.categoryUpserted, categoryUpserted),
    on(events.categoryDeleted, categoryDeleted),
    on(events.roomUpserted, roomUpserted),
    on(events.roomDeleted, roomDeleted),
    on(events.userRegistered, userRegistered),
    on(events.userUpdated, userUpdated),
    on(events.userDeleted, userDeleted),
  ].map(thenForget(fullSlots));

/**
 * Facts booking acts on (the service's own consumer group): commerce's appointment payments and
 * refunds, its counter sales (a completed sale checks its visits out), identity.user.erased (a customer deleted their account: cancel what is future, anonymise
 * the rest), and its own cancellations and moves, whose freed time the waitlist offers.
 */
export function subscriptions(context: BookingContext): Subscription[] {
  return [
    on(events.paymentCaptured, paymentCaptured(context)),
    on(events.paymentFailed, paymentFailed(context)),
    on(events.paymentRefunded, paymentRefunded(context)),
    on(events.saleCompleted, saleCompleted(context)),
    on(events.saleBalancePaid, saleBalancePaid(context)),
    on(events.userErased, userErased(context)),
    // Its own appointment events: freed time goes to the waitlist (use-cases/waitlist.ts).
    on(events.appointmentCancelled, waitlistOnCancelled(context)),
    on(events.appointmentRescheduled, waitlistOnMoved(context)),
  ];
}
