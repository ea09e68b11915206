import type { bookingV1 } from '@spa/proto';
import { MINUTE_MS } from '@spa/rules';
import {
  APPOINTMENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
  type PaymentMethod,
  type PaymentStatus,
} from './appointment.js';

/**
 * An appointment as booking's own events last showed it (the whole `Appointment` message every
 * appointment event carries), with the facts some events carry beside it: the provider's ids (payment
 * status changed), the reason of a cancellation, and when it was first seen Paid.
 */
export interface AppointmentSnapshot {
  appointment: bookingV1.Appointment;
  providerOrderId?: string;
  providerPaymentId?: string;
  cancellationReason?: string;
  paidAtMs?: number;
}

const instant = (ms: bigint | number) => (Number(ms) > 0 ? new Date(Number(ms)) : null);

function oneOf<T extends string>(values: readonly T[], value: string, name: string): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new Error(`appointment snapshot: unknown ${name} "${value}"`);
}

/**
 * The appointment row an event's snapshot stands for: the inverse of events/publishes.ts's
 * appointmentMessage. What the snapshot does not carry is derived or left at what a new row has:
 * room_free_at is the end plus the cleanup buffer (a no-show cut short frees the room at its mark,
 * as check-in.ts does); the late-cancellation terms are unknown (0: no fee); the provider ids, paid_at
 * and the cancellation reason come from the events that carry them, when they were read. The names
 * shown (customer, service, room) are what the event showed, which may be the read models' newer
 * names rather than the copies taken at booking.
 */
export function appointmentFromSnapshot(snapshot: AppointmentSnapshot): Appointment {
  const message = snapshot.appointment;
  const startsAt = new Date(Number(message.startMs));
  const endsAt = new Date(Number(message.endMs));
  const status: AppointmentStatus = oneOf(APPOINTMENT_STATUSES, message.status, 'status');
  const paymentStatus: PaymentStatus = oneOf(PAYMENT_STATUSES, message.paymentStatus, 'payment status');
  const paymentMethod: PaymentMethod = oneOf(PAYMENT_METHODS, message.paymentMethod, 'payment method');
  const cutShort =
    status === 'No-show' && endsAt.getTime() < startsAt.getTime() + message.durationMinutes * MINUTE_MS;
  return {
    id: message.id,
    appointmentCode: message.appointmentCode,
    customerId: message.customerId,
    customerName: message.customerName,
    customerEmail: message.customerEmail,
    serviceId: message.serviceId,
    serviceName: message.serviceName,
    categoryName: message.categoryName,
    pricingOptionId: message.pricingOptionId,
    durationLabel: message.durationLabel,
    durationMinutes: message.durationMinutes,
    cleanupMinutes: message.cleanupMinutes,
    roomId: message.roomId,
    roomType: message.roomType,
    roomNumber: message.roomNumber,
    roomLocation: message.roomLocation,
    employeeId: message.employeeId || null,
    startsAt,
    endsAt,
    roomFreeAt: cutShort ? endsAt : new Date(endsAt.getTime() + message.cleanupMinutes * MINUTE_MS),
    status,
    paymentStatus,
    paymentMethod,
    servicePricePaise: Number(message.servicePricePaise),
    roomPricePaise: Number(message.roomPricePaise),
    totalPricePaise: Number(message.totalPricePaise),
    paymentHoldExpiresAt: instant(message.paymentHoldExpiresAtMs),
    providerOrderId: snapshot.providerOrderId || null,
    providerPaymentId: snapshot.providerPaymentId || null,
    paidAt: snapshot.paidAtMs !== undefined ? instant(snapshot.paidAtMs) : null,
    // Only a cancelled appointment keeps its reason (reopening one clears it).
    cancellationReason: status === 'Cancelled' ? snapshot.cancellationReason || null : null,
    arrivedAt: instant(message.arrivedAtMs),
    startedAt: instant(message.startedAtMs),
    completedAt: instant(message.completedAtMs),
    noShowAt: instant(message.noShowAtMs),
    depositPaise: Number(message.depositPaise),
    lateCancellationHours: 0,
    lateCancellationFeePercent: 0,
    keptOnCancellationPaise: Number(message.keptOnCancellationPaise),
    // The events do not carry the checkout; commerce still refuses a second sale of the visit
    // (ALREADY_CHECKED_OUT names the first), so a restored appointment loses only the link.
    checkedOutSaleId: null,
    createdAt: new Date(Number(message.createdAtMs)),
    updatedAt: new Date(Number(message.updatedAtMs)),
  };
}

/** The sequence part of an appointment code (APT-20261121-0042 → 42), or undefined. */
export function appointmentCodeSequence(code: string): number | undefined {
  const match = /^APT-\d{8}-(\d+)$/.exec(code);
  return match ? Number(match[1]) : undefined;
}
