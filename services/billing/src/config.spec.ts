import { ConfigError } from '@spa/kit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const required = {
  DATABASE_URL: 'postgres://x@127.0.0.1/billing',
  REDIS_URL: 'redis://127.0.0.1',
  KAFKA_BROKERS: 'k:9092',
};

describe('billing configuration', () => {
  it('defaults to port 4005, the Indore business and the system Chromium', () => {
    const config = loadConfig(required);
    expect(config.port).toBe(4005);
    expect(config.business.name).toBe('Aranya Spa & Wellness');
    expect(config.business.address).toContain('Vijay Nagar, Indore, Madhya Pradesh 452010');
    expect(config.business.gstin).toBe('23ABCDE1234F1Z8');
    expect(config.pdf.chromiumPath).toBe('/usr/bin/chromium');
  });

  it('keeps the PDF jobs of a namespaced stack apart from everyone else', () => {
    expect(loadConfig(required).queuePrefix).toBe('bull');
    expect(loadConfig({ ...required, KAFKA_NAMESPACE: 'e2e-42' }).queuePrefix).toBe('bull.e2e-42');
    expect(loadConfig({ ...required, KAFKA_NAMESPACE: 'e2e-42', BULLMQ_PREFIX: 'mine' }).queuePrefix).toBe(
      'mine',
    );
  });

  it('refuses a GSTIN whose check character is wrong', () => {
    expect(() => loadConfig({ ...required, BUSINESS_GSTIN: '23ABCDE1234F1Z5' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...required, BUSINESS_GSTIN: '23ABCDE1234F1Z5' })).toThrow('BUSINESS_GSTIN');
  });

  it('reads the business hours the reports count utilisation in (09:00 to 21:00 by default)', () => {
    expect(loadConfig(required).openingHours).toEqual({ openMinute: 540, closeMinute: 1260 });
    expect(
      loadConfig({ ...required, BUSINESS_OPENS: '10:30', BUSINESS_CLOSES: '18:00' }).openingHours,
    ).toEqual({ openMinute: 630, closeMinute: 1080 });
    expect(() => loadConfig({ ...required, BUSINESS_OPENS: '9am' })).toThrow('BUSINESS_OPENS');
    expect(() => loadConfig({ ...required, BUSINESS_OPENS: '21:00', BUSINESS_CLOSES: '09:00' })).toThrow(
      'BUSINESS_CLOSES must be after BUSINESS_OPENS',
    );
  });
});
