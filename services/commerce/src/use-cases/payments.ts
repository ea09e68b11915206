import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, badRequest, conflict, notFound, type AuthUser, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import { sql } from 'drizzle-orm';
import { findOrder, lockOrder, markOrderPaid } from '../db/orders.repository.js';
import {
  findPaymentByProviderOrder,
  findPaymentOfAppointment,
  insertPayment,
  lockPayment,
  markPaymentCaptured,
  markPaymentFailed,
  recordAttempt,
  type Payment,
} from '../db/payments.repository.js';
import type { CommerceDeps } from '../deps.js';
import type { Order } from '../domain/order.js';
import { isValidPaymentSignature, isValidWebhookSignature } from '../domain/signature.js';
import { orderEventPayload, paymentEventFields, paymentEventKey } from '../events/publishes.js';
import {
  providerOrderFailure,
  ProviderRefusedError,
  type ProviderPayment,
} from '../integrations/payment-provider.js';
import { handleRefundWebhook, recordRefund, sendRequestedRefunds } from './refunds.js';

export interface CaptureOutcome {
  payment: Payment;
  order?: Order;
  /** False when the payment had been captured before: nothing was written this time. */
  changed: boolean;
}

const verificationFailed = (why: string, status = 400, code = 'PAYMENT_VERIFICATION_FAILED') =>
  new AppError(status, code, `Payment verification failed: ${why}`);

const providerUnavailable = () =>
  new AppError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'We could not confirm your payment with the payment provider yet. If you were charged, your order will be confirmed shortly.',
  );

/**
 * Records a provider capture, once, inside the caller's transaction. Locks the order before the
 * payment (as every path here does, so two of them never deadlock); a payment already captured is
 * answered as it stands and nothing is written or published again.
 */
export async function applyCapture(
  tx: Tx,
  deps: CommerceDeps,
  payment: Payment,
  providerPaymentId: string,
): Promise<CaptureOutcome> {
  let order = payment.orderId ? await lockOrder(tx, payment.orderId) : undefined;
  const current = (await lockPayment(tx, payment.id))!;
  if (current.status === 'captured') {
    if (current.providerPaymentId !== providerPaymentId)
      deps.logger.error(
        { paymentId: current.id, kept: current.providerPaymentId, second: providerPaymentId },
        'a second provider payment for an already captured payment: refund it',
      );
    return { payment: current, order, changed: false };
  }
  const capturedAt = new Date();
  // Paid after its hold ran out: the stock is gone and the order cancelled, so the money goes back.
  const refundDue = order?.status === 'cancelled';
  await recordAttempt(tx, { providerPaymentId, paymentId: current.id, outcome: 'captured' });
  await markPaymentCaptured(tx, current.id, { providerPaymentId, capturedAt, refundDue });
  const captured: Payment = { ...current, status: 'captured', providerPaymentId, capturedAt, refundDue };
  await deps.publish(tx, events.paymentCaptured, paymentEventKey(captured), {
    ...paymentEventFields(captured, providerPaymentId),
    capturedAt: timestampFromDate(capturedAt),
  });
  if (order?.status === 'pending_payment') {
    await markOrderPaid(tx, order.id, capturedAt);
    order = (await findOrder(tx, order.id))!;
    await deps.publish(tx, events.orderPaid, order.id, {
      order: orderEventPayload(order),
      paymentId: captured.id,
      providerPaymentId,
      collectedOnDelivery: false,
    });
  } else if (refundDue) {
    // Recorded with the capture, so the refund cannot be forgotten; sent once this commits.
    await recordRefund(tx, captured.id, {
      reason: 'late_payment',
      idempotencyKey: `order_cancelled:${order!.id}`,
    });
    deps.logger.warn(
      { orderId: order!.id, paymentId: captured.id },
      'payment captured for a cancelled order: refunding it',
    );
  }
  return { payment: captured, order, changed: true };
}

async function captureOnce(deps: CommerceDeps, payment: Payment, providerPaymentId: string) {
  const outcome = await deps.db.transaction((tx) => applyCapture(tx, deps, payment, providerPaymentId));
  if (outcome.payment.refundDue) await sendRequestedRefunds(deps, outcome.payment.id);
  return outcome;
}

