import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../auth/tokens.js';
import { requireRole, currentUser } from '../auth/guards.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { signTestToken, testJwks } from '../testing/index.js';
import { createApp } from './app.js';
import { strictObject } from './validation.js';

async function buildTestApp() {
  const revoked = new Set<string>(['revoked-token-id']);
  const verifier = createTokenVerifier({
    jwks: await testJwks(),
    isRevoked: (id) => Promise.resolve(revoked.has(id)),
  });
  const app = await createApp({ name: 'kit-spec', logger: createLogger('kit-spec', 'silent'), verifier });
  app.post(
    '/things',
    {
      schema: {
        body: strictObject(
          { name: { type: 'string', minLength: 1 }, quantity: { type: 'integer', minimum: 1 } },
          ['name', 'quantity'],
        ),
      },
    },
    (request) => ({ received: request.body }),
  );
  app.get(
    '/things',
    { schema: { querystring: strictObject({ page: { type: 'integer', minimum: 1 } }) } },
    (request) => request.query,
  );
  app.get('/boom', () => Promise.reject(new Error('database exploded with secret details')));
  app.get('/rule', () => Promise.reject(new AppError(422, 'SLOT_TAKEN', 'That time is no longer free')));
  app.get('/admin-only', { preHandler: requireRole('admin') }, (request) => ({
    id: currentUser(request).id,
  }));
  return app;
}

describe('service app: one error shape for every bad input', () => {
  it('answers malformed JSON with 400', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON', code: 'MALFORMED_JSON' });
  });

  it('refuses wrong types without coercing them', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'Oil', quantity: '5' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'quantity must be integer' });
  });

  it('refuses unknown fields and names them', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'Oil', quantity: 1, isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('isAdmin is not an allowed field');
  });

  it('names a missing required field', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/things', payload: { quantity: 1 } });
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'name is required',
      details: [{ field: 'name' }],
    });
  });

  it('answers an oversize body with 413', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x'.repeat(1_100_000), quantity: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('coerces query strings to their declared types', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ url: '/things?page=2' })).json()).toEqual({ page: 2 });
    expect((await app.inject({ url: '/things?page=zero' })).statusCode).toBe(400);
  });

  it('hides internal errors behind a 500 in the same shape', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
  });

  it('passes business errors through with their status and code', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: '/rule' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'That time is no longer free', code: 'SLOT_TAKEN' });
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: '/nowhere?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /nowhere', code: 'NOT_FOUND' });
  });

  it('carries the caller request id back', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});

describe('service app: tokens and roles', () => {
  it('lets an admin token through an admin guard', async () => {
    const app = await buildTestApp();
    const token = await signTestToken({ role: 'admin', sub: 'admin-1' });
    const response = await app.inject({ url: '/admin-only', headers: { authorization: `Bearer ${token}` } });
    expect(response.json()).toEqual({ id: 'admin-1' });
  });

  it('answers 401 without a token and 403 for the wrong role', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ url: '/admin-only' })).statusCode).toBe(401);
    const token = await signTestToken({ role: 'user' });
    const response = await app.inject({ url: '/admin-only', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
  });

  it('refuses expired, revoked, tampered and unsigned tokens with 401', async () => {
    const app = await buildTestApp();
    const expired = await signTestToken({ role: 'admin', expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const revoked = await signTestToken({ role: 'admin', jti: 'revoked-token-id' });
    const valid = await signTestToken({ role: 'user' });
    const [header, payload, signature] = valid.split('.');
    const elevated = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    const tampered = `${header}.${elevated}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${elevated}.`;
    for (const token of [expired, revoked, tampered, unsigned, 'garbage']) {
      const response = await app.inject({
        url: '/admin-only',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, token).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
    }
    const expiredAnswer = await app.inject({
      url: '/admin-only',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(expiredAnswer.json<{ message: string }>().message).toBe(
      'Your session has expired. Please sign in again.',
    );
  });
});

describe('service app: health and readiness', () => {
  const up = () => Promise.resolve();
  const down = (message: string) => () => Promise.reject(new Error(message));
  // The kit's own wiring (connectServiceDeps): database and Redis required, Kafka optional.
  const appWith = (checks: { database?: () => Promise<void>; kafka?: () => Promise<void> }) =>
    createApp({
      name: 'kit-spec',
      logger: createLogger('kit-spec', 'silent'),
      readiness: {
        database: checks.database ?? up,
        kafka: { check: checks.kafka ?? up, required: false },
        redis: up,
      },
    });

  it('is ready and ok when every dependency answers', async () => {
    const app = await appWith({});
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      service: 'kit-spec',
      checks: { database: 'up', redis: 'up' },
    });
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'ok',
      service: 'kit-spec',
      checks: { database: 'up', kafka: 'up', redis: 'up' },
    });
  });

  it('stays ready with Kafka down, and /healthz reports it degraded', async () => {
    const app = await appWith({ kafka: down('Connection timeout') });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      service: 'kit-spec',
      checks: { database: 'up', redis: 'up' },
    });
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'degraded',
      service: 'kit-spec',
      checks: { database: 'up', kafka: 'down: Connection timeout', redis: 'up' },
    });
  });

  it('is not ready with the database down, yet stays live (no restart by a liveness probe)', async () => {
    const app = await appWith({ database: down('connect ECONNREFUSED'), kafka: down('Connection timeout') });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not ready',
      service: 'kit-spec',
      checks: { database: 'down: connect ECONNREFUSED', redis: 'up' },
    });
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      checks: { database: 'down: connect ECONNREFUSED' },
    });
  });

  it('answers /healthz within half a second when a dependency hangs (the liveness probe never waits on it)', async () => {
    const app = await appWith({ kafka: () => new Promise<void>(() => undefined) });
    const started = performance.now();
    const health = await app.inject({ url: '/healthz' });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      checks: { kafka: 'down: timed out after 500 ms' },
    });
  });

  it('never waits for an optional check to answer /readyz (a balancer checking every 500 ms would drop it)', async () => {
    let asked = 0;
    const app = await appWith({
      kafka: () => {
        asked++;
        return new Promise<void>(() => undefined);
      },
    });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      service: 'kit-spec',
      checks: { database: 'up', redis: 'up' },
    });
    expect(asked).toBe(0);
  });

  it('treats a bare check, or one marked required, as required', async () => {
    const app = await createApp({
      name: 'kit-spec',
      logger: createLogger('kit-spec', 'silent'),
      readiness: { redis: down('connection lost'), search: { check: up, required: true } },
    });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    const marked = await createApp({
      name: 'kit-spec',
      logger: createLogger('kit-spec', 'silent'),
      readiness: { search: { check: down('no route'), required: true } },
    });
    expect((await marked.inject({ url: '/readyz' })).statusCode).toBe(503);
  });
});
