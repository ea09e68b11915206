import { randomInt } from 'node:crypto';
import { connectRedis, createBaseApp, createLogger } from '@spa/kit';
import { testInfra } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/plugins/rate-limits.js';

// The rate-limits plugin on its own, against the real Redis: every route answers 200, so whatever
// else comes back was the limits' doing.
const redis = connectRedis(testInfra.redisUrl);
let app: FastifyInstance;

beforeAll(async () => {
  app = createBaseApp({ logger: createLogger('rate-limits-test', 'silent') });
  await app.register(rateLimits, {
    config: { rateLimit: { max: 3, flushMs: 50, authMax: 5, passwordMax: 1 } },
    redis,
  });
  app.all('/*', async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  redis.disconnect();
});

// Random addresses so runs (and engineers sharing Redis) never share a bucket.
const address = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

describe('the rate limits plugin', () => {
  it('allows one password request per address in ten minutes, and leaves reads of those paths alone', async () => {
    const from = address();
    const post = () =>
      app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', remoteAddress: from, payload: {} });
    expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many requests. Please wait 600 seconds and try again.',
      code: 'RATE_LIMITED',
    });
    const read = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/forgot-password',
      remoteAddress: from,
    });
    expect(read.statusCode).toBe(200);
  });

  it('counts and marks only /api/v1 requests: pages and files are never limited', async () => {
    const from = address();
    for (let request = 0; request < 5; request++) {
      const page = await app.inject({ method: 'GET', url: '/store', remoteAddress: from });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const api = await app.inject({ method: 'GET', url: '/api/v1/products', remoteAddress: from });
    expect(api.headers['x-ratelimit-limit']).toBe('3');
    expect(api.headers['x-ratelimit-remaining']).toBe('2');
  });
});
