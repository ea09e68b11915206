import type { MessageInitShape } from '@bufbuild/protobuf';
import { AppError, forbidden, notFound, type AuthUser, type Tx } from '@spa/kit';
import type { EventDefinition } from '@spa/proto';
import {
  customerCancellationProblem,
  OPEN_STATUSES,
  SYSTEM_ACTOR,
  type Actor,
  type Appointment,
  type AppointmentStatus,
  type CancellationReason,
  type PaymentStatus,
} from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { businessHoursProblem, fitsBusinessHours, formatLocalDateTime } from '../domain/business-time.js';
import { overlapRefusal } from '../domain/fair-holds.js';
import {
  findAppointmentView,
  lockAppointment,
  lockExpiredHolds,
  recordHistory,
  updateAppointment,
  type HistoryInput,
  type NewAppointment,
} from '../db/appointments.repository.js';
import { heldAppointments, lockCustomerBookings } from '../db/fair-holds.repository.js';
import { isUuid, overlapRefused } from '../db/pg-errors.js';
import { findBookableService, findUser } from '../db/read-models.repository.js';
import { actorMessage, appointmentMessage, bookingEvents } from '../events/publishes.js';
import { allocate, lockSlot, rankedFreeEmployees, roomsAt, slotOf, slotOfAppointment } from './allocation.js';
import { noRoomAvailable, startProblem } from './availability.js';
import { actorOf, nowOf, type BookingContext } from './context.js';

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';

type Extra<E extends EventDefinition> = Omit<MessageInitShape<E['schema']>, 'appointment' | '$typeName'>;

/**
 * Runs `work` on the locked appointment: changes to one appointment happen one at a time. Inside a
 * caller's transaction (an event handler's, with its inbox row) it runs in a savepoint of it.
 */
