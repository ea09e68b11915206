import { paymentSignature } from './signatures.js';
import type { RefundInput } from './order-input.js';
import type { PayerDetails, PaymentOutcome, RazorpayPayment, RazorpayRefund, SandboxStore } from './store.js';
import type { PaymentEvent, WebhookSender } from './webhooks.js';

/** What checkout.js hands the page's `handler` after a successful payment. */
export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** What checkout.js hands the page's `payment.failed` listeners. */
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

export type CheckoutResult = CheckoutSuccess | CheckoutFailure;

const EVENT_OF_STATUS: Record<Exclude<RazorpayPayment['status'], 'refunded'>, PaymentEvent> = {
  authorized: 'payment.authorized',
  captured: 'payment.captured',
  failed: 'payment.failed',
};

/** The one path every payment takes, whether from the modal's buttons or from `pay()` in a test. */
export class PaymentFlow {
  private readonly pendingRefunds = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly store: SandboxStore,
    private readonly webhooks: WebhookSender,
    private readonly keySecret: string,
    /** How long a refund stays `pending` before the bank's answer (processed or failed) comes. */
    private readonly refundProcessingMs = 200,
  ) {}

  /**
   * A refund is answered `pending`; its outcome comes later, as on Razorpay: after
   * `refundProcessingMs` it becomes `processed` (or `failed`, when a test asked for that) and its
   * `refund.processed` / `refund.failed` webhook is sent.
   */
  refund(paymentId: string, input: RefundInput): RazorpayRefund {
    const refund = this.store.createRefund(paymentId, input);
    const answer = structuredClone(refund);
    const timer = setTimeout(() => {
      this.pendingRefunds.delete(refund.id);
      void this.settleRefund(refund.id);
    }, this.refundProcessingMs);
    timer.unref();
    this.pendingRefunds.set(refund.id, timer);
    return answer;
  }

  /** Settles a pending refund at once (what the timer does), sending its webhook; awaited by tests. */
  async settleRefund(refundId: string): Promise<RazorpayRefund> {
    const timer = this.pendingRefunds.get(refundId);
    if (timer) clearTimeout(timer);
    this.pendingRefunds.delete(refundId);
    const pending = this.store.refund(refundId);
    if (pending.status !== 'pending') return pending;
    const refund = this.store.settleRefund(refundId, this.store.outcomeOf(pending));
    await this.webhooks.sendRefund(
      refund.status === 'processed' ? 'refund.processed' : 'refund.failed',
      refund,
      this.store.payment(refund.payment_id),
    );
    return refund;
  }

  close(): void {
    for (const timer of this.pendingRefunds.values()) clearTimeout(timer);
    this.pendingRefunds.clear();
  }

  async pay(orderId: string, outcome: PaymentOutcome, payer?: PayerDetails): Promise<CheckoutResult> {
    const payment = this.store.attemptPayment(orderId, outcome, payer);
    await this.webhooks.send(EVENT_OF_STATUS[payment.status as keyof typeof EVENT_OF_STATUS], payment);
    return payment.status === 'failed' ? failureOf(payment) : this.successOf(payment);
  }

  async capture(paymentId: string, amount: number, currency: string): Promise<RazorpayPayment> {
    const payment = this.store.capture(paymentId, amount, currency);
    await this.webhooks.send('payment.captured', payment);
    return payment;
  }

  private successOf(payment: RazorpayPayment): CheckoutSuccess {
    return {
      razorpay_order_id: payment.order_id,
      razorpay_payment_id: payment.id,
      razorpay_signature: paymentSignature(this.keySecret, payment.order_id, payment.id),
    };
  }
}

function failureOf(payment: RazorpayPayment): CheckoutFailure {
  return {
    error: {
      code: payment.error_code ?? 'BAD_REQUEST_ERROR',
      description: payment.error_description ?? 'Payment failed',
      source: payment.error_source ?? 'customer',
      step: payment.error_step ?? 'payment_authentication',
      reason: payment.error_reason ?? 'payment_failed',
      metadata: { order_id: payment.order_id, payment_id: payment.id },
    },
  };
}
