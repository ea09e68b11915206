import { AppError, badRequest } from '@spa/kit';
import { findPaymentByProviderOrder } from '../db/payments.repository.js';
import type { CommerceContext } from './context.js';
import { isValidWebhookSignature } from '../domain/signature.js';
import { handleRefundWebhook } from './refunds.js';
import { followUpSaleRefund } from './sale-refunds.js';
import { providerUnavailable, captureOnce, captureAtProvider, recordFailure } from './payment-capture.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  deps: CommerceContext,
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
    body = JSON.parse(rawBody.toString('utf8')) as typeof body;
  } catch {
    throw badRequest('The webhook body is not valid JSON');
  }
  if (typeof body?.event === 'string' && body.event.startsWith('refund.')) {
    const refund = body.payload?.refund?.entity ?? {};
    const answer = await handleRefundWebhook(deps, body.event, refund);
    // Not an online payment's refund: a counter sale's, whose receipt is the sale refund's id.
    if (answer.status !== 'ignored' || typeof refund.receipt !== 'string' || !UUID.test(refund.receipt))
      return answer;
    const saleRefund = await followUpSaleRefund(deps, refund.receipt);
    return { status: saleRefund ? `sale-refund-${saleRefund.status}` : 'ignored' };
  }
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
