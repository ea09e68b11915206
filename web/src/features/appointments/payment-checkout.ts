import { loadCheckoutScript, type CheckoutConstructor, type PaymentFailure } from '../orders/payment-script';
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
