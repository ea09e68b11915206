import { badRequestError, unknownIdError } from './errors.js';
import { razorpayId, unixSeconds } from './ids.js';
import type { PaymentLinkCustomer, PaymentLinkInput } from './payment-link-input.js';
import { hmacSha256Hex } from './signatures.js';
import type {
  Notes,
  PaymentMethod,
  PaymentOutcome,
  RazorpayOrder,
  RazorpayPayment,
  SandboxStore,
} from './store.js';
import type { WebhookSender } from './webhooks.js';

export type PaymentLinkStatus = 'created' | 'paid' | 'cancelled' | 'expired';

/** One payment made through a link, as the link's `payments` lists it. */
export interface PaymentLinkPayment {
  amount: number;
  created_at: number;
  method: PaymentMethod;
  payment_id: string;
  plink_id: string;
  status: 'captured' | 'failed';
  updated_at: number;
}

/**
 * The standard payment link entity as Razorpay returns it (node_modules/razorpay/dist/types/paymentLink.d.ts
 * and the API reference): 0 and '' where Razorpay has no value, `payments` null until the first payment,
 * `order_id` once the customer has tried to pay.
 */
export interface RazorpayPaymentLink {
  id: string;
  accept_partial: false;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: PaymentLinkCustomer;
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: 0;
  notes: Notes | null;
  notify: { email: boolean; sms: boolean; whatsapp: boolean };
  order_id?: string;
  payments: PaymentLinkPayment[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: [];
  short_url: string;
  status: PaymentLinkStatus;
  updated_at: number;
  upi_link: boolean;
  user_id: string;
}

/** GET /v1/payment_links filters (the SDK's `paymentLink.all` always sends count and skip). */
export interface PaymentLinkQuery {
  reference_id?: string;
  payment_id?: string;
  from?: string;
  to?: string;
  count?: string;
  skip?: string;
}

export interface PaymentLinkPayResult {
  payment_link: RazorpayPaymentLink;
  payment: RazorpayPayment;
  /** Where the customer's browser goes next when the link has a callback_url (Razorpay's query). */
  callback: string | null;
}

const MAX_COUNT = 100;

function integerParam(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequestError('The count and skip must be integers.');
  return Number(raw);
}

/** The sandbox's payment links, in memory like everything else in it. */
export class PaymentLinkStore {
  private readonly links = new Map<string, RazorpayPaymentLink>();
  /** Reference ids are unique across every link of the account, whatever became of the link. */
  private readonly byReference = new Map<string, string>();

  create(input: PaymentLinkInput, shortUrlBase: string, now = unixSeconds()): RazorpayPaymentLink {
    if (input.referenceId && this.byReference.has(input.referenceId))
      throw badRequestError(
        `Payment Link with reference id ${input.referenceId} already exists`,
        'reference_id',
      );
    const id = razorpayId('plink');
    const link: RazorpayPaymentLink = {
      id,
      accept_partial: false,
      amount: input.amount,
      amount_paid: 0,
      callback_method: input.callbackMethod,
      callback_url: input.callbackUrl,
      cancelled_at: 0,
      created_at: now,
      currency: input.currency,
      customer: input.customer,
      description: input.description,
      expire_by: input.expireBy,
      expired_at: 0,
      first_min_partial_amount: 0,
      notes: Object.keys(input.notes).length > 0 ? input.notes : null,
      notify: input.notify,
      payments: null,
      reference_id: input.referenceId,
      reminder_enable: input.reminderEnable,
      reminders: [],
      short_url: `${shortUrlBase.replace(/\/$/, '')}/pl/${id}`,
      status: 'created',
      updated_at: now,
      upi_link: input.upiLink,
      user_id: '',
    };
    this.links.set(id, link);
    if (input.referenceId) this.byReference.set(input.referenceId, id);
    return link;
  }

  /** The link as it stands now: one past its expire_by is expired from then on. */
  link(linkId: string, now = unixSeconds()): RazorpayPaymentLink {
    const link = this.links.get(linkId);
    if (!link) throw unknownIdError();
    if (link.status === 'created' && link.expire_by > 0 && now >= link.expire_by)
      Object.assign(link, { status: 'expired', expired_at: link.expire_by, updated_at: link.expire_by });
    return link;
  }

  /** Newest first, as Razorpay lists them. */
  list(query: PaymentLinkQuery): RazorpayPaymentLink[] {
    const count = Math.min(integerParam(query.count, 10), MAX_COUNT);
    const skip = integerParam(query.skip, 0);
    const from = integerParam(query.from, 0);
    const to = integerParam(query.to, Number.MAX_SAFE_INTEGER);
    return [...this.links.keys()]
      .reverse()
      .map((id) => this.link(id))
      .filter(
        (link) =>
          (!query.reference_id || link.reference_id === query.reference_id) &&
          (!query.payment_id || (link.payments ?? []).some((p) => p.payment_id === query.payment_id)) &&
          link.created_at >= from &&
          link.created_at <= to,
      )
      .slice(skip, skip + count);
  }

