import { describe, expect, it } from 'vitest';
import { readSandboxConfig } from './config.js';

describe('readSandboxConfig', () => {
  const secrets = { RAZORPAY_KEY_SECRET: 'key-secret-of-this-run', RAZORPAY_WEBHOOK_SECRET: 'hook-secret' };

  it('defaults to port 4010 and localhost, with the secrets it is given', () => {
    expect(readSandboxConfig(secrets)).toEqual({
      nodeEnv: 'development',
      port: 4010,
      host: '127.0.0.1',
      logLevel: 'info',
      keyId: 'rzp_test_sandbox',
      keySecret: 'key-secret-of-this-run',
      webhookSecret: 'hook-secret',
      webhookUrl: undefined,
      refundProcessingMs: 2000,
    });
  });

  it('reads the port, the secrets and the webhook URL from the environment', () => {
    const config = readSandboxConfig({
      ...secrets,
      RAZORPAY_SANDBOX_PORT: '24010',
      RAZORPAY_KEY_ID: 'rzp_test_other',
      RAZORPAY_WEBHOOK_URL: 'http://127.0.0.1:24000/api/v1/payments/webhook',
    });

    expect(config).toMatchObject({
      port: 24010,
      keyId: 'rzp_test_other',
      webhookUrl: 'http://127.0.0.1:24000/api/v1/payments/webhook',
    });
  });

  it('reads the public URL payment links point at, and refuses one that is not http(s)', () => {
    expect(
      readSandboxConfig({ ...secrets, RAZORPAY_SANDBOX_PUBLIC_URL: 'http://localhost:4010' }).publicUrl,
    ).toBe('http://localhost:4010');
    expect(readSandboxConfig(secrets).publicUrl).toBeUndefined();
    expect(() => readSandboxConfig({ ...secrets, RAZORPAY_SANDBOX_PUBLIC_URL: 'localhost:4010' })).toThrow(
      /RAZORPAY_SANDBOX_PUBLIC_URL/,
    );
  });

  it('refuses to start without either secret (no value written in the source)', () => {
    expect(() => readSandboxConfig({ RAZORPAY_WEBHOOK_SECRET: 'hook' })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() => readSandboxConfig({ RAZORPAY_KEY_SECRET: 'key' })).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
  });

  it('names a bad port or webhook URL', () => {
    expect(() => readSandboxConfig({ ...secrets, RAZORPAY_SANDBOX_PORT: 'http' })).toThrow(
      /RAZORPAY_SANDBOX_PORT/,
    );
    expect(() => readSandboxConfig({ ...secrets, RAZORPAY_WEBHOOK_URL: 'not a url' })).toThrow(
      /RAZORPAY_WEBHOOK_URL/,
    );
    expect(() => readSandboxConfig({ ...secrets, RAZORPAY_SANDBOX_REFUND_MS: '-1' })).toThrow(
      /RAZORPAY_SANDBOX_REFUND_MS/,
    );
    expect(readSandboxConfig({ ...secrets, RAZORPAY_SANDBOX_REFUND_MS: '50' }).refundProcessingMs).toBe(50);
  });
});
