import { badRequestError, unknownIdError } from './errors.js';
import { razorpayId, unixSeconds } from './ids.js';

export type Notes = Record<string, string | number>;

/** The order entity as Razorpay returns it (node_modules/razorpay/dist/types/orders.d.ts). */
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  // Razorpay serialises empty notes as an empty array.
  notes: Notes | [];
  created_at: number;
}

/** The payment entity as Razorpay returns it (node_modules/razorpay/dist/types/payments.d.ts). */
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  /** `refunded` once the whole amount went back (Razorpay's own state). */
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  /** The UPI handle of a UPI payment; null for a card. */
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: { rrn?: string };
  created_at: number;
}

export type PaymentOutcome = 'captured' | 'failed';

/** The methods a customer can choose on the sandbox's pages (Razorpay has more). */
export type PaymentMethod = 'upi' | 'card';

/** The refund entity as Razorpay returns it (node_modules/razorpay/dist/types/refunds.d.ts). */
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
}

export type RefundOutcome = 'processed' | 'failed';

/** A note that makes the sandbox fail the refund it is sent with (tests of the failure path). */
export const FAIL_REFUND_NOTE = 'sandbox_refund_outcome';

export interface PayerDetails {
  /** UPI unless given: what checkout's Pay button and the existing tests have always meant. */
  method?: PaymentMethod;
  email?: string;
  contact?: string;
  description?: string;
  notes?: Notes;
}

interface StoredOrder {
  order: RazorpayOrder;
  manualCapture: boolean;
}

// Razorpay's test-mode UPI handles: one always succeeds, the other always fails.
const SUCCESS_VPA = 'success@razorpay';
const FAILURE_VPA = 'failure@razorpay';
const FAILED_PAYMENT = {
  error_code: 'BAD_REQUEST_ERROR',
  error_description: 'Payment failed because the customer chose Fail in the sandbox checkout.',
  error_source: 'customer',
  error_step: 'payment_authentication',
  error_reason: 'payment_failed',
} as const;

function notesOrEmpty(notes: Notes): Notes | [] {
  return Object.keys(notes).length > 0 ? notes : [];
}

/** Razorpay's fee: 2 % of the amount, of which GST (18 %) is the tax part. */
function feeOf(amount: number): { fee: number; tax: number } {
  const fee = Math.round(amount * 0.02);
  return { fee, tax: Math.round((fee * 18) / 118) };
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
}

