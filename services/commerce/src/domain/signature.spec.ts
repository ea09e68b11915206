import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
  webhookSignature,
} from './signature.js';

describe('payment signatures', () => {
  const secret = 'sandbox_key_secret';

  it('is the hex HMAC-SHA256 of order_id|payment_id, as Razorpay documents it', () => {
    const expected = createHmac('sha256', secret).update('order_ABC|pay_XYZ').digest('hex');
    expect(paymentSignature(secret, 'order_ABC', 'pay_XYZ')).toBe(expected);
    expect(isValidPaymentSignature(secret, 'order_ABC', 'pay_XYZ', expected)).toBe(true);
    expect(isValidPaymentSignature(secret, 'order_ABC', 'pay_XYZ', expected.toUpperCase())).toBe(true);
  });

  it('refuses a tampered, truncated, non-hex or other-secret signature', () => {
    const good = paymentSignature(secret, 'order_ABC', 'pay_XYZ');
    const flipped = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(isValidPaymentSignature(secret, 'order_ABC', 'pay_XYZ', flipped)).toBe(false);
    expect(isValidPaymentSignature(secret, 'order_ABC', 'pay_XYZ', good.slice(0, 32))).toBe(false);
    expect(isValidPaymentSignature(secret, 'order_ABC', 'pay_XYZ', 'z'.repeat(64))).toBe(false);
    expect(isValidPaymentSignature(secret, 'order_ABC', 'pay_XYZ', '')).toBe(false);
    expect(isValidPaymentSignature(secret, 'order_ABC', 'pay_OTHER', good)).toBe(false);
    expect(isValidPaymentSignature('another', 'order_ABC', 'pay_XYZ', good)).toBe(false);
  });
});

describe('webhook signatures', () => {
  it('covers the raw body byte for byte', () => {
    const body = Buffer.from('{"event":"payment.captured","payload":{}}');
    const signature = webhookSignature('hook', body);
    expect(isValidWebhookSignature('hook', body, signature)).toBe(true);
    // The same JSON re-serialised with a space is another body.
    expect(
      isValidWebhookSignature('hook', Buffer.from('{"event": "payment.captured","payload":{}}'), signature),
    ).toBe(false);
    expect(isValidWebhookSignature('other', body, signature)).toBe(false);
  });
});
