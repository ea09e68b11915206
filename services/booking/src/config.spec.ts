import { ConfigError } from '@spa/kit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const required = {
  DATABASE_URL: 'postgres://x@127.0.0.1/booking',
  REDIS_URL: 'redis://127.0.0.1',
  KAFKA_BROKERS: 'k:9092',
};

describe('booking configuration', () => {
  it('defaults to port 4003, 9:00 to 21:00 in Asia/Kolkata, a 4-hour notice and a 15-minute hold', () => {
    const config = loadConfig(required);
    expect(config.port).toBe(4003);
    expect(config.rules).toMatchObject({
      openMinute: 540,
      closeMinute: 1260,
      timeZone: 'Asia/Kolkata',
      cancellationNoticeMinutes: 240,
      paymentHoldSeconds: 900,
      shifts: {
        morning: { startMinute: 540, endMinute: 1020 },
        night: { startMinute: 780, endMinute: 1260 },
      },
    });
    expect(config.commerceUrl).toBe('http://127.0.0.1:4004');
  });

  it('names every bad setting at once', () => {
    const bad = { ...required, BUSINESS_OPENS: '9am', SHIFT_HOURS: 'day', PAYMENT_HOLD_SECONDS: '0' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    for (const name of ['BUSINESS_OPENS', 'SHIFT_HOURS', 'PAYMENT_HOLD_SECONDS'])
      expect(() => loadConfig(bad)).toThrow(name);
  });

  it('keeps the jobs of a namespaced stack apart', () => {
    expect(loadConfig({ ...required, KAFKA_NAMESPACE: 'e2e-1' }).queuePrefix).toBe('bull.e2e-1');
  });
});
