import { describe, expect, it } from 'vitest';
import { metricsAllowed } from './metrics-access.js';

describe('who may read the gateway metrics', () => {
  it('is anyone in development when no token is configured', () => {
    expect(metricsAllowed(undefined, { metricsToken: undefined, production: false })).toBe(true);
  });

  it('is nobody in production without a configured token', () => {
    expect(metricsAllowed(undefined, { metricsToken: undefined, production: true })).toBe(false);
    expect(metricsAllowed('Bearer anything', { metricsToken: undefined, production: true })).toBe(false);
  });

  it('is only the bearer of the configured token when one is set', () => {
    const config = { metricsToken: 's3cret-scraper', production: true };
    expect(metricsAllowed('Bearer s3cret-scraper', config)).toBe(true);
    expect(metricsAllowed('Bearer s3cret-scrapex', config)).toBe(false);
    expect(metricsAllowed('Bearer s3cret', config)).toBe(false);
    expect(metricsAllowed(undefined, config)).toBe(false);
    expect(metricsAllowed('Bearer s3cret-scraper', { ...config, production: false })).toBe(true);
    expect(metricsAllowed(undefined, { ...config, production: false })).toBe(false);
  });
});