/** The sandbox's state: in memory only, gone when it stops, like a throwaway test account. */
export class SandboxStore {
  private readonly orders = new Map<string, StoredOrder>();
  private readonly payments = new Map<string, RazorpayPayment>();
  private readonly refunds = new Map<string, RazorpayRefund>();
  /** Payments whose next refunds fail (test control): payment id → how many more to fail. */
  private readonly failingRefunds = new Map<string, number>();

  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string | null;
    notes: Notes;
    manualCapture: boolean;
  }): RazorpayOrder {
    const order: RazorpayOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: notesOrEmpty(input.notes),
      created_at: unixSeconds(),
    };
    this.orders.set(order.id, { order, manualCapture: input.manualCapture });
    return order;
  }

  order(orderId: string): RazorpayOrder {
    const stored = this.orders.get(orderId);
    if (!stored) throw unknownIdError();
    return stored.order;
  }

  payment(paymentId: string): RazorpayPayment {
    const payment = this.payments.get(paymentId);
    if (!payment) throw unknownIdError();
    return payment;
  }

  /** Newest first, as Razorpay lists them (the map keeps creation order). */
  paymentsOf(orderId: string): RazorpayPayment[] {
    this.order(orderId);
    return [...this.payments.values()].filter((payment) => payment.order_id === orderId).reverse();
  }

  /**
   * One payment attempt against an order: captured at once (auto-capture, the account default),
   * authorized for an order created with `payment.capture = 'manual'`, or failed.
   */
  attemptPayment(orderId: string, outcome: PaymentOutcome, payer: PayerDetails = {}): RazorpayPayment {
    const stored = this.orders.get(orderId);
    if (!stored) throw unknownIdError();
    const { order } = stored;
    if (order.status === 'paid') throw badRequestError('Order has already been paid.', 'order_id');
    if (this.paymentsOf(orderId).some((payment) => payment.status === 'authorized'))
      throw badRequestError('Order already has an authorized payment awaiting capture.', 'order_id');

    const succeeded = outcome === 'captured';
    const method = payer.method ?? 'upi';
    const status = succeeded ? (stored.manualCapture ? 'authorized' : 'captured') : 'failed';
    const payment: RazorpayPayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: payer.description ?? null,
      card_id: method === 'card' ? razorpayId('card') : null,
      bank: null,
      wallet: null,
      vpa: method === 'card' ? null : succeeded ? SUCCESS_VPA : FAILURE_VPA,
      email: payer.email ?? 'void@razorpay.com',
      contact: payer.contact ?? '+919000090000',
      // Our payments carry the order's notes too, so a webhook alone tells whose payment it is.
      notes: notesOrEmpty({ ...(Array.isArray(order.notes) ? {} : order.notes), ...payer.notes }),
      ...(status === 'captured' ? feeOf(order.amount) : { fee: null, tax: null }),
      ...(succeeded
        ? {
            error_code: null,
            error_description: null,
            error_source: null,
            error_step: null,
            error_reason: null,
          }
        : FAILED_PAYMENT),
      acquirer_data: succeeded ? { rrn: randomDigits(12) } : {},
      created_at: unixSeconds(),
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    if (status === 'captured') this.markPaid(order);
    else order.status = 'attempted';
    return payment;
  }

  /** POST /payments/:id/capture: only an authorized payment, for its full amount and currency. */
  capture(paymentId: string, amount: number, currency: string): RazorpayPayment {
    const payment = this.payment(paymentId);
    if (payment.status === 'captured') throw badRequestError('This payment has already been captured');
    if (payment.status !== 'authorized')
      throw badRequestError('Only payments which have been authorized and not refunded can be captured');
    if (amount !== payment.amount)
      throw badRequestError('Capture amount must be equal to the amount authorized', 'amount');
    if (currency !== payment.currency)
      throw badRequestError('Currency should be same as payment currency', 'currency');
    Object.assign(payment, { status: 'captured', captured: true, ...feeOf(payment.amount) });
    this.markPaid(this.order(payment.order_id));
    return payment;
  }

  private markPaid(order: RazorpayOrder): void {
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
  }

  /**
   * POST /payments/:id/refund: only a captured payment, for at most what is left of it (the whole rest
   * when no amount is given). The refund starts `pending`, and its amount counts as refunded at once,
   * as on Razorpay, so a second request cannot refund the same money twice.
   */
  createRefund(
    paymentId: string,
    input: { amount?: number; notes: Notes; receipt: string | null; speed: 'normal' | 'optimum' },
  ): RazorpayRefund {
    const payment = this.payment(paymentId);
    if (payment.status === 'refunded') throw badRequestError('The payment has been fully refunded already');
    if (payment.status !== 'captured')
      throw badRequestError('Only captured payments can be refunded', 'payment_id');
    const left = payment.amount - payment.amount_refunded;
    const amount = input.amount ?? left;
    if (amount > left)
      throw badRequestError(
        'The refund amount provided is greater than amount captured or the amount left to refund',
        'amount',
      );
    const refund: RazorpayRefund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notesOrEmpty(input.notes),
      receipt: input.receipt,
      acquirer_data: { arn: null },
      created_at: unixSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: input.speed,
    };
    this.refunds.set(refund.id, refund);
    this.applyRefunded(payment, amount);
    return refund;
  }

  refund(refundId: string): RazorpayRefund {
    const refund = this.refunds.get(refundId);
    if (!refund) throw unknownIdError();
    return refund;
  }

  /** Newest first, as Razorpay lists them. */
  refundsOf(paymentId: string): RazorpayRefund[] {
    this.payment(paymentId);
    return [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId).reverse();
  }

  /** Makes the next `count` refunds of a payment fail (a test's control). */
  failRefundsOf(paymentId: string, count = 1): void {
    this.payment(paymentId);
    this.failingRefunds.set(paymentId, (this.failingRefunds.get(paymentId) ?? 0) + count);
  }

  /** What the bank says about a pending refund, decided when it was asked for. */
  outcomeOf(refund: RazorpayRefund): RefundOutcome {
    const notes = Array.isArray(refund.notes) ? {} : refund.notes;
    if (notes[FAIL_REFUND_NOTE] === 'failed') return 'failed';
    const failing = this.failingRefunds.get(refund.payment_id) ?? 0;
    if (failing > 0) {
      if (failing === 1) this.failingRefunds.delete(refund.payment_id);
      else this.failingRefunds.set(refund.payment_id, failing - 1);
      return 'failed';
    }
    return 'processed';
  }

  /** Settles a pending refund; a failed one gives its amount back to the payment's refundable rest. */
  settleRefund(refundId: string, outcome: RefundOutcome): RazorpayRefund {
    const refund = this.refund(refundId);
    if (refund.status !== 'pending') return refund;
    refund.status = outcome;
    if (outcome === 'processed') refund.acquirer_data = { arn: randomDigits(12) };
    else this.applyRefunded(this.payment(refund.payment_id), -refund.amount);
    return refund;
  }

  private applyRefunded(payment: RazorpayPayment, delta: number): void {
    payment.amount_refunded += delta;
    const full = payment.amount_refunded === payment.amount;
    payment.refund_status = payment.amount_refunded === 0 ? null : full ? 'full' : 'partial';
    payment.status = full ? 'refunded' : 'captured';
  }
}
