import { AppError, forbidden, notFound, type AuthUser, type Tx } from '@spa/kit';
import { type Actor, type Appointment, type AppointmentStatus } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { updateAppointment, type HistoryInput } from '../db/appointments.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { actorOf, nowOf, type BookingContext } from './context.js';
import {
  APPOINTMENT_NOT_FOUND,
  changeAppointment,
  commitChange,
  viewOf,
  assertCustomerMayChange,
  reopen,
} from './appointment-change.js';
import { cancelLocked } from './cancel-appointment.js';

/**
 * PUT /appointments/:id/status. An admin may set any of the spec's statuses (Completed and Cancelled
 * have their own events); a customer may only cancel their own, within the cancellation notice.
 */
export async function setStatus(
  context: BookingContext,
  id: string,
  status: AppointmentStatus,
  user: AuthUser,
): Promise<AppointmentView> {
  return changeAppointment(context, id, async (tx, current) => {
    if (user.role !== 'admin') {
      if (user.id !== current.customerId) throw notFound(APPOINTMENT_NOT_FOUND);
      if (status !== 'Cancelled')
        throw forbidden('You can cancel your appointment; other changes are made by the spa.');
      assertCustomerMayChange(context, current);
      return cancelLocked(context, tx, current, actorOf(user), 'customer');
    }
    return changeStatusLocked(context, tx, current, status, actorOf(user));
  });
}

async function changeStatusLocked(
  context: BookingContext,
  tx: Tx,
  current: Appointment,
  status: AppointmentStatus,
  actor: Actor,
): Promise<AppointmentView> {
  if (status === current.status) return viewOf(tx, current.id);
  if (status === 'Cancelled') return cancelLocked(context, tx, current, actor, 'admin');
  const at = nowOf(context);
  // A status set by hand takes the appointment out of the automatic release of unpaid online bookings.
  const changes = { paymentHoldExpiresAt: null, updatedAt: at };
  const history: HistoryInput[] = [{ field: 'status', from: current.status, to: status }];
  if (current.status === 'Cancelled') {
    const { reopened, employeeReleased } = await reopen(tx, current, status, changes);
    if (!reopened) throw roomTaken(current);
    if (employeeReleased)
      history.push({
        field: 'employee',
        from: current.employeeId,
        to: null,
        note: 'Booked elsewhere meanwhile',
      });
  } else {
    await updateAppointment(tx, current.id, { ...changes, status });
  }
  if (status === 'Completed')
    return commitChange(context, tx, current.id, {
      actor,
      at,
      history,
      event: bookingEvents.completed,
      extra: { completedBy: actorMessage(actor) },
    });
  return commitChange(context, tx, current.id, {
    actor,
    at,
    history,
    event: bookingEvents.statusChanged,
    extra: { previousStatus: current.status, changedBy: actorMessage(actor) },
  });
}

const roomTaken = (current: Appointment) =>
  new AppError(
    409,
    'ROOM_TAKEN',
    `Room ${current.roomNumber} has been booked by someone else at that time, so this appointment cannot be reopened.`,
  );

/** PUT /appointments/:id/complete: only an appointment In Progress can be completed. */
export async function completeAppointment(
  context: BookingContext,
  id: string,
  user: AuthUser,
): Promise<AppointmentView> {
  return changeAppointment(context, id, async (tx, current) => {
    if (current.status !== 'In Progress')
      throw new AppError(
        422,
        'NOT_IN_PROGRESS',
        `Only an appointment in progress can be completed; this one is ${current.status}.`,
      );
    return changeStatusLocked(context, tx, current, 'Completed', actorOf(user));
  });
}
