import {
  countFutureOpenAppointmentsOf,
  futureOpenAppointmentIdsOf,
  type DependentTarget,
} from '../db/appointment-lists.repository.js';
import { lockAppointment } from '../db/appointment-locks.repository.js';
import { findAppointmentView } from '../db/appointment-views.repository.js';
import { recordHistory, updateAppointment } from '../db/appointment-writes.repository.js';
import { OPEN_STATUSES, type Actor } from '../domain/appointment.js';
import { actorMessage, appointmentMessage, bookingEvents } from '../events/publishes.js';
import { cancelAppointment } from './cancel-appointment.js';
import { nowOf, type BookingContext } from './context.js';

/**
 * What other services' records future appointments point at: a room or a service (catalogue), an
 * employee or a customer (identity; a customer's are cancelled by the erasure event, not here). "Future active" is an open appointment (Pending, Scheduled, Confirmed) that has
 * not started yet.
 */
export type { DependentTarget };

/** At most this many appointments are cancelled or released by one call (the caller asks again). */
const DEPENDENTS_BATCH = 200;

export async function countDependents(context: BookingContext, target: DependentTarget): Promise<number> {
  return countFutureOpenAppointmentsOf(context.db, target, nowOf(context));
}

/**
 * Cancels every future active appointment of a room or a service through the normal cancel path, one
 * appointment at a time: each announces booking.appointment.cancelled (reason admin), so its customer
 * gets the cancellation email and a prepaid one is refunded by commerce. Answers how many it cancelled
 * and how many remain (0 unless more than one batch depended on it).
 */
export async function cancelDependents(
  context: BookingContext,
  target: { roomId: string } | { serviceId: string },
  actor: Actor,
): Promise<{ cancelled: number; remaining: number }> {
  let cancelled = 0;
  for (const id of await futureOpenAppointmentIdsOf(context.db, target, nowOf(context), DEPENDENTS_BATCH)) {
    await cancelAppointment(context, id, actor, 'admin');
    cancelled += 1;
  }
  return { cancelled, remaining: await countDependents(context, target) };
}

/**
 * An employee removed from the team: their future assignments go back to the assignment pool
 * (unassigned, so the admin's assignment list shows them), each announced as an employee change with
 * the employee as the previous one. Answers how many were released.
 */
export async function releaseEmployee(
  context: BookingContext,
  employeeId: string,
  actor: Actor,
): Promise<{ released: number; remaining: number }> {
  const target = { employeeId };
  let released = 0;
  for (const id of await futureOpenAppointmentIdsOf(context.db, target, nowOf(context), DEPENDENTS_BATCH)) {
    const done = await context.db.transaction(async (tx) => {
      const current = await lockAppointment(tx, id);
      if (!current || current.employeeId !== employeeId || !OPEN_STATUSES.includes(current.status))
        return false;
      const at = nowOf(context);
      await updateAppointment(tx, id, { employeeId: null, updatedAt: at });
      await recordHistory(tx, id, actor, at, [
        {
          field: 'employee',
          from: employeeId,
          to: null,
          note: 'The employee left the team; back to the assignment pool',
        },
      ]);
      const view = (await findAppointmentView(tx, id))!;
      await context.publish(tx, bookingEvents.employeeAssigned, id, {
        appointment: appointmentMessage(view, context.config.rules.timeZone),
        previousEmployeeId: employeeId,
        assignedBy: actorMessage(actor),
      });
      return true;
    });
    if (done) released += 1;
  }
  return { released, remaining: await countDependents(context, target) };
}
