import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { recordOrderRefund, upsertOrder } from '../../db/reports.repository.js';
import { orderRevenueAt } from '../../domain/reports.js';

/** Every commerce order event: each carries the whole order as it is after the change. */
export type OrderEvent =
  | typeof events.orderPlaced
  | typeof events.orderPaid
  | typeof events.orderDelivered
  | typeof events.orderCancelled;

const dateOf = (timestamp: Timestamp | undefined) => (timestamp ? timestampDate(timestamp) : undefined);

/**
 * commerce.order.*: the report's copy of the order and its lines (report_orders, report_order_lines),
 * with the instant it counts as revenue. Order events have no change time of their own, so the event's
 * time orders them: an older event leaves a newer row alone.
 */
export const orderChanged: EventHandler<OrderEvent> = async (tx, payload, meta) => {
  const order = payload.order;
  if (!order?.orderId) throw new PermanentEventError('order event without an order id');
  const paidAt = dateOf(order.paidAt);
  const deliveredAt = dateOf(order.deliveredAt);
  await upsertOrder(
    tx,
    {
      id: order.orderId,
      status: order.status,
      paymentMethod: order.paymentMethod,
      totalPricePaise: Number(order.totalPricePaise),
      customerId: order.customerId,
      paidAt: paidAt ?? null,
      deliveredAt: deliveredAt ?? null,
      revenueAt:
        orderRevenueAt({ status: order.status, paymentMethod: order.paymentMethod, paidAt, deliveredAt }) ??
        null,
      sourceUpdatedAt: meta.occurredAt,
    },
    order.items.map((item, index) => ({
      lineId: item.id || String(index),
      productId: item.productId,
      productName: item.name,
      quantity: item.quantity,
      unitPricePaise: Number(item.unitPricePaise),
      lineTotalPaise: Number(item.lineTotalPaise),
    })),
  );
};

/**
 * commerce.payment.refunded: a refund of a store order (purpose order, with its order id) is kept by
 * its refund id; refunds of appointment payments are not order revenue and are left out.
 */
export const paymentRefunded: EventHandler<typeof events.paymentRefunded> = async (tx, payload, meta) => {
  if (payload.purpose !== 'order' || !payload.orderId) return;
  await recordOrderRefund(tx, {
    refundId: payload.refundId || meta.id,
    orderId: payload.orderId,
    amountPaise: Number(payload.amountPaise),
    refundedAt: dateOf(payload.refundedAt) ?? meta.occurredAt,
  });
};
