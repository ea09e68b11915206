import { paymentSignature } from './signatures.js';
import type { PayerDetails, PaymentOutcome, RazorpayPayment, SandboxStore } from './store.js';
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

const EVENT_OF_STATUS: Record<RazorpayPayment['status'], PaymentEvent> = {
  authorized: 'payment.authorized',
  captured: 'payment.captured',
  failed: 'payment.failed',
};

/** The one path every payment takes, whether from the modal's buttons or from `pay()` in a test. */
export class PaymentFlow {
  constructor(
    private readonly store: SandboxStore,
    private readonly webhooks: WebhookSender,
    private readonly keySecret: string,
  ) {}

  async pay(orderId: string, outcome: PaymentOutcome, payer?: PayerDetails): Promise<CheckoutResult> {
    const payment = this.store.attemptPayment(orderId, outcome, payer);
    await this.webhooks.send(EVENT_OF_STATUS[payment.status], payment);
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
