import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { appointmentChanged } from './handlers/booking-appointments.handler.js';
import { roomDeleted, roomUpserted } from './handlers/catalogue-rooms.handler.js';
import { orderChanged, paymentRefunded } from './handlers/commerce-orders.handler.js';
import { saleCompleted, saleRefunded } from './handlers/commerce-sales.handler.js';
import { userDeleted, userRegistered, userUpdated } from './handlers/identity-employees.handler.js';
import type { BillingContext } from '../use-cases/context.js';
import { taxDocumentHandlers } from './handlers/tax-documents.handler.js';
import { userErased } from './handlers/user-erased.handler.js';

/**
 * Facts billing acts on (the service's own consumer group, "billing"): identity.user.erased, on which
 * it removes an erased customer's phone and email from the invoices the law requires it to keep, and
 * announces the bills so changed (handlers/user-erased.handler.ts); and commerce's completed and
 * refunded sales, paid and delivered orders and refunded order payments, and booking's visits paid
 * online, from which it issues tax invoices and credit notes (handlers/tax-documents.handler.ts). Manual bills are typed in by staff.
 */
export function subscriptions(
  context: Pick<BillingContext, 'publish' | 'now' | 'config' | 'invoiceSeries' | 'documentPdfs'>,
): Subscription[] {
  const documents = taxDocumentHandlers(context);
  return [
    on(events.userErased, userErased(context)),
    on(events.saleCompleted, documents.saleCompleted),
    on(events.saleRefunded, documents.saleRefunded),
    on(events.orderPaid, documents.orderPaid),
    on(events.orderDelivered, documents.orderDelivered),
    on(events.paymentRefunded, documents.paymentRefunded),
    on(events.appointmentPaymentStatusChanged, documents.appointmentPaymentStatusChanged),
  ];
}

/**
 * The owner's reports' read models (GET /admin/reports): booking's appointments, commerce's orders
 * and order refunds, its counter sales and their refunds, catalogue's rooms and identity's employees. They run under their own consumer
 * group, named after this database's read-model generation (consumers.ts), so a fresh database reads
 * every one of these topics from the beginning (the compacted room and user topics whole; the
 * appointment, order, payment and sale topics as far back as Kafka keeps them).
 */
export const readModelSubscriptions: Subscription[] = [
  on(events.appointmentBooked, appointmentChanged),
  on(events.appointmentRescheduled, appointmentChanged),
  on(events.appointmentStatusChanged, appointmentChanged),
  on(events.appointmentEmployeeAssigned, appointmentChanged),
  on(events.appointmentPaymentStatusChanged, appointmentChanged),
  on(events.appointmentCompleted, appointmentChanged),
  on(events.appointmentCancelled, appointmentChanged),
  // The appointment a waitlist offer holds (it was announced as booked too; the newer copy wins).
  on(events.waitlistOffered, appointmentChanged),
  on(events.orderPlaced, orderChanged),
  on(events.orderPaid, orderChanged),
  on(events.orderDelivered, orderChanged),
  on(events.orderCancelled, orderChanged),
  on(events.paymentRefunded, paymentRefunded),
  on(events.saleCompleted, saleCompleted),
  on(events.saleRefunded, saleRefunded),
  on(events.roomUpserted, roomUpserted),
  on(events.roomDeleted, roomDeleted),
  on(events.userRegistered, userRegistered),
  on(events.userUpdated, userUpdated),
  on(events.userDeleted, userDeleted),
];
