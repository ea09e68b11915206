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
      fairHolds: { maxOnlineHolds: 2, maxFutureCashBookings: 5 },
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

  it('takes the fair-hold limits from settings, at least 1 each', () => {
    const config = loadConfig({ ...required, MAX_OPEN_ONLINE_BOOKINGS: '3', MAX_FUTURE_CASH_BOOKINGS: '10' });
    expect(config.rules.fairHolds).toEqual({ maxOnlineHolds: 3, maxFutureCashBookings: 10 });
    expect(() => loadConfig({ ...required, MAX_OPEN_ONLINE_BOOKINGS: '0' })).toThrow(
      'MAX_OPEN_ONLINE_BOOKINGS must be at least 1',
    );
    expect(() => loadConfig({ ...required, MAX_FUTURE_CASH_BOOKINGS: '0' })).toThrow(
      'MAX_FUTURE_CASH_BOOKINGS must be at least 1',
    );
  });

  it('keeps the jobs of a namespaced stack apart', () => {
    expect(loadConfig({ ...required, KAFKA_NAMESPACE: 'e2e-1' }).queuePrefix).toBe('bull.e2e-1');
  });
});
