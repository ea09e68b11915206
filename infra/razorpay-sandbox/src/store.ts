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
  status: 'authorized' | 'captured' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'upi';
  amount_refunded: number;
  refund_status: null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string;
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

export interface PayerDetails {
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
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: payer.description ?? null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: succeeded ? SUCCESS_VPA : FAILURE_VPA,
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
}
