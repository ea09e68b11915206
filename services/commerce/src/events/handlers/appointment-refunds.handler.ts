import type { EventHandler } from '@spa/kit';
import type { bookingV1, events } from '@spa/proto';
import { findPaymentOfAppointment } from '../../db/payments.repository.js';
import type { CommerceContext } from '../../use-cases/context.js';
import { refundInFull, rememberCustomer } from '../../use-cases/refunds.js';

type Appointment = bookingV1.Appointment | undefined;

/**
 * The contract with booking: an appointment that ends up Cancelled with its online payment captured is
 * refunded in full (less what booking says the spa keeps, a late cancellation's fee), whatever cancelled it (its customer within the notice, an admin, a deleted room or
 * account, a hold that ran out before a late payment). Keyed by the appointment, so however many of
 * these events arrive, and whichever path (verify-payment, the webhook) saw it first, it refunds once.
 * The refund is recorded and sent in transactions of its own; one the provider does not answer stays
 * `requested` for the sweeper, so the event is never retried for it.
 */
async function refundCancelled(deps: CommerceContext, appointment: Appointment): Promise<void> {
  if (!appointment || appointment.status !== 'Cancelled' || appointment.paymentMethod !== 'online') return;
  const payment = await findPaymentOfAppointment(deps.db, appointment.id);
  if (payment?.status !== 'captured') return;
  await rememberCustomer(deps, payment.id, {
    email: appointment.customerEmail,
    name: appointment.customerName,
  });
  // A late cancellation keeps the treatment's fee (booking decided it, by the terms the customer
  // booked under); everything else comes back.
  const kept = Number(appointment.keptOnCancellationPaise);
  await refundInFull(deps, payment, 'appointment_cancelled', `appointment_cancelled:${appointment.id}`, {
    paise: kept,
    note: `Late cancellation: ₹${(kept / 100).toFixed(2)} kept`,
  });
}

/** Who an appointment's customer is, for the refund event of a later (admin's) refund to name. */
async function rememberCustomerOf(deps: CommerceContext, appointment: Appointment): Promise<void> {
  if (!appointment?.customerEmail || appointment.paymentMethod !== 'online') return;
  const payment = await findPaymentOfAppointment(deps.db, appointment.id);
  if (payment)
    await rememberCustomer(deps, payment.id, {
      email: appointment.customerEmail,
      name: appointment.customerName,
    });
}

export const appointmentCancelled =
  (deps: CommerceContext): EventHandler<typeof events.appointmentCancelled> =>
  async (_tx, payload) =>
    refundCancelled(deps, payload.appointment);

/**
 * Booking marked an appointment Paid (from commerce.payment.captured): commerce remembers its customer,
 * and refunds a payment recorded on an appointment already cancelled (booking kept it Cancelled: the
 * hold ran out and its slot was taken, "refund due").
 */
export const appointmentPaymentStatusChanged =
  (deps: CommerceContext): EventHandler<typeof events.appointmentPaymentStatusChanged> =>
  async (_tx, payload) => {
    if (payload.appointment?.paymentStatus !== 'Paid') return;
    await rememberCustomerOf(deps, payload.appointment);
    await refundCancelled(deps, payload.appointment);
  };
