import { randomUUID } from 'node:crypto';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck, revokedTokenKey } from '@spa/kit';
import { signTestToken, testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

const redis = connectRedis(testInfra.redisUrl);
let gateway: FastifyInstance;
// Each test speaks from its own address, so the per-address limits of one never touch another.
let lastOctet = 0;
const freshAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${++lastOctet}`;

beforeAll(async () => {
  const config = loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    // Only commerce, which nothing listens for: the rest answer "not available".
    ENABLED_SERVICES: 'commerce',
    COMMERCE_URL: 'http://127.0.0.1:9',
    RATE_LIMIT_MAX: '5',
    AUTH_RATE_LIMIT_MAX: '2',
    RATE_LIMIT_FLUSH_MS: '50',
    WEB_DIST: '/nonexistent',
    METRICS_TOKEN: 'scraper-token',
  });
  const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) });
  gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, verifier });
});

afterAll(async () => {
  await gateway?.close();
  redis.disconnect();
});

const call = (request: { method?: 'GET' | 'POST'; url: string; token?: string; address?: string }) =>
  gateway.inject({
    method: request.method ?? 'GET',
    url: request.url,
    remoteAddress: request.address ?? freshAddress(),
    headers: request.token ? { authorization: `Bearer ${request.token}` } : {},
    ...(request.method === 'POST' ? { payload: {} } : {}),
  });

describe('the gateway', () => {
  it('serves its Prometheus figures only to the scraper holding METRICS_TOKEN', async () => {
    const stranger = await call({ url: '/metrics' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call({ url: '/metrics', token: 'not-the-token' })).statusCode).toBe(404);
    const scraper = await call({ url: '/metrics', token: 'scraper-token' });
    expect(scraper.statusCode).toBe(200);
    expect(scraper.body).toContain('http_request_duration_seconds');
  });

  it('answers a service that is not part of the deployment with 503 in the error shape', async () => {
    const response = await call({ url: '/api/v1/appointments' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The booking service is not available yet.',
      code: 'SERVICE_NOT_AVAILABLE',
    });
  });

  it('answers an unreachable service with 502 and an unknown endpoint with 404', async () => {
    const down = await call({ url: '/api/v1/cart' });
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('UPSTREAM_UNAVAILABLE');
    const unknown = await call({ url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'No API endpoint for GET /api/v1/nothing-here',
      code: 'NOT_FOUND',
    });
  });

  it('turns away a malformed, expired or revoked token before forwarding', async () => {
    expect((await call({ url: '/api/v1/cart', token: 'not-a-jwt' })).statusCode).toBe(401);
    const expired = await signTestToken({ expiresIn: Math.floor(Date.now() / 1000) - 60 });
    expect((await call({ url: '/api/v1/cart', token: expired })).statusCode).toBe(401);
    const jti = randomUUID();
    const revoked = await signTestToken({ jti });
    await redis.set(revokedTokenKey(jti), '1', 'EX', 60);
    const response = await call({ url: '/api/v1/cart', token: revoked });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('sets the security headers and a strict content security policy', async () => {
    const response = await call({ url: '/api/v1/appointments' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('limits each address to RATE_LIMIT_MAX API requests a minute, saying when to come back', async () => {
    const address = freshAddress();
    const answers = [];
    for (let request = 0; request < 6; request++)
      answers.push(await call({ url: '/api/v1/appointments', address }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([503, 503, 503, 503, 503, 429]);
    expect(answers[0]!.headers['x-ratelimit-remaining']).toBe('4');
    const refused = answers[5]!;
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call({ url: '/api/v1/appointments' })).statusCode).toBe(503);
  });

  it('limits sign-in attempts far more tightly', async () => {
    const address = freshAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push((await call({ method: 'POST', url: '/api/v1/auth/login', address })).statusCode);
    expect(statuses).toEqual([503, 503, 429]);
  });

  it('composes the admin dashboard only for admins, and without the services that do not answer', async () => {
    expect((await call({ url: '/api/v1/admin/stats' })).statusCode).toBe(401);
    const customer = await signTestToken({ role: 'user' });
    expect((await call({ url: '/api/v1/admin/stats', token: customer })).statusCode).toBe(403);
    const admin = await signTestToken({ role: 'admin' });
    const response = await call({ url: '/api/v1/admin/stats', token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalUsers: null,
      totalOrders: null,
      totalProducts: null,
      revenue: null,
      growthRate: null,
      unavailable: ['identity', 'catalogue', 'commerce'],
    });
  });
});
