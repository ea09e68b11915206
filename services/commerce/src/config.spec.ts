import { ConfigError } from '@spa/kit';
import { testServiceKeyEnv } from '@spa/kit/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_RAZORPAY } from './config.js';

/** Production also needs the service keys (signed internal calls); they are not what these tests are about. */
const serviceKeys = testServiceKeyEnv('commerce');

const required = {
  DATABASE_URL: 'postgres://x@127.0.0.1/commerce',
  REDIS_URL: 'redis://127.0.0.1',
  KAFKA_BROKERS: 'k:9092',
};

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
  it('starts without any RAZORPAY_* in development, on the sandbox keys, with a 15-minute hold', () => {
    const config = loadConfig(required);
    expect(config.port).toBe(4004);
    expect(config.razorpay).toMatchObject({
      keyId: SANDBOX_RAZORPAY.keyId,
      keySecret: SANDBOX_RAZORPAY.keySecret,
      webhookSecret: SANDBOX_RAZORPAY.webhookSecret,
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

  it('refuses to start in production without real keys, naming each', () => {
    expect(problemsOf({ ...required, NODE_ENV: 'production', ...serviceKeys })).toEqual([
      'RAZORPAY_KEY_ID is required in production',
      'RAZORPAY_KEY_SECRET is required in production',
      'RAZORPAY_WEBHOOK_SECRET is required in production',
    ]);
    expect(
      problemsOf({
        ...required,
        ...realKeys,
        NODE_ENV: 'production',
        ...serviceKeys,
        RAZORPAY_KEY_SECRET: SANDBOX_RAZORPAY.keySecret,
      }),
    ).toEqual(["RAZORPAY_KEY_SECRET is the local sandbox's value; set the real one in production"]);
    expect(
      loadConfig({ ...required, ...realKeys, NODE_ENV: 'production', ...serviceKeys }).razorpay.keyId,
    ).toBe('rzp_live_abc123');
  });
});