  /** POST /payment_links/:id/cancel: only a link still waiting for its payment. */
  cancel(linkId: string, now = unixSeconds()): RazorpayPaymentLink {
    const link = this.link(linkId, now);
    if (link.status !== 'created')
      throw badRequestError(`Payment Link cannot be cancelled as it is already ${link.status}`, 'id');
    Object.assign(link, { status: 'cancelled', cancelled_at: now, updated_at: now });
    return link;
  }

  /** Makes a waiting link expire now (a test's control: a real expiry is at least 15 minutes away). */
  expire(linkId: string, now = unixSeconds()): RazorpayPaymentLink {
    const link = this.link(linkId, now);
    if (link.status !== 'created')
      throw badRequestError(`Payment Link cannot be expired as it is already ${link.status}`, 'id');
    Object.assign(link, { status: 'expired', expired_at: now, updated_at: now });
    return link;
  }

  /** Adds a payment attempt to the link; a captured one pays it in full. */
  record(link: RazorpayPaymentLink, payment: RazorpayPayment, now = unixSeconds()): void {
    const captured = payment.status === 'captured';
    link.payments = [
      ...(link.payments ?? []),
      {
        amount: payment.amount,
        created_at: payment.created_at,
        method: payment.method,
        payment_id: payment.id,
        plink_id: link.id,
        status: captured ? 'captured' : 'failed',
        updated_at: now,
      },
    ];
    link.updated_at = now;
    if (captured) Object.assign(link, { status: 'paid', amount_paid: payment.amount });
  }
}

/**
 * What Razorpay appends to a link's callback_url after a payment; the signature is HMAC-SHA256 of
 * `link_id|reference_id|status|payment_id` with the key secret (the SDK's validatePaymentVerification).
 */
function callbackUrlOf(link: RazorpayPaymentLink, paymentId: string, keySecret: string): string {
  const url = new URL(link.callback_url);
  url.searchParams.set('razorpay_payment_id', paymentId);
  url.searchParams.set('razorpay_payment_link_id', link.id);
  url.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
  url.searchParams.set('razorpay_payment_link_status', link.status);
  url.searchParams.set(
    'razorpay_signature',
    hmacSha256Hex(keySecret, `${link.id}|${link.reference_id}|${link.status}|${paymentId}`),
  );
  return url.toString();
}

/** The one path a link's payment takes, from the customer's page or from a test. */
export class PaymentLinkFlow {
  constructor(
    readonly links: PaymentLinkStore,
    private readonly store: SandboxStore,
    private readonly webhooks: WebhookSender,
    private readonly keySecret: string,
  ) {}

  /**
   * One attempt at paying the link, as Razorpay makes it: an order for the link (its first attempt),
   * a payment on it, `payment.captured` or `payment.failed`, then `payment_link.paid` when it was
   * paid. Resolves after the first delivery attempt of each webhook.
   */
  async pay(linkId: string, method: PaymentMethod, outcome: PaymentOutcome): Promise<PaymentLinkPayResult> {
    const link = this.links.link(linkId);
    if (link.status !== 'created')
      throw badRequestError(`This payment link is ${link.status} and can no longer be paid.`, 'id');
    const order = this.orderOf(link);
    const payment = this.store.attemptPayment(order.id, outcome, {
      method,
      ...(link.customer.email ? { email: link.customer.email } : {}),
      ...(link.customer.contact ? { contact: link.customer.contact } : {}),
      ...(link.description ? { description: link.description } : {}),
    });
    this.links.record(link, payment);
    const answer: PaymentLinkPayResult = {
      payment_link: structuredClone(link),
      payment: structuredClone(payment),
      callback:
        link.callback_url && payment.status === 'captured'
          ? callbackUrlOf(link, payment.id, this.keySecret)
          : null,
    };
    await this.webhooks.send(payment.status === 'captured' ? 'payment.captured' : 'payment.failed', payment);
    if (payment.status === 'captured') await this.webhooks.sendPaymentLinkPaid(link, order, payment);
    return answer;
  }

  private orderOf(link: RazorpayPaymentLink): RazorpayOrder {
    if (link.order_id) return this.store.order(link.order_id);
    const order = this.store.createOrder({
      amount: link.amount,
      currency: link.currency,
      receipt: link.reference_id || null,
      notes: link.notes ?? {},
      manualCapture: false,
    });
    link.order_id = order.id;
    return order;
  }
}
