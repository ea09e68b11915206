import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { signTestToken, testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

// An upstream that answers like the catalogue's public reads (and counts what reaches it), so the
// test can see which requests the gateway answered itself.
const reached: string[] = [];
let upstream: Server;
let gateway: FastifyInstance;
const redis = connectRedis(testInfra.redisUrl);
// The shared cache's clock: a test moves it past an answer's s-maxage instead of waiting that long.
let clockSkewMs = 0;
const now = () => Date.now() + clockSkewMs;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    if (request.method !== 'GET') return void response.writeHead(201).end();
    const shared = request.url?.startsWith('/products') && !request.headers.authorization;
    const body = JSON.stringify({ url: request.url });
    response
      .writeHead(200, {
        'content-length': Buffer.byteLength(body),
        'content-type': 'application/json; charset=utf-8',
        etag: '"v1"',
        vary: 'Authorization',
        'cache-control': shared ? 'public, max-age=0, must-revalidate, s-maxage=1' : 'private, no-cache',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const config = loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'catalogue,commerce',
    CATALOGUE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    COMMERCE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    WEB_DIST: '/nonexistent',
  });
  const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) });
  gateway = await buildGateway({
    config,
    logger: createLogger('gateway-test', 'silent'),
    redis,
    verifier,
    now,
  });
});

afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  redis.disconnect();
});

const reachedFor = (url: string) => reached.filter((line) => line === `GET ${url}`).length;

describe('the shared cache for anonymous reads', () => {
  it('answers a repeated anonymous read from memory while it is fresh', async () => {
    const first = await gateway.inject({ method: 'GET', url: '/api/v1/products?page=1' });
    const second = await gateway.inject({ method: 'GET', url: '/api/v1/products?page=1' });
    expect(first.json()).toEqual({ url: '/products?page=1' });
    expect(second.body).toBe(first.body);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers.etag).toBe('"v1"');
    expect(second.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reachedFor('/products?page=1')).toBe(1);

    const revalidated = await gateway.inject({
      method: 'GET',
      url: '/api/v1/products?page=1',
      headers: { 'if-none-match': '"v1"' },
    });
    expect(revalidated.statusCode).toBe(304);

    clockSkewMs += 1_050; // past the answer's s-maxage=1
    await gateway.inject({ method: 'GET', url: '/api/v1/products?page=1' });
    expect(reachedFor('/products?page=1')).toBe(2);
  });

  it('never serves or stores a signed-in read, nor an answer marked private', async () => {
    const token = await signTestToken({ role: 'admin' });
    for (let call = 0; call < 2; call++)
      await gateway.inject({
        method: 'GET',
        url: '/api/v1/products?as=admin',
        headers: { authorization: `Bearer ${token}` },
      });
    expect(reachedFor('/products?as=admin')).toBe(2);
    for (let call = 0; call < 2; call++)
      await gateway.inject({ method: 'GET', url: '/api/v1/admin/services' });
    expect(reachedFor('/admin/services')).toBe(2);
  });

  it('forgets what it keeps when a write goes through', async () => {
    await gateway.inject({ method: 'GET', url: '/api/v1/products?page=2' });
    await gateway.inject({ method: 'GET', url: '/api/v1/products?page=2' });
    expect(reachedFor('/products?page=2')).toBe(1);
    const token = await signTestToken({ role: 'admin' });
    const write = await gateway.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'New oil' },
    });
    expect(write.statusCode).toBe(201);
    await gateway.inject({ method: 'GET', url: '/api/v1/products?page=2' });
    expect(reachedFor('/products?page=2')).toBe(2);
  });

  // A write forgets only its own service's answers: if every sign-in, cart change or order emptied the
  // whole cache, under mixed traffic (npm run bench --mixed) anonymous reads would all reach the catalogue.
  it("keeps one service's answers when a write goes to another", async () => {
    await gateway.inject({ method: 'GET', url: '/api/v1/products?page=3' });
    const token = await signTestToken({ role: 'user' });
    const write = await gateway.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { authorization: `Bearer ${token}` },
      payload: { product: 'p-1' },
    });
    expect(write.statusCode).toBe(201);
    const after = await gateway.inject({ method: 'GET', url: '/api/v1/products?page=3' });
    expect(after.headers['x-cache']).toBe('HIT');
    expect(reachedFor('/products?page=3')).toBe(1);
  });
});
