import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id shaped like Razorpay's: a prefix such as `order_` or `pay_` and 14 random base62 characters. */
export function razorpayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt' | 'acc' | 'plink' | 'card'): string {
  let suffix = '';
  for (let index = 0; index < 14; index++) suffix += BASE62[randomInt(BASE62.length)];
  return `${prefix}_${suffix}`;
}

/** Razorpay's timestamps are whole seconds since the epoch. */
export function unixSeconds(now = Date.now()): number {
  return Math.floor(now / 1000);
}
