import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import type { EligibilityFact } from '../../db/reviews.repository.js';
import { recordEligibility } from '../../use-cases/reviews.js';

/*
 * What a customer may review comes from the other services' facts, never from the client: booking's
 * completed appointments and commerce's delivered orders. Each fact is recorded once (its source id is
 * unique), so a redelivered or replayed event changes nothing.
 */

/**
 * booking.appointment.completed: the customer may review the treatment they had, once the visit is
 * over. The fact is dated at the visit's booked end (or its completion, if later): My Reviews, the
 * review itself and the emailed request all wait for that date, so a visit marked complete early opens
 * nothing before it has ended.
 */
export const appointmentCompleted: EventHandler<typeof events.appointmentCompleted> = async (
  tx,
  payload,
  meta,
) => {
  const appointment = payload.appointment;
  // Without a customer account (or a treatment) there is nobody to ask and nothing to rate.
  if (!appointment?.id || !appointment.customerId || !appointment.serviceId) return;
  const completedMs = Number(appointment.completedAtMs) || meta.occurredAt.getTime();
  const visitedMs = Math.max(completedMs, Number(appointment.endMs));
  await recordEligibility(tx, [
    {
      userId: appointment.customerId,
      authorName: appointment.customerName,
      authorEmail: appointment.customerEmail,
      subjectKind: 'service',
      subjectId: appointment.serviceId,
      subjectName: appointment.serviceName,
      sourceId: `appointment:${appointment.id}`,
      visitedAt: new Date(visitedMs),
    },
  ]);
};

/** commerce.order.delivered: each product of the order may be reviewed by its customer, once. */
export const orderDelivered: EventHandler<typeof events.orderDelivered> = async (tx, payload, meta) => {
  const order = payload.order;
  if (!order?.orderId || !order.customerId) return;
  const visitedAt = order.deliveredAt ? timestampDate(order.deliveredAt) : meta.occurredAt;
  const facts = new Map<string, EligibilityFact>();
  for (const item of order.items) {
    if (!item.productId) continue;
    const sourceId = `order:${order.orderId}:${item.productId}`;
    facts.set(sourceId, {
      userId: order.customerId,
      authorName: order.customerName,
      authorEmail: order.customerEmail,
      subjectKind: 'product',
      subjectId: item.productId,
      subjectName: item.name,
      sourceId,
      visitedAt,
    });
  }
  await recordEligibility(tx, [...facts.values()]);
};
