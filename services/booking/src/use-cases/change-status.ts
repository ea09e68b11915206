import { AppError, forbidden, notFound, type AuthUser, type Tx } from '@spa/kit';
import { type Actor, type Appointment, type AppointmentStatus } from '../domain/appointment.js';
import {
  bookedSlotOf,
  CHECK_IN_STATUSES,
  checkInChanges,
  checkInProblem,
  type CheckInStatus,
} from '../domain/check-in.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { updateAppointment, type HistoryInput } from '../db/appointment-writes.repository.js';
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
import { isDesk } from './calendar.js';
import { cancelLocked } from './cancel-appointment.js';
import { assertAppointmentsRecovered } from './recover-appointments.js';

/**
 * PUT /appointments/:id/status. An admin may set any of the spec's statuses (Completed and Cancelled
 * have their own events), the check-in steps only as their rule allows; a customer may only cancel
 * their own, within the cancellation notice.
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

/** A status change of the locked appointment, by the same rules whoever asks (the desk or a checkout). */
export async function changeStatusLocked(
  context: BookingContext,
  tx: Tx,
  current: Appointment,
  status: AppointmentStatus,
  actor: Actor,
): Promise<AppointmentView> {
  if (status === current.status) return viewOf(tx, current.id);
  if (status === 'Cancelled') return cancelLocked(context, tx, current, actor, 'admin');
  const at = nowOf(context);
  // The check-in steps say something happened at a time (a no-show gives back the rest of the slot; a
  // completion opens the customer's review), so even the admin's dropdown takes them only when they
  // can be true: one rule for every path to them.
  if (isCheckInStatus(status)) assertStep(context, current, status, at);
  // A status set by hand takes the appointment out of the automatic release of unpaid online bookings.
  const changes = { paymentHoldExpiresAt: null, updatedAt: at, ...checkInChanges(current, status, at) };
  const history: HistoryInput[] = [{ field: 'status', from: current.status, to: status }];
  if (current.status === 'Cancelled' || current.status === 'No-show') {
    assertAppointmentsRecovered(context);
    // Back in the book: a no-show takes its whole booked slot again, if nobody has taken it meanwhile.
    const slot = current.status === 'No-show' ? { ...bookedSlotOf(current), noShowAt: null } : {};
    const { reopened, employeeReleased } = await reopen(tx, { ...current, ...slot }, status, {
      ...changes,
      ...slot,
    });
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

const isCheckInStatus = (status: AppointmentStatus): status is CheckInStatus =>
  (CHECK_IN_STATUSES as readonly string[]).includes(status);

function assertStep(context: BookingContext, current: Appointment, status: CheckInStatus, at: Date): void {
  const problem = checkInProblem(current, status, at, context.config.rules.timeZone);
  if (problem)
    throw new AppError(422, status === 'Completed' ? 'NOT_IN_PROGRESS' : 'CHECK_IN_NOT_ALLOWED', problem);
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
    assertStep(context, current, 'Completed', nowOf(context));
    return changeStatusLocked(context, tx, current, 'Completed', actorOf(user));
  });
}

export const CHECK_IN_FOR_STAFF =
  'Check-in is for the front desk; the therapist of an appointment may start and complete it.';

/**
 * PUT /appointments/:id/check-in: the desk (an admin, a manager or a receptionist)
 * takes an appointment through Arrived, In Progress and Completed, or marks a No-show; the therapist
 * assigned to it may start and complete it. Each step by its rule (domain/check-in.ts); a step already
 * taken (a second desk, a double click) answers the appointment as it is.
 */
export async function checkIn(
  context: BookingContext,
  id: string,
  status: CheckInStatus,
  user: AuthUser,
): Promise<AppointmentView> {
  const desk = await isDesk(context.db, user);
  return changeAppointment(context, id, async (tx, current) => {
    if (!desk) {
      const ownTreatment = user.role === 'employee' && current.employeeId === user.id;
      if (!ownTreatment && user.id !== current.customerId) throw notFound(APPOINTMENT_NOT_FOUND);
      if (!ownTreatment || (status !== 'In Progress' && status !== 'Completed'))
        throw forbidden(CHECK_IN_FOR_STAFF);
    }
    if (status === current.status) return viewOf(tx, current.id);
    assertStep(context, current, status, nowOf(context));
    return changeStatusLocked(context, tx, current, status, actorOf(user));
  });
}
