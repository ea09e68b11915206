import { business } from '../../app/business';
import {
  loadCheckoutScript,
  type CheckoutConstructor,
  type CheckoutOptions,
  type PaymentFailure,
} from '../orders/payment-script';
import type { Appointment } from './appointment';
import type { PaymentOrder } from './appointments.api';
import { fetchPaymentConfig } from './appointments.api';

/**
 * The card payment provider's hosted checkout (Razorpay's checkout.js, or the local sandbox's copy).
 * Its address comes from GET /payments/config at run time; the store's script loader adds it once as a
 * <script src>, which the gateway's CSP allows (no inline script).
 */
export interface LoadedCheckout {
  keyId: string;
  Checkout: CheckoutConstructor;
}

export async function loadCheckout(): Promise<LoadedCheckout> {
  const config = await fetchPaymentConfig();
  if (!config?.enabled || !config.checkoutUrl) throw new Error('online payments are switched off');
  return { keyId: config.keyId, Checkout: await loadCheckoutScript(config.checkoutUrl) };
}

/** "Payment failed: <the provider's reason>", as the store's checkout words it. */
export function paymentFailureText(failure: PaymentFailure | undefined): string {
  const reason = failure?.error?.description;
  return reason ? `Payment failed: ${reason}` : 'Payment failed. Please try again.';
}

/**
 * What the checkout shows for an appointment's payment (the wizard's, and a time the waitlist held):
 * the order, the spa's name, the treatment and the appointment's id, the customer's details filled in.
 */
export function appointmentCheckoutOptions(
  checkout: LoadedCheckout,
  payment: PaymentOrder,
  appointment: Pick<Appointment, 'appointmentId'>,
  serviceName: string,
  customer: { name?: string; email?: string; phone?: string } | null | undefined,
): Omit<CheckoutOptions, 'handler' | 'modal'> {
  return {
    key: payment.keyId ?? checkout.keyId,
    amount: payment.amount,
    currency: payment.currency,
    name: business.name,
    description: `${serviceName} · ${appointment.appointmentId}`,
    order_id: payment.orderId,
    prefill: { name: customer?.name, email: customer?.email, contact: customer?.phone },
    notes: { appointmentId: appointment.appointmentId },
    theme: { color: '#1f4d45' },
  };
}
