import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import {
  creditOrderRefund,
  creditSaleRefund,
  creditVisitRefund,
  invoiceOrder,
  invoiceSale,
  invoiceVisitPayment,
  orderRefundOf,
  type DocumentDeps,
} from '../../use-cases/tax-documents.js';
import { mirrorSale } from './commerce-sales.handler.js';

/**
 * The GST documents billing issues from commerce's events, each in the consumer's transaction (with
 * its billing.document.issued event, and the inbox entry that makes a redelivery a no-op; the unique
 * source makes a second event of the same sale or order one too).
 */
export function taxDocumentHandlers(deps: DocumentDeps) {
  /**
   * The sale is also written to the report's copy here (idempotent: written once, whichever group is
   * first), so a visit's payment event read after it finds the visit checked out even while the
   * read-model group lags behind, and issues no advance invoice the sale's invoice already covers.
   */
  const saleCompleted: EventHandler<typeof events.saleCompleted> = async (tx, payload, meta) => {
    if (!payload.sale?.saleId) throw new PermanentEventError('sale.completed without a sale');
    await mirrorSale(tx, payload.sale, meta.occurredAt);
    await invoiceSale(deps, tx, payload.sale);
  };

  /**
   * A visit paid online when booked: Paid by a verified payment (the event names the provider's
   * payment; Paid at checkout, when the sale left nothing owed, names none and is the sale's).
   */
  const appointmentPaymentStatusChanged: EventHandler<typeof events.appointmentPaymentStatusChanged> = async (
    tx,
    payload,
    meta,
  ) => {
    const appointment = payload.appointment;
    if (!appointment?.id) throw new PermanentEventError('payment_status_changed without an appointment');
    if (appointment.paymentStatus !== 'Paid' || appointment.paymentMethod !== 'online') return;
    if (!payload.providerPaymentId) return;
    const updatedAt = Number(appointment.updatedAtMs);
    await invoiceVisitPayment(deps, tx, appointment, {
      reference: payload.providerPaymentId,
      paidAt: updatedAt > 0 ? new Date(updatedAt) : meta.occurredAt,
    });
  };

  const saleRefunded: EventHandler<typeof events.saleRefunded> = async (tx, payload) => {
    await creditSaleRefund(deps, tx, payload);
  };

  /** ONLINE orders are invoiced when paid; a COD order's cash collected waits for its delivery. */
  const orderPaid: EventHandler<typeof events.orderPaid> = async (tx, payload) => {
    const order = payload.order;
    if (!order?.orderId) throw new PermanentEventError('order.paid without an order');
    if (order.paymentMethod !== 'ONLINE' || payload.collectedOnDelivery) return;
    await invoiceOrder(deps, tx, order, { reference: payload.providerPaymentId || payload.paymentId });
  };

  /** COD orders are invoiced when delivered (an ONLINE order has had its invoice since it was paid). */
  const orderDelivered: EventHandler<typeof events.orderDelivered> = async (tx, payload) => {
    const order = payload.order;
    if (!order?.orderId) throw new PermanentEventError('order.delivered without an order');
    if (order.paymentMethod !== 'COD') return;
    await invoiceOrder(deps, tx, order, { reference: '' });
  };

  /**
   * A refund of a store order's payment, or of a visit's online payment (credited against its advance
   * invoice). A late payment of an order (captured after its order was cancelled) is given back whole
   * and was never a supply: no invoice, no credit note.
   */
  const paymentRefunded: EventHandler<typeof events.paymentRefunded> = async (tx, payload, meta) => {
    if (payload.purpose === 'appointment') {
      if (!payload.appointmentId) return;
      if (!payload.refundId) throw new PermanentEventError('payment.refunded without a refund id');
      await creditVisitRefund(deps, tx, orderRefundOf(payload, meta.occurredAt));
      return;
    }
    if (payload.purpose !== 'order' || !payload.orderId || payload.reason === 'late_payment') return;
    if (!payload.refundId) throw new PermanentEventError('payment.refunded without a refund id');
    await creditOrderRefund(deps, tx, orderRefundOf(payload, meta.occurredAt));
  };

  return {
    saleCompleted,
    saleRefunded,
    orderPaid,
    orderDelivered,
    paymentRefunded,
    appointmentPaymentStatusChanged,
  };
}
