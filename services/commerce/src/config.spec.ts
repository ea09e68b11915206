import { ConfigError } from '@spa/kit';
import { testRazorpayKeys, testServiceKeyEnv } from '@spa/kit/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_RAZORPAY_KEY_ID } from './config.js';

/** Production also needs the service keys (signed internal calls); they are not what these tests are about. */
const serviceKeys = testServiceKeyEnv('commerce');

const sandboxKeys = {
  RAZORPAY_KEY_ID: testRazorpayKeys.keyId,
  RAZORPAY_KEY_SECRET: testRazorpayKeys.keySecret,
  RAZORPAY_WEBHOOK_SECRET: testRazorpayKeys.webhookSecret,
};

const infra = {
  DATABASE_URL: 'postgres://x@127.0.0.1/commerce',
  REDIS_URL: 'redis://127.0.0.1',
  KAFKA_BROKERS: 'k:9092',
};

const required = { ...infra, ...sandboxKeys };

const realKeys = {
  RAZORPAY_KEY_ID: 'rzp_live_abc123',
  RAZORPAY_KEY_SECRET: 'live-secret',
  RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('commerce configuration', () => {
  it('takes the RAZORPAY_* keys it is given, on Razorpay by default, with a 15-minute hold', () => {
    const config = loadConfig(required);
    expect(config.port).toBe(4004);
    expect(config.razorpay).toMatchObject({
      keyId: testRazorpayKeys.keyId,
      keySecret: testRazorpayKeys.keySecret,
      webhookSecret: testRazorpayKeys.webhookSecret,
      apiUrl: 'https://api.razorpay.com',
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(config.paymentHoldMs).toBe(15 * 60_000);
    expect(config.catalogueUrl).toBe('http://127.0.0.1:4002');
  });

  it('lets a customer hold one unpaid online order by default; the limit is a setting of at least 1', () => {
    expect(loadConfig(required).maxOpenOnlineOrders).toBe(1);
    expect(loadConfig({ ...required, MAX_OPEN_ONLINE_ORDERS: '3' }).maxOpenOnlineOrders).toBe(3);
    expect(problemsOf({ ...required, MAX_OPEN_ONLINE_ORDERS: '0' })).toEqual([
      'MAX_OPEN_ONLINE_ORDERS must be at least 1',
    ]);
  });

  it('takes the hold in minutes, or in seconds for tests', () => {
    expect(loadConfig({ ...required, PAYMENT_HOLD_MINUTES: '30' }).paymentHoldMs).toBe(30 * 60_000);
    expect(loadConfig({ ...required, PAYMENT_HOLD_SECONDS: '3' }).paymentHoldMs).toBe(3_000);
    expect(problemsOf({ ...required, PAYMENT_HOLD_MINUTES: '0' })).toEqual([
      'PAYMENT_HOLD_MINUTES (or PAYMENT_HOLD_SECONDS) must be positive',
    ]);
  });

  // A secret written in the source is published with it: a webhook signed with it would be believed by
  // every stack that fell back to it. So no environment has a default.
  it.each(['development', 'test', 'production'])(
    'refuses to start without the RAZORPAY_* keys in %s, naming each (no default written in the source)',
    (nodeEnv) => {
      expect(problemsOf({ ...infra, NODE_ENV: nodeEnv, ...serviceKeys })).toEqual([
        'RAZORPAY_KEY_ID is required but not set',
        'RAZORPAY_KEY_SECRET is required but not set',
        'RAZORPAY_WEBHOOK_SECRET is required but not set',
      ]);
      expect(
        problemsOf({ ...required, NODE_ENV: nodeEnv, RAZORPAY_WEBHOOK_SECRET: '', ...serviceKeys }),
      ).toEqual(['RAZORPAY_WEBHOOK_SECRET is required but not set']);
    },
  );

  it("refuses to start in production on the local sandbox's key", () => {
    expect(
      problemsOf({
        ...required,
        ...realKeys,
        NODE_ENV: 'production',
        ...serviceKeys,
        RAZORPAY_KEY_ID: SANDBOX_RAZORPAY_KEY_ID,
      }),
    ).toEqual(["RAZORPAY_KEY_ID is the local sandbox's; set the real one in production"]);
    expect(
      loadConfig({ ...required, ...realKeys, NODE_ENV: 'production', ...serviceKeys }).razorpay.keyId,
    ).toBe('rzp_live_abc123');
  });

  it('gives the desk 10% of discount unapproved by default, never a limit outside 0–100%', () => {
    expect(loadConfig(required).counterDiscountLimits).toEqual({ employee: 1000, admin: 10_000 });
    expect(
      loadConfig({ ...required, COUNTER_DISCOUNT_LIMIT_EMPLOYEE_BP: '500' }).counterDiscountLimits.employee,
    ).toBe(500);
    expect(problemsOf({ ...required, COUNTER_DISCOUNT_LIMIT_EMPLOYEE_BP: '10001' })).toHaveLength(1);
    expect(loadConfig(required).bookingUrl).toBe('http://127.0.0.1:4003');
  });
});
