import { createHmac, timingSafeEqual } from 'node:crypto';

const hmacHex = (secret: string, message: string | Buffer) =>
  createHmac('sha256', secret).update(message).digest('hex');

/** What checkout.js hands the page for a real payment: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(
  keySecret: string,
  providerOrderId: string,
  providerPaymentId: string,
): string {
  return hmacHex(keySecret, `${providerOrderId}|${providerPaymentId}`);
}

/**
 * Compares in constant time, so the time an answer takes says nothing about how much of a forged
 * signature was right. A signature of the wrong length (or not hex) is simply unequal.
 */
function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isValidPaymentSignature(
  keySecret: string,
  providerOrderId: string,
  providerPaymentId: string,
  signature: string,
): boolean {
  return sameHex(paymentSignature(keySecret, providerOrderId, providerPaymentId), signature);
}

/** The webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body, exactly as sent, with the webhook secret. */
export function isValidWebhookSignature(webhookSecret: string, rawBody: Buffer, signature: string): boolean {
  return sameHex(hmacHex(webhookSecret, rawBody), signature);
}

export function webhookSignature(webhookSecret: string, rawBody: Buffer | string): string {
  return hmacHex(webhookSecret, rawBody);
}
