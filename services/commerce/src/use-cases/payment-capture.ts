import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import { findOrder, lockOrder, markOrderPaid } from '../db/orders.repository.js';
import {
  lockPayment,
  markPaymentCaptured,
  markPaymentFailed,
  recordAttempt,
  type Payment,
} from '../db/payments.repository.js';
import type { CommerceContext } from './context.js';
import type { Order } from '../domain/order.js';
import { orderEventPayload, paymentEventFields, paymentEventKey } from '../events/publishes.js';
import { ProviderRefusedError, type ProviderPayment } from '../integrations/payment-provider.js';
import { recordRefund, sendRequestedRefunds } from './refunds.js';

/*
 * The capture of a payment, shared by verify-payment, the webhook and the sweeper: the provider's
 * word on a payment, and recording a capture or a failure once.
 */
export interface CaptureOutcome {
  payment: Payment;
  order?: Order;
  /** False when the payment had been captured before: nothing was written this time. */
  changed: boolean;
}

export const verificationFailed = (why: string, status = 400, code = 'PAYMENT_VERIFICATION_FAILED') =>
  new AppError(status, code, `Payment verification failed: ${why}`);

export const providerUnavailable = () =>
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
  deps: CommerceContext,
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

export async function captureOnce(deps: CommerceContext, payment: Payment, providerPaymentId: string) {
  const outcome = await deps.db.transaction((tx) => applyCapture(tx, deps, payment, providerPaymentId));
  if (outcome.payment.refundDue) await sendRequestedRefunds(deps, outcome.payment.id);
  return outcome;
}

/** Records a failed attempt and announces it, once per provider payment; a captured payment ignores it. */
export async function recordFailure(
  deps: CommerceContext,
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
export async function confirmWithProvider(
  deps: CommerceContext,
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
export async function captureAtProvider(
  deps: CommerceContext,
  payment: ProviderPayment,
): Promise<ProviderPayment> {
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
  deps: CommerceContext,
  providerOrderId: string,
): Promise<ProviderPayment | undefined> {
  const attempts = await deps.provider.paymentsOfOrder(providerOrderId);
  const captured = attempts.find((attempt) => attempt.status === 'captured');
  if (captured) return captured;
  const authorised = attempts.find((attempt) => attempt.status === 'authorized');
  return authorised ? captureAtProvider(deps, authorised) : undefined;
}
