import { AppError, type AuthUser, type Tx } from '@spa/kit';
import { SYSTEM_ACTOR, type PaymentStatus } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { updateAppointment, type HistoryInput } from '../db/appointment-writes.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { actorOf, nowOf, type BookingContext } from './context.js';
import { changeAppointment, commitChange, viewOf, reopen } from './appointment-change.js';

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
      // An appointment that knows no order id is one a restored database got back from booking's own
      // events, which never carry it (recover-appointments.ts): commerce opened the event's order for
      // this appointment alone, so its payment is this appointment's (refused, a customer who paid
      // would be left with an unpaid booking after a restore).
      if (
        !payment.providerOrderId ||
        (current.providerOrderId !== null && current.providerOrderId !== payment.providerOrderId)
      )
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
