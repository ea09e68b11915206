import { AppError, notFound, type AuthUser } from '@spa/kit';
import { findPaymentByProviderOrder, type Payment } from '../db/payments.repository.js';
import type { CommerceContext } from './context.js';
import type { Order } from '../domain/order.js';
import { isValidPaymentSignature } from '../domain/signature.js';
import {
  verificationFailed,
  captureOnce,
  confirmWithProvider,
  type CaptureOutcome,
} from './payment-capture.js';

export interface VerifyPaymentBody {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** What commerce knows of an appointment it verified the payment of (booking has the rest). */
interface AppointmentAnswer {
  _id: string;
  paymentMethod: 'online';
  paymentStatus: 'Paid';
  paidAt: string;
  providerOrderId: string;
  providerPaymentId: string;
}

export type VerifyAnswer =
  | { success: true; message: string; order: Order }
  | { success: true; message: string; appointment: AppointmentAnswer };

/**
 * POST /orders/verify-payment: the signature (constant time) first, so a forged call learns nothing
 * and changes nothing; then the provider's word; then the capture, once. A repeat answers the same.
 */
export async function verifyPayment(
  deps: CommerceContext,
  user: AuthUser,
  body: VerifyPaymentBody,
): Promise<VerifyAnswer> {
  const { razorpay_order_id: providerOrderId, razorpay_payment_id: providerPaymentId } = body;
  if (
    !isValidPaymentSignature(
      deps.config.razorpay.keySecret,
      providerOrderId,
      providerPaymentId,
      body.razorpay_signature,
    )
  )
    throw verificationFailed('the payment signature is not valid', 400, 'INVALID_SIGNATURE');
  const payment = await findPaymentByProviderOrder(deps.db, providerOrderId);
  if (!payment || (payment.customerId !== user.id && user.role !== 'admin'))
    throw notFound('Payment not found');
  const alreadyThis = payment.status === 'captured' && payment.providerPaymentId === providerPaymentId;
  if (!alreadyThis) await confirmWithProvider(deps, payment, providerPaymentId);
  const outcome = await captureOnce(deps, payment, providerPaymentId);
  return answerVerification(deps, outcome);
}

function answerVerification(deps: CommerceContext, outcome: CaptureOutcome): VerifyAnswer {
  const { payment, order } = outcome;
  const message = 'Payment verified successfully';
  if (order) {
    if (order.status === 'cancelled')
      throw new AppError(
        409,
        'ORDER_CANCELLED',
        'This order was cancelled before your payment arrived; your payment is being refunded in full',
        [{ field: 'orderId', message: order.id }],
      );
    return { success: true, message, order };
  }
  return { success: true, message, appointment: appointmentAnswer(payment) };
}

/**
 * The appointment as commerce knows it, without asking booking: booking learns of the payment from
 * commerce.payment.captured and marks it Paid there. That is certain only when the payment was
 * captured while booking still held the slot for it. A payment captured after the hold may find the
 * slot taken (booking then keeps it Cancelled and commerce refunds it, on booking's event), so the
 * customer is told the payment is safe and the booking not yet confirmed, never shown a confirmation.
 */
function appointmentAnswer(payment: Payment): AppointmentAnswer {
  const appointmentId = payment.appointmentId!;
  const capturedAt = payment.capturedAt ?? new Date();
  if (payment.payableUntil && capturedAt.getTime() > payment.payableUntil.getTime())
    throw new AppError(
      409,
      'BOOKING_NOT_CONFIRMED',
      "Your payment was received after this booking's hold ran out. We will email you when it is confirmed, or refund your payment in full if its time was taken.",
      [{ field: 'appointmentId', message: appointmentId }],
    );
  return {
    _id: appointmentId,
    paymentMethod: 'online',
    paymentStatus: 'Paid',
    paidAt: capturedAt.toISOString(),
    providerOrderId: payment.providerOrderId,
    providerPaymentId: payment.providerPaymentId!,
  };
}
