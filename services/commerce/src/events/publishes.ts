import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { TopicSpec } from '@spa/kit';
import { events, type commerceV1 } from '@spa/proto';
import type { Payment } from '../db/payments.repository.js';
import type { Order } from '../domain/order.js';

/** The topics commerce writes to, created at start-up. */
export const commerceTopics: TopicSpec[] = [
  ...new Map(
    [
      events.orderPlaced,
      events.orderPaid,
      events.orderDelivered,
      events.orderCancelled,
      events.paymentCaptured,
      events.paymentFailed,
      events.saleCompleted,
      events.drawerShiftOpened,
    ].map((event) => [event.topic, { topic: event.topic, compacted: event.compacted }]),
  ).values(),
];

const timestamp = (date: Date | null) => (date ? timestampFromDate(date) : undefined);

/** An order as every order event carries it (keyed by order id). */
export function orderEventPayload(order: Order): MessageInitShape<typeof commerceV1.OrderSchema> {
  return {
    orderId: order.id,
    customerId: order.userId,
    customerEmail: order.userEmail,
    customerName: order.userName,
    paymentMethod: order.paymentMethod,
    status: order.status,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      unitPricePaise: BigInt(item.unitPricePaise),
      lineTotalPaise: BigInt(item.unitPricePaise * item.quantity),
      hsnCode: item.hsnCode ?? '',
      ...(item.gstBp == null ? {} : { gstBp: item.gstBp }),
    })),
    itemsPricePaise: BigInt(order.itemsPricePaise),
    shippingPricePaise: BigInt(order.shippingPricePaise),
    taxPricePaise: BigInt(order.taxPricePaise),
    totalPricePaise: BigInt(order.totalPricePaise),
    shippingAddress: { ...order.shipping },
    isPaid: order.isPaid,
    isDelivered: order.isDelivered,
    placedAt: timestamp(order.createdAt),
    paidAt: timestamp(order.paidAt),
    deliveredAt: timestamp(order.deliveredAt),
    cancelledAt: timestamp(order.cancelledAt),
    paymentExpiresAt: timestamp(order.paymentExpiresAt),
  };
}

/** The fields both payment events share; keyed by the order id or the appointment id. */
export function paymentEventFields(payment: Payment, providerPaymentId: string) {
  return {
    paymentId: payment.id,
    purpose: payment.purpose,
    orderId: payment.orderId ?? '',
    appointmentId: payment.appointmentId ?? '',
    customerId: payment.customerId,
    amountPaise: BigInt(payment.amountPaise),
    providerOrderId: payment.providerOrderId,
    providerPaymentId,
  };
}

export const paymentEventKey = (payment: Payment) => (payment.orderId ?? payment.appointmentId)!;