/** Records a failed attempt and announces it, once per provider payment; a captured payment ignores it. */
export async function recordFailure(
  deps: CommerceDeps,
  payment: Payment,
  providerPaymentId: string,
  reason: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (payment.orderId) await lockOrder(tx, payment.orderId);
    const current = (await lockPayment(tx, payment.id))!;
    if (current.status === 'captured') return false;
    if (!(await recordAttempt(tx, { providerPaymentId, paymentId: current.id, outcome: 'failed', reason })))
      return false;
    if (current.status !== 'expired') await markPaymentFailed(tx, current.id, reason);
    await deps.publish(tx, events.paymentFailed, paymentEventKey(current), {
      ...paymentEventFields(current, providerPaymentId),
      failedAt: timestampFromDate(new Date()),
      reason,
    });
    return true;
  });
}

/**
 * Asks the provider for the payment the browser reported: it must belong to this provider order, be
 * for the full amount and be captured (an authorised one is captured here, for accounts without
 * auto-capture).
 */
async function confirmWithProvider(
  deps: CommerceDeps,
  payment: Payment,
  providerPaymentId: string,
): Promise<ProviderPayment> {
  let remote: ProviderPayment;
  try {
    remote = await deps.provider.fetchPayment(providerPaymentId);
    if (remote.orderId !== payment.providerOrderId)
      throw verificationFailed('the payment belongs to another order');
    if (remote.amount !== payment.amountPaise)
      throw verificationFailed('the amount paid does not match', 422, 'PAYMENT_AMOUNT_MISMATCH');
    if (remote.status === 'authorized') remote = await captureAtProvider(deps, remote);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ProviderRefusedError && error.statusCode < 500)
      throw verificationFailed('the payment provider does not know this payment');
    deps.logger.warn({ err: error, providerPaymentId }, 'could not confirm a payment with the provider');
    throw providerUnavailable();
  }
  if (remote.status === 'failed') {
    await recordFailure(deps, payment, remote.id, remote.errorDescription ?? 'Payment failed');
    throw verificationFailed('the payment did not go through', 422, 'PAYMENT_FAILED');
  }
  if (remote.status !== 'captured' && remote.status !== 'refunded')
    throw verificationFailed('the payment is not complete yet', 422, 'PAYMENT_NOT_COMPLETE');
  return remote;
}

/** Captures an authorised payment; a capture refused because it already happened is read back instead. */
async function captureAtProvider(deps: CommerceDeps, payment: ProviderPayment): Promise<ProviderPayment> {
  try {
    return await deps.provider.capturePayment(payment.id, payment.amount, payment.currency);
  } catch (error) {
    if (!(error instanceof ProviderRefusedError)) throw error;
    const again = await deps.provider.fetchPayment(payment.id);
    if (again.status === 'captured') return again;
    throw error;
  }
}

/** Finds a captured (or, once captured here, authorised) payment of a provider order, if there is one. */
export async function capturedAtProvider(
  deps: CommerceDeps,
  providerOrderId: string,
): Promise<ProviderPayment | undefined> {
  const attempts = await deps.provider.paymentsOfOrder(providerOrderId);
  const captured = attempts.find((attempt) => attempt.status === 'captured');
  if (captured) return captured;
  const authorised = attempts.find((attempt) => attempt.status === 'authorized');
  return authorised ? captureAtProvider(deps, authorised) : undefined;
}

