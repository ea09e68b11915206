import type { FastifyBaseLogger } from 'fastify';
import { buildSandboxApp } from './app.js';
import type { CheckoutResult } from './payments.js';
import type { PaymentOutcome } from './store.js';

export type { CheckoutFailure, CheckoutResult, CheckoutSuccess } from './payments.js';
export type { PaymentOutcome, RazorpayOrder, RazorpayPayment } from './store.js';
export type { PaymentWebhookBody } from './webhooks.js';

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
  /** A logger to write to, or a level for a JSON logger of the sandbox's own; silent when neither. */
  logger?: FastifyBaseLogger;
  logLevel?: string;
  /** Waits before each webhook retry after a failed delivery (default 1 s, 5 s, 30 s). */
  webhookRetryDelaysMs?: number[];
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
}

export async function startRazorpaySandbox(options: RazorpaySandboxOptions): Promise<RazorpaySandbox> {
  const { app, payments, webhooks } = await buildSandboxApp(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${urlHost}:${port}`,
    log: app.log,
    pay: (providerOrderId, outcome = 'captured') => payments.pay(providerOrderId, outcome),
    async close() {
      webhooks.close();
      await app.close();
    },
  };
}