async function changeAppointment<T>(
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
async function commitChange<E extends EventDefinition>(
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

const viewOf = async (tx: Tx, id: string) => (await findAppointmentView(tx, id))!;

/** Whether `user` may see the appointment: its customer, its employee, or an admin. */
export function canSee(user: AuthUser, appointment: Pick<Appointment, 'customerId' | 'employeeId'>): boolean {
  return user.role === 'admin' || user.id === appointment.customerId || user.id === appointment.employeeId;
}

/** Cancels (idempotently); the slot is free again as soon as this commits. */
export async function cancelAppointment(
  context: BookingContext,
  id: string,
  actor: Actor,
  reason: CancellationReason,
  within?: Tx,
): Promise<AppointmentView> {
  return changeAppointment(
    context,
    id,
    (tx, current) => cancelLocked(context, tx, current, actor, reason),
    within,
  );
}

async function cancelLocked(
  context: BookingContext,
  tx: Tx,
  current: Appointment,
  actor: Actor,
  reason: CancellationReason,
): Promise<AppointmentView> {
  if (current.status === 'Cancelled') return viewOf(tx, current.id);
  const at = nowOf(context);
  await updateAppointment(tx, current.id, {
    status: 'Cancelled',
    cancellationReason: reason,
    paymentHoldExpiresAt: null,
    updatedAt: at,
  });
  return commitChange(context, tx, current.id, {
    actor,
    at,
    history: [{ field: 'status', from: current.status, to: 'Cancelled', note: cancellationNote(reason) }],
    event: bookingEvents.cancelled,
    extra: { previousStatus: current.status, cancelledBy: actorMessage(actor), reason },
  });
}

function cancellationNote(reason: CancellationReason): string {
  switch (reason) {
    case 'customer':
      return 'Cancelled by the customer';
    case 'admin':
      return 'Cancelled by the spa';
    case 'payment-expired':
      return 'The online payment was not completed in time; the slot was released';
    case 'payment-not-started':
      return 'The online payment could not be started; the slot was released';
  }
}

/** A customer cancelling their own appointment (within the notice), or an admin cancelling any. */
export async function cancelByRequest(
  context: BookingContext,
  id: string,
  user: AuthUser,
): Promise<AppointmentView> {
  return changeAppointment(context, id, async (tx, current) => {
    if (user.role === 'admin') return cancelLocked(context, tx, current, actorOf(user), 'admin');
    if (user.id !== current.customerId) throw notFound(APPOINTMENT_NOT_FOUND);
    assertCustomerMayChange(context, current);
    return cancelLocked(context, tx, current, actorOf(user), 'customer');
  });
}

function assertCustomerMayChange(context: BookingContext, current: Appointment): void {
  const problem = customerCancellationProblem(
    current,
    nowOf(context),
    context.config.rules.cancellationNoticeMinutes,
  );
  if (problem) throw new AppError(422, 'CANCELLATION_NOT_ALLOWED', problem);
}

/**
 * Reopens a cancelled appointment in its room. The room may have been taken meanwhile (the database
 * refuses the overlap): then it stays cancelled and this answers false. An employee who has been
 * booked elsewhere meanwhile is let go instead.
 */
async function reopen(
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

/** PUT /appointments/:id/payment-status: the admin sets it freely (cash taken, refund made...). */
export async function setPaymentStatus(
  context: BookingContext,
  id: string,
  paymentStatus: PaymentStatus,
  user: AuthUser,
): Promise<AppointmentView> {
  return changeAppointment(context, id, async (tx, current) => {
    if (paymentStatus === current.paymentStatus) return viewOf(tx, current.id);
    // An online payment's refund is money moving through the provider: only its confirmation
    // (commerce.payment.refunded) may say Refunded, never a hand-picked status with nothing paid back.
    if (
      current.paymentMethod === 'online' &&
      (paymentStatus === 'Refunded' || paymentStatus === 'Partially refunded')
    )
      throw new AppError(
        422,
        'REFUND_THROUGH_PROVIDER',
        'An online payment is refunded with Refund on the appointment; its status follows once the refund is confirmed.',
        [{ field: 'paymentStatus', message: 'Use Refund instead' }],
      );
    const at = nowOf(context);
    const actor = actorOf(user);
    await updateAppointment(tx, current.id, {
      paymentStatus,
      paidAt: paymentStatus === 'Paid' ? (current.paidAt ?? at) : current.paidAt,
      paymentHoldExpiresAt: null,
      updatedAt: at,
    });
    return commitChange(context, tx, current.id, {
      actor,
      at,
      history: [{ field: 'paymentStatus', from: current.paymentStatus, to: paymentStatus }],
      event: bookingEvents.paymentStatusChanged,
      extra: { previousPaymentStatus: current.paymentStatus, changedBy: actorMessage(actor) },
    });
  });
}

/** POST /appointments/:id/assign-employee: refused when it would give the employee two places at once. */
export async function assignEmployee(
  context: BookingContext,
  id: string,
  employeeId: string,
  user: AuthUser,
): Promise<AppointmentView> {
  return changeAppointment(context, id, async (tx, current) => {
    if (current.status === 'Cancelled' || current.status === 'Completed')
      throw new AppError(
        422,
        'APPOINTMENT_CLOSED',
        `This appointment is ${current.status.toLowerCase()}; an employee can no longer be assigned.`,
      );
    const employee = await findUser(tx, employeeId);
    if (!employee || employee.role !== 'employee') throw notFound('Employee not found');
    if (employee.id === current.employeeId) return viewOf(tx, current.id);
    const service = await findBookableService(tx, current.serviceId);
    const role = service?.assignedEmployeeRole.trim();
    if (role && employee.employeeRole.toLowerCase() !== role.toLowerCase())
      throw new AppError(
        422,
        'ROLE_MISMATCH',
        `${employee.name} is ${employee.employeeRole ? `a ${employee.employeeRole}` : 'not given an employee role'}; ${current.serviceName} is performed by a ${role}.`,
      );
    const at = nowOf(context);
    const refused = await tx
      .transaction(async (savepoint) => {
        await lockSlot(savepoint, slotOfAppointment(current), null, employee.id);
        await updateAppointment(savepoint, current.id, { employeeId: employee.id, updatedAt: at });
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        if (overlapRefused(error) !== 'employee') throw error;
        return 'busy';
      });
    if (refused)
      throw new AppError(409, 'EMPLOYEE_BUSY', `${employee.name} already has an appointment at that time.`);
    const actor = actorOf(user);
    return commitChange(context, tx, current.id, {
      actor,
      at,
      history: [{ field: 'employee', from: current.employeeId, to: employee.id, note: employee.name }],
      event: bookingEvents.employeeAssigned,
      extra: { previousEmployeeId: current.employeeId ?? '', assignedBy: actorMessage(actor) },
    });
  });
}

/**
 * PUT /appointments/:id/reschedule: the same treatment at another time, in a free room of the same
 * type (its own room when free) and with its employee when they are still free and on shift. The price
 * stays as booked. Customers may move their own appointment until the cancellation notice.
 */
export async function rescheduleAppointment(
  context: BookingContext,
  id: string,
  appointmentDateTime: string,
  user: AuthUser,
): Promise<AppointmentView> {
  const { rules } = context.config;
  const now = nowOf(context);
  const startMs = Date.parse(appointmentDateTime);
  const result = await changeAppointment(context, id, async (tx, current) => {
    if (user.role !== 'admin' && user.id !== current.customerId) throw notFound(APPOINTMENT_NOT_FOUND);
    if (!OPEN_STATUSES.includes(current.status))
      throw new AppError(
        422,
        'APPOINTMENT_CLOSED',
        `This appointment is ${current.status.toLowerCase()} and can no longer be moved.`,
      );
    if (user.role !== 'admin') assertCustomerMayChange(context, current);
    const startIssue = startProblem(startMs, now, rules);
    if (startIssue) throw startIssue;
    if (startMs === current.startsAt.getTime()) return { view: await viewOf(tx, current.id) };
    if (!fitsBusinessHours(startMs, current.durationMinutes, rules))
      throw new AppError(
        422,
        'OUTSIDE_BUSINESS_HOURS',
        businessHoursProblem(current.durationMinutes, rules),
        [{ field: 'appointmentDateTime', message: businessHoursProblem(current.durationMinutes, rules) }],
      );
    const slot = slotOf(startMs, current.durationMinutes, current.cleanupMinutes);
    const rooms = await roomsAt(tx, current.roomType, slot, current.id);
    const service = await findBookableService(tx, current.serviceId);
    const ranked = await rankedFreeEmployees(
      tx,
      rules,
      service?.assignedEmployeeRole ?? '',
      slot,
      current.id,
    );
    const employees = ranked.map((employee) => employee.id);
    if (current.employeeId && employees.includes(current.employeeId))
      employees.unshift(...employees.splice(employees.indexOf(current.employeeId), 1));
    const at = nowOf(context);
    const moved = await allocate(tx, {
      rooms: rooms.free,
      employees,
      slot,
      preferredRoomIds: [current.roomId],
      freeRoomsNow: async () => (await roomsAt(tx, current.roomType, slot, current.id)).free,
      write: (savepoint, { room, employeeId }) =>
        updateAppointment(savepoint, current.id, {
          startsAt: slot.start,
          endsAt: slot.end,
          roomFreeAt: slot.roomFreeAt,
          roomId: room.id,
          roomNumber: room.roomNumber,
          roomLocation: room.location,
          employeeId,
          updatedAt: at,
        }),
    });
    if (!moved) return { noRoom: { rooms: rooms.bookable, slot } };
    // The customer's other appointments may not overlap the new time either (fair holds). Checked
    // after the slot's locks, in the order booking takes them, so a booking and a move cannot deadlock.
    await lockCustomerBookings(tx, current.customerId);
    const others = (await heldAppointments(tx, current.customerId, now)).filter(
      (appointment) => appointment.id !== current.id,
    );
    const overlap = overlapRefusal(others, slot, now, rules.timeZone);
    if (overlap) throw overlap;
    const { allocation } = moved;
    const actor = actorOf(user);
    const history: HistoryInput[] = [
      {
        field: 'schedule',
        from: current.startsAt.toISOString(),
        to: slot.start.toISOString(),
        note: `Moved to ${formatLocalDateTime(startMs, rules.timeZone)}, room ${allocation.room.roomNumber}`,
      },
    ];
    if (allocation.employeeId !== current.employeeId)
      history.push({ field: 'employee', from: current.employeeId, to: allocation.employeeId });
    const view = await commitChange(context, tx, current.id, {
      actor,
      at,
      history,
      event: bookingEvents.rescheduled,
      extra: {
        previousStartMs: BigInt(current.startsAt.getTime()),
        previousEndMs: BigInt(current.endsAt.getTime()),
        previousRoomId: current.roomId,
        rescheduledBy: actorMessage(actor),
      },
    });
    return { view };
  });
  if (result.view) return result.view;
  throw await noRoomAvailable(
    context,
    result.noRoom!.rooms[0]?.type ?? 'matching',
    result.noRoom!.rooms,
    result.noRoom!.slot,
    now,
    id,
  );
}

export interface CapturedPayment {
  providerOrderId: string;
  providerPaymentId: string;
}

/**
 * A verified online payment (commerce's payment.captured event, booking's only way to learn of one): the
 * appointment becomes Paid, once, and only for the provider order it opened. A payment that arrives
 * after its hold ran out reopens the appointment when its room is still free; otherwise (or when it was
 * cancelled for another reason) it stays cancelled, marked Paid, and commerce refunds it.
 */
export async function recordPayment(
  context: BookingContext,
  id: string,
  payment: CapturedPayment,
  within?: Tx,
): Promise<AppointmentView> {
  return changeAppointment(
    context,
    id,
    async (tx, current) => {
      if (current.paymentMethod !== 'online')
        throw new AppError(409, 'NOT_ONLINE_PAYMENT', 'This appointment is not paid online.');
      // Always compared: a payment without the order id this appointment opened is not its payment.
      if (!payment.providerOrderId || current.providerOrderId !== payment.providerOrderId)
        throw new AppError(409, 'PAYMENT_ORDER_MISMATCH', 'This payment belongs to another payment order.');
      if (current.paymentStatus === 'Paid') return viewOf(tx, current.id);
      const at = nowOf(context);
      const history: HistoryInput[] = [];
      if (current.status === 'Cancelled') {
        // Only a hold that ran out is undone by its payment: one the customer or the spa cancelled
        // (perhaps before this event arrived) stays cancelled, and commerce refunds it.
        const expired = current.cancellationReason === 'payment-expired';
        const { reopened } = expired
          ? await reopen(tx, current, 'Pending', { updatedAt: at })
          : { reopened: false };
        history.push(
          !expired
            ? {
                field: 'status',
                from: 'Cancelled',
                to: 'Cancelled',
                note: 'Paid after it was cancelled: refund due',
              }
            : reopened
              ? {
                  field: 'status',
                  from: 'Cancelled',
                  to: 'Pending',
                  note: 'Paid after the payment hold ran out; the slot was still free',
                }
              : {
                  field: 'status',
                  from: 'Cancelled',
                  to: 'Cancelled',
                  note: 'Paid after the payment hold ran out and the slot was taken: refund due',
                },
        );
      }
      await updateAppointment(tx, current.id, {
        paymentStatus: 'Paid',
        paidAt: at,
        providerOrderId: payment.providerOrderId,
        providerPaymentId: payment.providerPaymentId,
        paymentHoldExpiresAt: null,
        updatedAt: at,
      });
      history.push({
        field: 'paymentStatus',
        from: current.paymentStatus,
        to: 'Paid',
        note: `Payment ${payment.providerPaymentId}`,
      });
      return commitChange(context, tx, current.id, {
        actor: SYSTEM_ACTOR,
        at,
        history,
        event: bookingEvents.paymentStatusChanged,
        extra: {
          previousPaymentStatus: current.paymentStatus,
          changedBy: actorMessage(SYSTEM_ACTOR),
          providerOrderId: payment.providerOrderId,
          providerPaymentId: payment.providerPaymentId,
        },
      });
    },
    within,
  );
}

/** A failed online payment attempt: Pending becomes Failed (the customer may still retry and pay). */
export async function recordPaymentFailure(
  context: BookingContext,
  id: string,
  failure: { providerOrderId: string; providerPaymentId: string; reason: string },
  within?: Tx,
): Promise<AppointmentView | undefined> {
  return changeAppointment(
    context,
    id,
    async (tx, current) => {
      if (
        current.paymentMethod !== 'online' ||
        current.paymentStatus !== 'Pending' ||
        current.status === 'Cancelled'
      )
        return undefined;
      const at = nowOf(context);
      await updateAppointment(tx, current.id, { paymentStatus: 'Failed', updatedAt: at });
      return commitChange(context, tx, current.id, {
        actor: SYSTEM_ACTOR,
        at,
        history: [{ field: 'paymentStatus', from: 'Pending', to: 'Failed', note: failure.reason || null }],
        event: bookingEvents.paymentStatusChanged,
        extra: {
          previousPaymentStatus: current.paymentStatus,
          changedBy: actorMessage(SYSTEM_ACTOR),
          providerOrderId: failure.providerOrderId,
          providerPaymentId: failure.providerPaymentId,
        },
      });
    },
    within,
  );
}

export interface RefundOutcome {
  /** Where the payment stands after this refund, as commerce announced it. */
  paymentStatus: 'Refunded' | 'Partially refunded';
  amountPaise: number;
  providerRefundId: string;
}

/**
 * commerce.payment.refunded: booking's mirror of the payment shows Refunded or Partially refunded.
 * Commerce owns the money; this only follows it, and never goes back from Refunded.
 */
export async function recordRefund(
  context: BookingContext,
  id: string,
  refund: RefundOutcome,
  within?: Tx,
): Promise<AppointmentView | undefined> {
  return changeAppointment(
    context,
    id,
    async (tx, current) => {
      if (current.paymentMethod !== 'online') return undefined;
      if (current.paymentStatus === 'Refunded' || current.paymentStatus === refund.paymentStatus)
        return viewOf(tx, current.id);
      const at = nowOf(context);
      await updateAppointment(tx, current.id, { paymentStatus: refund.paymentStatus, updatedAt: at });
      const rupees = (refund.amountPaise / 100).toFixed(2);
      return commitChange(context, tx, current.id, {
        actor: SYSTEM_ACTOR,
        at,
        history: [
          {
            field: 'paymentStatus',
            from: current.paymentStatus,
            to: refund.paymentStatus,
            note: `Refund ${refund.providerRefundId} of ₹${rupees}`,
          },
        ],
        event: bookingEvents.paymentStatusChanged,
        extra: { previousPaymentStatus: current.paymentStatus, changedBy: actorMessage(SYSTEM_ACTOR) },
      });
    },
    within,
  );
}

const HOLDS_PER_TRANSACTION = 50;

/** Releases the online bookings whose payment hold ran out; answers how many were released. */
export async function expireHolds(context: BookingContext): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const expired = await lockExpiredHolds(tx, nowOf(context), HOLDS_PER_TRANSACTION);
      for (const appointment of expired)
        await cancelLocked(context, tx, appointment, SYSTEM_ACTOR, 'payment-expired');
      return expired.length;
    });
    released += batch;
    if (batch < HOLDS_PER_TRANSACTION) return released;
  }
}
