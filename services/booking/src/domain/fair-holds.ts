import { AppError } from '@spa/kit/errors';
import { isClosedStatus, type PaymentMethod } from './appointment.js';

/** Per-customer limits on what one customer may hold at once (settings, see config). */
export interface FairHoldLimits {
  /** Online bookings not paid yet whose payment hold is still running. */
  maxOnlineHolds: number;
  /** Cash bookings still to come. */
  maxFutureCashBookings: number;
}

/** One of the customer's appointments that is neither cancelled nor completed. */
export interface HeldAppointment {
  id?: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  paymentHoldExpiresAt: Date | null;
}

const unpaid = (appointment: HeldAppointment) =>
  appointment.paymentMethod === 'online' &&
  (appointment.paymentStatus === 'Pending' || appointment.paymentStatus === 'Failed');

/** An unpaid online booking whose hold ran out is the sweeper's, about to be cancelled: it holds nothing. */
const lapsed = (appointment: HeldAppointment, now: Date) =>
  unpaid(appointment) &&
  appointment.paymentHoldExpiresAt !== null &&
  appointment.paymentHoldExpiresAt.getTime() <= now.getTime();

const live = (appointment: HeldAppointment, now: Date) =>
  !isClosedStatus(appointment.status) && !lapsed(appointment, now);

const clock = (date: Date, timeZone: string) =>
  date.toLocaleTimeString('en-IN', { timeZone, hour: '2-digit', minute: '2-digit', hour12: true });

/**
 * Why this customer may not book this slot now, or undefined: an appointment of theirs overlapping it,
 * too many online bookings waiting for payment, or too many cash bookings to come. Each refusal is a
 * 409 with a message the wizard shows.
 */
export function fairHoldRefusal(
  held: readonly HeldAppointment[],
  request: { start: Date; end: Date; paymentMethod: PaymentMethod },
  limits: FairHoldLimits,
  now: Date,
  timeZone: string,
): AppError | undefined {
  const overlap = overlapRefusal(held, request, now, timeZone);
  if (overlap) return overlap;
  const active = held.filter((appointment) => live(appointment, now));
  if (request.paymentMethod === 'online') {
    const holds = active.filter(unpaid).length;
    if (holds >= limits.maxOnlineHolds)
      return new AppError(
        409,
        'TOO_MANY_UNPAID_BOOKINGS',
        `You already have ${holds} online booking${holds === 1 ? '' : 's'} waiting for payment. Pay for or cancel one before booking another.`,
        [{ limit: limits.maxOnlineHolds }],
      );
  } else {
    const upcoming = active.filter(
      (appointment) => appointment.paymentMethod === 'cash' && appointment.startsAt.getTime() > now.getTime(),
    ).length;
    if (upcoming >= limits.maxFutureCashBookings)
      return new AppError(
        409,
        'TOO_MANY_CASH_BOOKINGS',
        `You already have ${upcoming} upcoming appointments to pay in cash. Pay online, or book again after one of them.`,
        [{ limit: limits.maxFutureCashBookings }],
      );
  }
  return undefined;
}

/**
 * The customer's own appointment overlapping this span, as a 409 the wizard and the reschedule dialog
 * show, or undefined. One person cannot be on two tables at once, whether booking or moving a booking.
 */
export function overlapRefusal(
  held: readonly HeldAppointment[],
  request: { start: Date; end: Date },
  now: Date,
  timeZone: string,
): AppError | undefined {
  const overlapping = held.find(
    (appointment) =>
      live(appointment, now) &&
      appointment.startsAt.getTime() < request.end.getTime() &&
      appointment.endsAt.getTime() > request.start.getTime(),
  );
  if (!overlapping) return undefined;
  return new AppError(
    409,
    'OVERLAPPING_APPOINTMENT',
    `You already have an appointment from ${clock(overlapping.startsAt, timeZone)} to ${clock(overlapping.endsAt, timeZone)} that overlaps this time. Choose another time.`,
    [
      {
        field: 'appointmentDateTime',
        startsAt: overlapping.startsAt.toISOString(),
        endsAt: overlapping.endsAt.toISOString(),
      },
    ],
  );
}
