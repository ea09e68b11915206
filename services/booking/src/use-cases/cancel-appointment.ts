import { notFound, type AuthUser, type Tx } from '@spa/kit';
import { cancellationFee, depositAtStake } from '@spa/rules';
import { formatRupees } from '../domain/pricing.js';
import { type Actor, type Appointment, type CancellationReason } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { updateAppointment } from '../db/appointment-writes.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { actorOf, nowOf, type BookingContext } from './context.js';
import {
  APPOINTMENT_NOT_FOUND,
  changeAppointment,
  commitChange,
  viewOf,
  assertCustomerMayChange,
} from './appointment-change.js';

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

/** Cancels an appointment already locked in `tx` (the path of every cancellation, the hold sweep's too). */
export async function cancelLocked(
  context: BookingContext,
  tx: Tx,
  current: Appointment,
  actor: Actor,
  reason: CancellationReason,
): Promise<AppointmentView> {
  if (current.status === 'Cancelled') return viewOf(tx, current.id);
  const at = nowOf(context);
  const kept = keptOnCancellation(current, reason, at);
  await updateAppointment(tx, current.id, {
    status: 'Cancelled',
    cancellationReason: reason,
    paymentHoldExpiresAt: null,
    keptOnCancellationPaise: kept,
    updatedAt: at,
  });
  const note = [
    cancellationNote(reason),
    kept > 0 ? `late cancellation: ${formatRupees(kept)} of the deposit kept` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return commitChange(context, tx, current.id, {
    actor,
    at,
    history: [{ field: 'status', from: current.status, to: 'Cancelled', note }],
    event: bookingEvents.cancelled,
    extra: { previousStatus: current.status, cancelledBy: actorMessage(actor), reason },
  });
}

/**
 * What the spa keeps of a paid deposit: the treatment's late-cancellation fee when the customer calls
 * it off inside the window they agreed to; nothing when the spa cancels (or the payment never came).
 * Commerce refunds the rest (the cancelled event carries this).
 */
function keptOnCancellation(current: Appointment, reason: CancellationReason, at: Date): number {
  if (reason !== 'customer') return 0;
  return cancellationFee(current, depositAtStake(current), current.startsAt, at);
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
