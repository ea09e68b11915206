import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { serveTestJwks, signTestToken, testInfra } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

// The gateway verifies tokens through @fastify/jwt with identity's keys fetched from its JWKS URL.
const redis = connectRedis(testInfra.redisUrl);
let jwks: Awaited<ReturnType<typeof serveTestJwks>>;
let broken: Server;
let withKeys: FastifyInstance;
let withoutKeys: FastifyInstance;

const config = () =>
  loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'commerce',
    COMMERCE_URL: 'http://127.0.0.1:9',
    WEB_DIST: '/nonexistent',
  });

beforeAll(async () => {
  jwks = await serveTestJwks();
  broken = createServer((_request, response) => response.writeHead(503).end());
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  const logger = createLogger('gateway-keys-test', 'silent');
  withKeys = await buildGateway({
    config: config(),
    logger,
    redis,
    verifier: createTokenVerifier({ jwksUrl: jwks.url, isRevoked: revocationCheck(redis) }),
  });
  const { port } = broken.address() as AddressInfo;
  withoutKeys = await buildGateway({
    config: config(),
    logger,
    redis,
    verifier: createTokenVerifier({ jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json` }),
  });
});

afterAll(async () => {
  await withKeys?.close();
  await withoutKeys?.close();
  await jwks?.close();
  await new Promise<void>((resolve) => (broken ? broken.close(() => resolve()) : resolve()));
  redis.disconnect();
});

const call = (gateway: FastifyInstance, token: string) =>
  gateway.inject({
    url: '/api/v1/cart',
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('gateway token verification with keys from the JWKS URL', () => {
  it('lets a valid token through to the service, extra claims and all', async () => {
    const token = await signTestToken({ extra: { employeeStatus: 'applicant' } });
    const response = await call(withKeys, token);
    // Past the token check: the (absent) commerce service is what answers.
    expect(response.json().code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('answers 401 in the error shape for a token it cannot trust', async () => {
    const response = await call(withKeys, 'a.b.c');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid token', code: 'UNAUTHORIZED' });
  });

  it('answers 503 AUTH_UNAVAILABLE when the key set cannot be fetched', async () => {
    const response = await call(withoutKeys, await signTestToken());
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Sign-in is briefly unavailable. Please try again shortly.',
      code: 'AUTH_UNAVAILABLE',
    });
  });
});
