import { AppError } from '@spa/kit';
import Razorpay from 'razorpay';
import type { RazorpaySettings } from '../config.js';

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: ProviderPaymentStatus;
  errorDescription?: string;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  /** Our refund id, sent as the refund's receipt. */
  receipt: string | null;
}

/** The provider answered with an error of its own (bad request, bad credentials, unknown id...). */
export class ProviderRefusedError extends Error {
  override name = 'ProviderRefusedError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

/** The provider could not be reached or did not answer in time: the outcome of the call is unknown. */
export class ProviderUnreachableError extends Error {
  override name = 'ProviderUnreachableError';
}

/**
 * What the customer is told when the provider would not open a payment: its own reason when it refused
 * the order (an amount out of its range, say: 422), a plain "try again" when it could not be reached.
 */
export function providerOrderFailure(error: unknown): AppError {
  if (
    error instanceof ProviderRefusedError &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.statusCode !== 401
  )
    return new AppError(
      422,
      'PAYMENT_REFUSED',
      `The payment provider refused this payment: ${error.message}`,
    );
  return new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Failed to initialize payment. Please try again.');
}

/** Every call commerce makes to the payment provider; nothing else in the platform talks to it. */
export interface PaymentProvider {
  createOrder(request: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment>;
  capturePayment(providerPaymentId: string, amountPaise: number, currency: string): Promise<ProviderPayment>;
  paymentsOfOrder(providerOrderId: string): Promise<ProviderPayment[]>;
  refundPayment(
    providerPaymentId: string,
    request: { amountPaise: number; receipt: string; notes: Record<string, string> },
  ): Promise<ProviderRefund>;
  fetchRefund(providerRefundId: string): Promise<ProviderRefund>;
  refundsOfPayment(providerPaymentId: string): Promise<ProviderRefund[]>;
}

interface SdkRefund {
  id: string;
  payment_id: string;
  amount: number | string;
  status: ProviderRefund['status'];
  receipt?: string | null;
}

const toRefund = (refund: SdkRefund): ProviderRefund => ({
  id: refund.id,
  paymentId: refund.payment_id,
  amount: Number(refund.amount),
  status: refund.status,
  receipt: refund.receipt ?? null,
});

interface SdkPayment {
  id: string;
  order_id: string;
  amount: number | string;
  currency: string;
  status: ProviderPaymentStatus;
  error_description?: string | null;
}

const toPayment = (payment: SdkPayment): ProviderPayment => ({
  id: payment.id,
  orderId: payment.order_id,
  amount: Number(payment.amount),
  currency: payment.currency,
  status: payment.status,
  ...(payment.error_description ? { errorDescription: payment.error_description } : {}),
});

/**
 * The SDK rejects with `{ statusCode, error: { code, description } }` when the provider answered, and
 * with a TypeError of its own making when there was no answer at all (its normalizeError reads
 * `err.response.status`); the two are told apart here, once.
 */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const answered = error as { statusCode?: number; error?: { code?: string; description?: string } };
    if (typeof answered?.statusCode === 'number')
      throw new ProviderRefusedError(
        answered.statusCode,
        answered.error?.code ?? 'PROVIDER_ERROR',
        answered.error?.description ?? `the payment provider answered ${answered.statusCode}`,
      );
    throw new ProviderUnreachableError(
      `the payment provider did not answer: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const razorpay = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  // The SDK hard-codes https://api.razorpay.com in its constructor (dist/razorpay.js) and offers no
  // option for another host. Its one axios instance (dist/api.js, `this.rq`) holds the base URL, so
  // setting it here points the unchanged SDK at RAZORPAY_API_URL: the local sandbox in development
  // and tests, Razorpay itself in production. The timeout bounds every call (axios has none by default).
  const http = (razorpay.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  http.defaults.baseURL = settings.apiUrl.replace(/\/$/, '');
  http.defaults.timeout = settings.timeoutMs;

  return {
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await call(() =>
        razorpay.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }),
      );
      return { id: order.id, amount: Number(order.amount), currency: order.currency };
    },
    async fetchPayment(providerPaymentId) {
      return toPayment(await call(() => razorpay.payments.fetch(providerPaymentId)));
    },
    async capturePayment(providerPaymentId, amountPaise, currency) {
      return toPayment(await call(() => razorpay.payments.capture(providerPaymentId, amountPaise, currency)));
    },
    async paymentsOfOrder(providerOrderId) {
      const list = await call(() => razorpay.orders.fetchPayments(providerOrderId));
      return list.items.map((payment) => toPayment(payment as unknown as SdkPayment));
    },
    async refundPayment(providerPaymentId, { amountPaise, receipt, notes }) {
      return toRefund(
        (await call(() =>
          razorpay.payments.refund(providerPaymentId, { amount: amountPaise, receipt, notes }),
        )) as unknown as SdkRefund,
      );
    },
    async fetchRefund(providerRefundId) {
      return toRefund((await call(() => razorpay.refunds.fetch(providerRefundId))) as unknown as SdkRefund);
    },
    async refundsOfPayment(providerPaymentId) {
      const list = await call(() => razorpay.payments.fetchMultipleRefund(providerPaymentId, { count: 100 }));
      return list.items.map((refund) => toRefund(refund as unknown as SdkRefund));
    },
  };
}