export interface VerifyPaymentBody {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** What commerce knows of an appointment it verified the payment of (booking has the rest). */
export interface AppointmentAnswer {
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
  deps: CommerceDeps,
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

async function answerVerification(deps: CommerceDeps, outcome: CaptureOutcome): Promise<VerifyAnswer> {
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

interface WebhookPaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  error_description?: unknown;
}

/**
 * POST /payments/webhook: the provider's own report, for a customer who closed the page after paying.
 * The signature covers the raw body; anything about a payment we do not know is acknowledged and
 * ignored (the provider would otherwise retry it for days).
 */
export async function handleWebhook(
  deps: CommerceDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ status: string }> {
  if (!signature || !isValidWebhookSignature(deps.config.razorpay.webhookSecret, rawBody, signature))
    throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid');
  let body: {
    event?: unknown;
    payload?: { payment?: { entity?: WebhookPaymentEntity }; refund?: { entity?: Record<string, unknown> } };
  };
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The webhook body is not valid JSON');
  }
  if (typeof body?.event === 'string' && body.event.startsWith('refund.'))
    return handleRefundWebhook(deps, body.event, body.payload?.refund?.entity ?? {});
  const entity = body?.payload?.payment?.entity;
  if (!entity || typeof entity.id !== 'string' || typeof entity.order_id !== 'string')
    return { status: 'ignored' };
  const payment = await findPaymentByProviderOrder(deps.db, entity.order_id);
  if (!payment) return { status: 'ignored' };

  if (body.event === 'payment.failed') {
    const reason = typeof entity.error_description === 'string' ? entity.error_description : 'Payment failed';
    return {
      status: (await recordFailure(deps, payment, entity.id, reason)) ? 'recorded' : 'already-recorded',
    };
  }
  if (body.event !== 'payment.captured' && body.event !== 'payment.authorized') return { status: 'ignored' };
  if (Number(entity.amount) !== payment.amountPaise) {
    deps.logger.error(
      { paymentId: payment.id, amount: entity.amount },
      'webhook amount does not match the payment',
    );
    return { status: 'ignored' };
  }
  if (body.event === 'payment.authorized') {
    try {
      await captureAtProvider(deps, {
        id: entity.id,
        orderId: entity.order_id,
        amount: payment.amountPaise,
        currency: payment.currency,
        status: 'authorized',
      });
    } catch (error) {
      deps.logger.warn({ err: error, paymentId: payment.id }, 'could not capture an authorised payment yet');
      throw providerUnavailable();
    }
  }
  const outcome = await captureOnce(deps, payment, entity.id);
  return { status: outcome.changed ? 'captured' : 'already-captured' };
}

export interface AppointmentPaymentRequest {
  appointmentId: string;
  customerId: string;
  amountPaise: number;
  description?: string;
  /** ISO time booking's hold on the slot runs out. */
  payableUntil?: string;
}

/**
 * The internal API for booking: one provider order per appointment. Calls for one appointment take
 * turns (a transaction-scoped advisory lock), so a retried or doubled call gets the same provider
 * order back instead of a second one.
 */
export async function createAppointmentPayment(
  deps: CommerceDeps,
  request: AppointmentPaymentRequest,
): Promise<{ payment: Payment; created: boolean }> {
  if (!deps.config.onlinePaymentsEnabled)
    throw new AppError(503, 'PAYMENTS_UNAVAILABLE', 'Payment service not available. Please try again later.');
  return deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`appointment:${request.appointmentId}`}, 0))`,
    );
    const existing = await findPaymentOfAppointment(tx, request.appointmentId);
    if (existing) {
      if (existing.amountPaise !== request.amountPaise || existing.customerId !== request.customerId)
        throw conflict(
          `Appointment ${request.appointmentId} already has a payment for another amount or customer`,
        );
      return { payment: existing, created: false };
    }
    const paymentId = randomUUID();
    let providerOrderId: string;
    let currency: string;
    try {
      ({ id: providerOrderId, currency } = await deps.provider.createOrder({
        amountPaise: request.amountPaise,
        receipt: request.appointmentId.slice(0, 40),
        notes: { purpose: 'appointment', appointmentId: request.appointmentId, paymentId },
      }));
    } catch (error) {
      deps.logger.error(
        { err: error, appointmentId: request.appointmentId },
        'the payment provider did not create an order',
      );
      throw providerOrderFailure(error);
    }
    const payment = await insertPayment(tx, {
      id: paymentId,
      purpose: 'appointment',
      appointmentId: request.appointmentId,
      customerId: request.customerId,
      amountPaise: request.amountPaise,
      currency,
      description: request.description,
      providerOrderId,
      payableUntil: request.payableUntil ? new Date(request.payableUntil) : null,
    });
    return { payment, created: true };
  });
}
