import { del, get, post } from '../../lib/api';
import {
  readBookingResult,
  verifyPayment,
  type BookingResult,
  type ProviderPaymentResponse,
} from './appointments.api';
import { appointmentCheckoutOptions, loadCheckout, paymentFailureText } from './payment-checkout';

/** An entry of the waitlist as its owner sees it (GET /appointments/waitlist). */
export interface WaitlistEntry {
  _id: string;
  serviceId: string;
  serviceName: string;
  durationMinutes: number;
  /** YYYY-MM-DD, the business's day. */
  date: string;
  /** "HH:MM": the earliest and the latest start that suit. */
  from: string;
  to: string;
  status: 'waiting' | 'offered' | 'booked' | 'expired' | 'left' | 'closed';
  offer: null | {
    appointmentId: string;
    appointmentCode: string;
    start: string;
    roomType: string;
    totalPrice: number;
    expiresAt: string | null;
  };
}

export interface JoinWaitlist {
  serviceId: string;
  durationMinutes: number;
  pricingOptionId?: string;
  date: string;
  from: string;
  to: string;
}

export const waitlistKeys = { mine: ['appointments', 'waitlist'] as const };

/** POST /appointments/waitlist: told by email when a time in the window frees up (customers). */
export const joinWaitlist = (request: JoinWaitlist) => post<WaitlistEntry>('/appointments/waitlist', request);

export const fetchMyWaitlist = async () =>
  (await get<{ entries: WaitlistEntry[] }>('/appointments/waitlist')).entries;

export const leaveWaitlist = (id: string) =>
  del<WaitlistEntry>(`/appointments/waitlist/${encodeURIComponent(id)}`);

/** POST /appointments/:id/payment: the provider order of a time held for me. */
async function heldPayment(appointmentId: string): Promise<BookingResult | null> {
  return readBookingResult(await post<unknown>(`/appointments/${encodeURIComponent(appointmentId)}/payment`));
}

/** "starts at 17:00" for a window of one start, else "starts 15:00–17:00". */
export const windowText = (entry: { from: string; to: string }) =>
  entry.from === entry.to ? `starts at ${entry.from}` : `starts ${entry.from}–${entry.to}`;

/** Whether an active entry is still in play (waiting, or a time is held). */
export const isActiveEntry = (entry: WaitlistEntry) =>
  entry.status === 'waiting' || entry.status === 'offered';

/**
 * Pays for a time the waitlist held: the provider's checkout on its order, then commerce verifies the
 * payment (booking marks it Paid from commerce's event). Resolves to 'paid', 'dismissed' or the failure's words.
 */
export async function payForHeldTime(
  appointmentId: string,
  customer: { name?: string; email?: string; phone?: string } | undefined,
): Promise<string> {
  const [checkout, result] = await Promise.all([loadCheckout(), heldPayment(appointmentId)]);
  if (!result?.payment) return 'Failed to initialize payment';
  const { appointment, payment } = result;
  return new Promise((resolve) => {
    const instance = new checkout.Checkout({
      ...appointmentCheckoutOptions(checkout, payment, appointment, appointment.service.name, customer),
      handler: (response: ProviderPaymentResponse) => {
        verifyPayment(response)
          .then((answer) =>
            resolve(answer?.success ? 'paid' : answer?.message || 'Payment verification failed'),
          )
          .catch((error: unknown) =>
            resolve(error instanceof Error ? error.message : 'Payment verification failed'),
          );
      },
      modal: { ondismiss: () => resolve('dismissed') },
    });
    instance.on('payment.failed', (failure) => resolve(paymentFailureText(failure)));
    instance.open();
  });
}
