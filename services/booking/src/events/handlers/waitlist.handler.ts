import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import type { BookingContext } from '../../use-cases/context.js';
import { onAppointmentCancelled, onAppointmentMoved } from '../../use-cases/waitlist.js';

/*
 * The waitlist follows booking's own appointment events rather than being called from each use case
 * that frees time: a cancellation by anyone (the customer, the desk, an expired payment hold, an erased
 * account) and a move reach it the same way, after they committed, and a failure here is retried by the
 * consumer without touching the change that freed the time.
 */

/** booking.appointment.cancelled: its time is free (and an offer's hold that ran out expires its entry). */
export const waitlistOnCancelled =
  (context: BookingContext): EventHandler<typeof events.appointmentCancelled> =>
  async (_tx, payload) => {
    if (!payload.appointment) return;
    await onAppointmentCancelled(context, payload.appointment, payload.reason);
  };

/** booking.appointment.rescheduled: the time it left is free. */
export const waitlistOnMoved =
  (context: BookingContext): EventHandler<typeof events.appointmentRescheduled> =>
  async (_tx, payload) => {
    if (!payload.appointment) return;
    await onAppointmentMoved(context, payload.previousStartMs, payload.appointment.roomType);
  };
