import type { KeyValueStorage } from '../../stores/session-storage';
import type { ProviderOrder } from './orders.api';

/**
 * The provider order of an online order placed in this browser, kept until the order is paid or over, so
 * that a shopper who closed the payment window can pay the same order again from its page ("Pay now").
 * Razorpay accepts further attempts on an unpaid provider order. Nothing secret is kept: an id, an amount
 * and a currency; the order itself stays the server's.
 */
export const pendingPaymentKey = (orderId: string) => `pending-payment:${orderId}`;

function isProviderOrder(value: unknown): value is ProviderOrder {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    Number.isInteger(candidate.amount) &&
    (candidate.amount as number) > 0 &&
    typeof candidate.currency === 'string'
  );
}

export function rememberProviderOrder(
  storage: KeyValueStorage | null,
  orderId: string,
  providerOrder: ProviderOrder,
): void {
  const { id, amount, currency } = providerOrder;
  try {
    storage?.setItem(pendingPaymentKey(orderId), JSON.stringify({ id, amount, currency }));
  } catch {
    // Full or disabled storage: the order can still be paid now, only not retried later from this browser.
  }
}

export function recallProviderOrder(storage: KeyValueStorage | null, orderId: string): ProviderOrder | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(pendingPaymentKey(orderId)) ?? 'null');
    return isProviderOrder(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetProviderOrder(storage: KeyValueStorage | null, orderId: string): void {
  try {
    storage?.removeItem(pendingPaymentKey(orderId));
  } catch {
    // Nothing to clean when storage is unavailable.
  }
}
