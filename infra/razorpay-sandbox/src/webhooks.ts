import type { FastifyBaseLogger } from 'fastify';
import { razorpayId, unixSeconds } from './ids.js';
import { hmacSha256Hex } from './signatures.js';
import type { RazorpayPaymentLink } from './payment-links.js';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from './store.js';

export type PaymentEvent = 'payment.authorized' | 'payment.captured' | 'payment.failed';
export type RefundEvent = 'refund.processed' | 'refund.failed';

/** Razorpay's webhook envelope for a payment event. */
export interface PaymentWebhookBody {
  entity: 'event';
  account_id: string;
  event: PaymentEvent;
  contains: ['payment'];
  payload: { payment: { entity: RazorpayPayment } };
  created_at: number;
}

/** Razorpay's webhook envelope for a refund event: the refund and its payment as they stand. */
export interface RefundWebhookBody {
  entity: 'event';
  account_id: string;
  event: RefundEvent;
  contains: ['refund', 'payment'];
  payload: { refund: { entity: RazorpayRefund }; payment: { entity: RazorpayPayment } };
  created_at: number;
}

/** Razorpay's webhook envelope for a paid payment link: the link, its order and the payment. */
export interface PaymentLinkWebhookBody {
  entity: 'event';
  account_id: string;
  event: 'payment_link.paid';
  contains: ['payment_link', 'order', 'payment'];
  payload: {
    payment_link: { entity: RazorpayPaymentLink };
    order: { entity: RazorpayOrder };
    payment: { entity: RazorpayPayment };
  };
  created_at: number;
}

export interface WebhookSenderOptions {
  url?: string;
  secret: string;
  accountId: string;
  logger: FastifyBaseLogger;
  /** Waits before each retry of a failed delivery (Razorpay retries for a day; a sandbox, briefly). */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];

/**
 * Sends signed webhooks: X-Razorpay-Signature is the hex HMAC-SHA256 of the exact body bytes with the
 * webhook secret. Any answer but 2xx counts as a failed delivery and is retried later, as Razorpay does.
 */
export class WebhookSender {
  private readonly pendingRetries = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Resolves after the first attempt (whatever its result); retries continue in the background. */
  async send(event: PaymentEvent, payment: RazorpayPayment): Promise<void> {
    const body: PaymentWebhookBody = {
      entity: 'event',
      account_id: this.options.accountId,
      event,
      contains: ['payment'],
      // A snapshot: a later capture must not change what this event said.
      payload: { payment: { entity: structuredClone(payment) } },
      created_at: unixSeconds(),
    };
    await this.post(body);
  }

  async sendRefund(event: RefundEvent, refund: RazorpayRefund, payment: RazorpayPayment): Promise<void> {
    const body: RefundWebhookBody = {
      entity: 'event',
      account_id: this.options.accountId,
      event,
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: structuredClone(refund) },
        payment: { entity: structuredClone(payment) },
      },
      created_at: unixSeconds(),
    };
    await this.post(body);
  }

  async sendPaymentLinkPaid(
    link: RazorpayPaymentLink,
    order: RazorpayOrder,
    payment: RazorpayPayment,
  ): Promise<void> {
    const body: PaymentLinkWebhookBody = {
      entity: 'event',
      account_id: this.options.accountId,
      event: 'payment_link.paid',
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: structuredClone(link) },
        order: { entity: structuredClone(order) },
        payment: { entity: structuredClone(payment) },
      },
      created_at: unixSeconds(),
    };
    await this.post(body);
  }

  private async post(body: PaymentWebhookBody | RefundWebhookBody | PaymentLinkWebhookBody): Promise<void> {
    if (!this.options.url || this.closed) return;
    await this.deliver(this.options.url, JSON.stringify(body), razorpayId('evt'), 0);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.pendingRetries) clearTimeout(timer);
    this.pendingRetries.clear();
  }

  private async deliver(url: string, rawBody: string, eventId: string, attempt: number): Promise<void> {
    const log = this.options.logger.child({ webhook: url, eventId, attempt: attempt + 1 });
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacSha256Hex(this.options.secret, rawBody),
          'x-razorpay-event-id': eventId,
          'user-agent': 'Razorpay-Webhook/v1 (sandbox)',
        },
        body: rawBody,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
      await response.body?.cancel();
      if (response.ok) {
        log.info({ status: response.status }, 'webhook delivered');
        return;
      }
      log.warn({ status: response.status }, 'webhook refused');
    } catch (error) {
      log.warn({ err: error }, 'webhook not delivered');
    }
    this.scheduleRetry(url, rawBody, eventId, attempt);
  }

  private scheduleRetry(url: string, rawBody: string, eventId: string, attempt: number): void {
    const delay = (this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)[attempt];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.pendingRetries.delete(timer);
      void this.deliver(url, rawBody, eventId, attempt + 1);
    }, delay);
    timer.unref();
    this.pendingRetries.add(timer);
  }
}
