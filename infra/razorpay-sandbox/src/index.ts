import type { FastifyBaseLogger } from 'fastify';
import { buildSandboxApp } from './app.js';
import type { PaymentLinkPayResult, RazorpayPaymentLink } from './payment-links.js';
import type { CheckoutResult } from './payments.js';
import type { PaymentMethod, PaymentOutcome, RazorpayRefund } from './store.js';

export type { CheckoutFailure, CheckoutResult, CheckoutSuccess } from './payments.js';
export { FAIL_REFUND_NOTE } from './store.js';
export type {
  PaymentLinkPayment,
  PaymentLinkPayResult,
  PaymentLinkStatus,
  RazorpayPaymentLink,
} from './payment-links.js';
export type {
  PaymentMethod,
  PaymentOutcome,
  RazorpayOrder,
  RazorpayPayment,
  RazorpayRefund,
} from './store.js';
export type { PaymentLinkWebhookBody, PaymentWebhookBody, RefundWebhookBody } from './webhooks.js';

export interface RazorpaySandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** 127.0.0.1 unless a container must listen on every interface. */
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where payment webhooks go; none are sent when unset. */
  webhookUrl?: string;
  /**
   * The origin payment links' short_url points at (`<publicUrl>/pl/<id>`); unset, the origin the
   * link was created through, i.e. the URL commerce was given.
   */
  publicUrl?: string;
  /** A logger to write to, or a level for a JSON logger of the sandbox's own; silent when neither. */
  logger?: FastifyBaseLogger;
  logLevel?: string;
  /** Waits before each webhook retry after a failed delivery (default 1 s, 5 s, 30 s). */
  webhookRetryDelaysMs?: number[];
  /** How long a refund stays `pending` before it is processed or fails (default 200 ms). */
  refundProcessingMs?: number;
}

export interface RazorpaySandbox {
  log: FastifyBaseLogger;
  /** e.g. http://127.0.0.1:4010 — the SDK's base URL; checkout.js is at `${url}/v1/checkout.js`. */
  url: string;
  close(): Promise<void>;
  /**
   * Exactly what the modal's Pay ('captured', the default) or Fail ('failed') button does: creates the
   * payment, sends its signed webhook (the first attempt is awaited) and returns what checkout.js hands
   * the page. Throws for an unknown or already paid order.
   */
  pay(providerOrderId: string, outcome?: PaymentOutcome): Promise<CheckoutResult>;
  /** Makes the next `count` (default 1) refunds of a payment fail: the bank refuses them. */
  failRefundsOf(providerPaymentId: string, count?: number): void;
  /**
   * Settles a pending refund now instead of after `refundProcessingMs` and awaits the first attempt
   * of its webhook; a settled refund is answered as it stands.
   */
  settleRefund(refundId: string): Promise<RazorpayRefund>;
  /**
   * Exactly what the payment link page's buttons do: Pay with UPI (the default) or by card, or Fail
   * (`outcome: 'failed'`). Sends `payment.captured` / `payment.failed` and, when paid,
   * `payment_link.paid` (the first attempt of each awaited). Throws for an unknown link or one that is
   * no longer payable (paid, cancelled, expired).
   */
  payPaymentLink(
    linkId: string,
    options?: { method?: PaymentMethod; outcome?: PaymentOutcome },
  ): Promise<PaymentLinkPayResult>;
  /** Makes a waiting payment link expire now, as if its expire_by had passed. */
  expirePaymentLink(linkId: string): RazorpayPaymentLink;
}

export async function startRazorpaySandbox(options: RazorpaySandboxOptions): Promise<RazorpaySandbox> {
  const { app, payments, links, webhooks, store } = await buildSandboxApp(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${urlHost}:${port}`,
    log: app.log,
    pay: (providerOrderId, outcome = 'captured') => payments.pay(providerOrderId, outcome),
    failRefundsOf: (providerPaymentId, count) => store.failRefundsOf(providerPaymentId, count),
    settleRefund: (refundId) => payments.settleRefund(refundId),
    payPaymentLink: (linkId, { method = 'upi', outcome = 'captured' } = {}) =>
      links.pay(linkId, method, outcome),
    expirePaymentLink: (linkId) => structuredClone(links.links.expire(linkId)),
    async close() {
      payments.close();
      webhooks.close();
      await app.close();
    },
  };
}
