import { createBaseApp, createLogger, createTokenVerifier } from '@spa/kit';
import { signTestToken, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthentication } from './authentication.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = createBaseApp({ logger: createLogger('authentication-spec', 'silent') });
  await app.register(apiAuthentication, { verifier: createTokenVerifier({ jwks: await testJwks() }) });
  app.get('/*', (request, reply) => reply.send({ user: request.user?.role ?? null }));
  await app.ready();
});
afterAll(() => app?.close());

const call = (url: string, authorization?: string) =>
  app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('the authentication plugin', () => {
  it('sets the caller of an /api/v1 request from its token, or null without one', async () => {
    const token = await signTestToken({ role: 'employee' });
    expect((await call('/api/v1/account', `Bearer ${token}`)).json()).toEqual({ user: 'employee' });
    expect((await call('/api/v1/account')).json()).toEqual({ user: null });
  });

  it('turns a bad token away from /api/v1 with 401 in the error shape', async () => {
    const response = await call('/api/v1/account', 'Bearer not-a-jwt');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid token', code: 'UNAUTHORIZED' });
  });

  it('checks no token outside /api/v1: pages and files are served whatever the header says', async () => {
    for (const url of ['/cart', '/api/openapi.json']) {
      const response = await call(url, 'Bearer not-a-jwt');
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ user: null });
    }
  });
});
