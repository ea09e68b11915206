import { describe, expect, it } from 'vitest';
import { razorpayId } from './ids.js';

describe('razorpayId', () => {
  it('makes ids shaped like Razorpay’s: a prefix and 14 base62 characters', () => {
    expect(razorpayId('order')).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(razorpayId('pay')).toMatch(/^pay_[0-9A-Za-z]{14}$/);
  });

  it('does not repeat itself', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => razorpayId('pay')));
    expect(ids.size).toBe(1000);
  });
});
