import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import {
  creditOrderRefund,
  creditSaleRefund,
  invoiceOrder,
  invoiceSale,
  orderRefundOf,
  type DocumentDeps,
} from '../../use-cases/tax-documents.js';

/**
 * The GST documents billing issues from commerce's events, each in the consumer's transaction (with
 * its billing.document.issued event, and the inbox entry that makes a redelivery a no-op; the unique
 * source makes a second event of the same sale or order one too).
 */
export function taxDocumentHandlers(deps: DocumentDeps) {
  const saleCompleted: EventHandler<typeof events.saleCompleted> = async (tx, payload) => {
    if (!payload.sale?.saleId) throw new PermanentEventError('sale.completed without a sale');
    await invoiceSale(deps, tx, payload.sale);
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
   * A refund of a store order's payment. A late payment (captured after its order was cancelled) is
   * given back whole and was never a supply: no invoice, no credit note. Appointment refunds are of
   * advances no invoice covered.
   */
  const paymentRefunded: EventHandler<typeof events.paymentRefunded> = async (tx, payload, meta) => {
    if (payload.purpose !== 'order' || !payload.orderId || payload.reason === 'late_payment') return;
    if (!payload.refundId) throw new PermanentEventError('payment.refunded without a refund id');
    await creditOrderRefund(deps, tx, orderRefundOf(payload, meta.occurredAt));
  };

  return { saleCompleted, saleRefunded, orderPaid, orderDelivered, paymentRefunded };
}
