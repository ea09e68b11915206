import type { MessageInitShape } from '@bufbuild/protobuf';
import { AppError, notFound, type AuthUser, type Tx } from '@spa/kit';
import type { EventDefinition } from '@spa/proto';
import { customerCancellationProblem, customerRescheduleProblem, depositAtStake } from '@spa/rules';
import type { Actor, Appointment, AppointmentStatus } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { lockAppointment } from '../db/appointment-locks.repository.js';
import { findAppointmentView } from '../db/appointment-views.repository.js';
import {
  recordHistory,
  updateAppointment,
  type HistoryInput,
  type NewAppointment,
} from '../db/appointment-writes.repository.js';
import { isUuid, overlapRefused } from '../db/pg-errors.js';
import { appointmentMessage } from '../events/publishes.js';
import { lockSlot, slotOfAppointment } from './allocate-slot.js';
import { nowOf, type BookingContext } from './context.js';

/*
 * What every command on one appointment shares: the lock it runs under, the history and event it
 * commits, who may see it, the notice rule for customers, and reopening a cancelled one.
 */
export const APPOINTMENT_NOT_FOUND = 'Appointment not found';

export type Extra<E extends EventDefinition> = Omit<
  MessageInitShape<E['schema']>,
  'appointment' | '$typeName'
>;

/**
 * Runs `work` on the locked appointment: changes to one appointment happen one at a time. Inside a
 * caller's transaction (an event handler's, with its inbox row) it runs in a savepoint of it.
 */
export async function changeAppointment<T>(
  context: BookingContext,
  id: string,
  work: (tx: Tx, current: Appointment) => Promise<T>,
  within?: Tx,
): Promise<T> {
  if (!isUuid(id)) throw notFound(APPOINTMENT_NOT_FOUND);
  return (within ?? context.db).transaction(async (tx) => {
    const current = await lockAppointment(tx, id);
    if (!current) throw notFound(APPOINTMENT_NOT_FOUND);
    return work(tx, current);
  });
}

/** Records the change, then announces the appointment as it now is, in the same transaction. */
export async function commitChange<E extends EventDefinition>(
  context: BookingContext,
  tx: Tx,
  appointmentId: string,
  change: { actor: Actor; at: Date; history: HistoryInput[]; event: E; extra: Extra<E> },
): Promise<AppointmentView> {
  await recordHistory(tx, appointmentId, change.actor, change.at, change.history);
  const view = (await findAppointmentView(tx, appointmentId))!;
  await context.publish(tx, change.event, appointmentId, {
    ...change.extra,
    appointment: appointmentMessage(view, context.config.rules.timeZone),
  } as unknown as MessageInitShape<E['schema']>);
  return view;
}

export const viewOf = async (tx: Tx, id: string) => (await findAppointmentView(tx, id))!;

/** Whether `user` may see the appointment: its customer, its employee, or an admin. */
export function canSee(user: AuthUser, appointment: Pick<Appointment, 'customerId' | 'employeeId'>): boolean {
  return user.role === 'admin' || user.id === appointment.customerId || user.id === appointment.employeeId;
}

export function assertCustomerMayChange(context: BookingContext, current: Appointment): void {
  const problem = customerCancellationProblem(
    current,
    nowOf(context),
    context.config.rules.cancellationNoticeMinutes,
  );
  if (problem) throw new AppError(422, 'CANCELLATION_NOT_ALLOWED', problem);
}

/**
 * A customer's own move: what a cancellation needs (the notice), and not inside the late window of a
 * paid deposit (422 LATE_CHANGE in the terms' words), where a move would shed the fee a cancellation
 * keeps. The desk is not asked.
 */
export function assertCustomerMayMove(context: BookingContext, current: Appointment): void {
  const problem = customerRescheduleProblem(
    { ...current, depositPaise: depositAtStake(current) },
    nowOf(context),
    context.config.rules.cancellationNoticeMinutes,
  );
  if (problem) throw new AppError(422, problem.code, problem.message);
}

/**
 * Reopens a cancelled appointment in its room. The room may have been taken meanwhile (the database
 * refuses the overlap): then it stays cancelled and this answers false. An employee who has been
 * booked elsewhere meanwhile is let go instead.
 */
export async function reopen(
  tx: Tx,
  current: Appointment,
  status: AppointmentStatus,
  changes: Partial<NewAppointment>,
): Promise<{ reopened: boolean; employeeReleased: boolean }> {
  const slot = slotOfAppointment(current);
  const attempt = (employeeId: string | null) =>
    tx
      .transaction(async (savepoint) => {
        await lockSlot(savepoint, slot, current.roomId, employeeId);
        await updateAppointment(savepoint, current.id, {
          ...changes,
          status,
          employeeId,
          cancellationReason: null,
        });
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        const refused = overlapRefused(error);
        if (!refused) throw error;
        return refused;
      });
  const refused = await attempt(current.employeeId);
  if (!refused) return { reopened: true, employeeReleased: false };
  if (refused === 'room') return { reopened: false, employeeReleased: false };
  return { reopened: !(await attempt(null)), employeeReleased: true };
}
