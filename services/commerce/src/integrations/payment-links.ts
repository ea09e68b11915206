import Razorpay from 'razorpay';
import type { RazorpaySettings } from '../config.js';
import { ProviderRefusedError, ProviderUnreachableError } from './payment-provider.js';

/** Razorpay payment links: what a counter tender paid by UPI or card on the customer's phone uses. */
export interface PaymentLinks {
  create(input: {
    referenceId: string;
    amountPaise: number;
    description: string;
    customer?: { name?: string; email?: string; contact?: string };
  }): Promise<{ id: string; shortUrl: string }>;
  fetch(id: string): Promise<{
    id: string;
    status: 'created' | 'paid' | 'cancelled' | 'expired';
    amountPaidPaise: number;
    paymentId?: string;
  }>;
  cancel(id: string): Promise<void>;
}

type LinkStatus = Awaited<ReturnType<PaymentLinks['fetch']>>['status'];

/** The fields of Razorpay's payment link entity read here (the SDK's own type has them as strings). */
interface SdkPaymentLink {
  id: string;
  short_url: string;
  status: LinkStatus | 'partially_paid';
  amount: number | string;
  amount_paid: number | string;
  reference_id?: string;
  payments?: Array<{ payment_id: string; status: string; amount: number | string }> | null;
}

/**
 * The SDK rejects with `{ statusCode, error: { code, description } }` when Razorpay answered, and with
 * an error of its own when nothing answered; the same split as the payment provider's
 * (payment-provider.ts), into the same two errors.
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

// Links are created without accept_partial, so a partially paid one cannot occur; were it to, it is
// still waiting for money, which is what 'created' tells the desk.
const toStatus = (status: SdkPaymentLink['status']): LinkStatus =>
  status === 'partially_paid' ? 'created' : status;

export function createPaymentLinks(settings: RazorpaySettings): PaymentLinks {
  const razorpay = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  // As in createRazorpayProvider: the SDK fixes https://api.razorpay.com in its constructor; its one
  // axios instance is pointed at RAZORPAY_API_URL (the sandbox in development and tests) and bounded.
  const http = (razorpay.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  http.defaults.baseURL = settings.apiUrl.replace(/\/$/, '');
  http.defaults.timeout = settings.timeoutMs;

  const fetchLink = async (id: string) =>
    (await call(() => razorpay.paymentLink.fetch(id))) as unknown as SdkPaymentLink;

  async function linkByReference(referenceId: string): Promise<SdkPaymentLink | undefined> {
    const list = await call(() =>
      // The SDK's type lists only the paging options, but Razorpay filters by reference_id too.
      razorpay.paymentLink.all({ reference_id: referenceId } as Parameters<
        typeof razorpay.paymentLink.all
      >[0]),
    );
    return (list.payment_links as unknown as SdkPaymentLink[]).find(
      (link) => link.reference_id === referenceId,
    );
  }

  return {
    async create({ referenceId, amountPaise, description, customer = {} }) {
      const details = {
        ...(customer.name ? { name: customer.name } : {}),
        ...(customer.email ? { email: customer.email } : {}),
        ...(customer.contact ? { contact: customer.contact } : {}),
      };
      try {
        const link = (await call(() =>
          razorpay.paymentLink.create({
            amount: amountPaise,
            currency: 'INR',
            accept_partial: false,
            reference_id: referenceId,
            description,
            customer: details,
            // Razorpay texts or mails the link when it can, for a customer not scanning the desk's QR.
            notify: { sms: Boolean(details.contact), email: Boolean(details.email) },
            reminder_enable: false,
          }),
        )) as unknown as SdkPaymentLink;
        return { id: link.id, shortUrl: link.short_url };
      } catch (error) {
        // A retried create whose first answer was lost: Razorpay refuses the reference id it already
        // holds (a 400 whose wording is not a contract), so the link made the first time is looked for.
        // Any other refusal finds no such link and is passed on as it was.
        if (!(error instanceof ProviderRefusedError) || error.statusCode !== 400) throw error;
        const existing = await linkByReference(referenceId);
        if (!existing || Number(existing.amount) !== amountPaise) throw error;
        return { id: existing.id, shortUrl: existing.short_url };
      }
    },

    async fetch(id) {
      const link = await fetchLink(id);
      const captured = (link.payments ?? []).find((payment) => payment.status === 'captured');
      return {
        id: link.id,
        status: toStatus(link.status),
        amountPaidPaise: Number(link.amount_paid),
        ...(captured ? { paymentId: captured.payment_id } : {}),
      };
    },

    async cancel(id) {
      try {
        await call(() => razorpay.paymentLink.cancel(id));
      } catch (error) {
        // Razorpay refuses to cancel a link that is no longer waiting. Cancelled or expired, it can take
        // no money, which is what was asked (a retried cancel lands here); paid, the refusal stands.
        if (!(error instanceof ProviderRefusedError) || error.statusCode !== 400) throw error;
        const link = await fetchLink(id).catch(() => undefined);
        if (link?.status !== 'cancelled' && link?.status !== 'expired') throw error;
      }
    },
  };
}
