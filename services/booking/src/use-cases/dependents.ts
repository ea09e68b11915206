import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { count } from 'drizzle-orm';
import type { Queryable } from '@spa/kit';
import { appointments } from '../db/schema.js';
import { lockAppointment, recordHistory, updateAppointment } from '../db/appointments.repository.js';
import { OPEN_STATUSES, type Actor } from '../domain/appointment.js';
import { actorMessage, appointmentMessage, bookingEvents } from '../events/publishes.js';
import { findAppointmentView } from '../db/appointments.repository.js';
import { cancelAppointment } from './cancel-appointment.js';
import { nowOf, type BookingContext } from './context.js';

/**
 * What other services' records future appointments point at: a room or a service (catalogue), an
 * employee or a customer (identity; a customer's are cancelled by the erasure event, not here). "Future active" is an open appointment (Pending, Scheduled, Confirmed) that has
 * not started yet.
 */
export type DependentTarget =
  { roomId: string } | { serviceId: string } | { employeeId: string } | { customerId: string };

/** At most this many appointments are cancelled or released by one call (the caller asks again). */
const DEPENDENTS_BATCH = 200;

function targetCondition(target: DependentTarget) {
  if ('roomId' in target) return eq(appointments.roomId, target.roomId);
  if ('serviceId' in target) return eq(appointments.serviceId, target.serviceId);
  if ('customerId' in target) return eq(appointments.customerId, target.customerId);
  return eq(appointments.employeeId, target.employeeId);
}

const futureOpen = (target: DependentTarget, now: Date) =>
  and(
    targetCondition(target),
    inArray(appointments.status, [...OPEN_STATUSES]),
    gt(appointments.startsAt, now),
  );

export async function countDependents(context: BookingContext, target: DependentTarget): Promise<number> {
  const [row] = await context.db
    .select({ total: count() })
    .from(appointments)
    .where(futureOpen(target, nowOf(context)));
  return Number(row?.total ?? 0);
}

async function dependentIds(db: Queryable, target: DependentTarget, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(futureOpen(target, now))
    .orderBy(asc(appointments.startsAt))
    .limit(DEPENDENTS_BATCH);
  return rows.map((row) => row.id);
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
  for (const id of await dependentIds(context.db, target, nowOf(context))) {
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
  for (const id of await dependentIds(context.db, target, nowOf(context))) {
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
