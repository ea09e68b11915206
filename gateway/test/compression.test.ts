import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

// An upstream answering like the catalogue (a large shareable list, a large private answer and a
// small one), and a built web app with precompressed copies beside its assets, as the build writes.
const reached: string[] = [];
const list = JSON.stringify(
  Array.from({ length: 300 }, (_, id) => ({ id, name: `Lavender oil ${id}`, pricePaise: 49_900 + id })),
);
const small = JSON.stringify({ ok: true });
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let upstream: Server;
let gateway: FastifyInstance;
let webDist: string;
const redis = connectRedis(testInfra.redisUrl);

beforeAll(async () => {
  upstream = createServer((request, response) => {
    reached.push(request.url ?? '');
    const body = request.url?.startsWith('/products/small') ? small : list;
    response
      .writeHead(200, {
        'content-length': Buffer.byteLength(body),
        'content-type': 'application/json; charset=utf-8',
        vary: 'Authorization',
        'cache-control': request.url?.startsWith('/products')
          ? 'public, max-age=0, must-revalidate, s-maxage=30'
          : 'private, no-cache',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  webDist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(webDist, 'assets'));
  const html = `<!doctype html><html><body>${'<p>spa</p>'.repeat(200)}</body></html>`;
  for (const [name, content] of [
    ['index.html', html],
    ['assets/app-abc123.js', script],
  ] as const) {
    writeFileSync(join(webDist, name), content);
    writeFileSync(join(webDist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(webDist, `${name}.gz`), gzipSync(content));
  }
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const config = loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'catalogue,commerce',
    CATALOGUE_URL: url,
    COMMERCE_URL: url,
    WEB_DIST: webDist,
  });
  const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) });
  gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, verifier });
});

afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  redis.disconnect();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

const varies = (value: unknown) =>
  String(value)
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('precompressed static assets', () => {
  it('sends the brotli, gzip or plain copy by Accept-Encoding, with Vary and the immutable cache', async () => {
    const br = await gateway.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers.vary)).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await gateway.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await gateway.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the app page compressed too, for every page path', async () => {
    for (const path of ['/', '/store']) {
      const page = await gateway.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(varies(page.headers.vary)).toContain('accept-encoding');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<p>spa</p>');
    }
  });
});

describe('compressed API answers', () => {
  it('compresses a large answer in the preferred encoding and says it varies by it', async () => {
    const br = await gateway.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(list) / 4);
    expect(varies(br.headers.vary)).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(list);

    const gz = await gateway.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(list);

    const plain = await gateway.inject({ method: 'GET', url: '/api/v1/orders' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers.vary)).toContain('accept-encoding');
    expect(plain.body).toBe(list);
  });

  it('leaves a small answer as it is', async () => {
    const answer = await gateway.inject({
      method: 'GET',
      url: '/api/v1/products/small',
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toEqual({ ok: true });
  });

  it('serves a cached anonymous answer compressed from memory, in each encoding asked for', async () => {
    const before = reached.filter((url) => url === '/products?page=2').length;
    const first = await gateway.inject({
      method: 'GET',
      url: '/api/v1/products?page=2',
      headers: { 'accept-encoding': 'br' },
    });
    const second = await gateway.inject({
      method: 'GET',
      url: '/api/v1/products?page=2',
      headers: { 'accept-encoding': 'br' },
    });
    const gz = await gateway.inject({
      method: 'GET',
      url: '/api/v1/products?page=2',
      headers: { 'accept-encoding': 'gzip' },
    });
    const plain = await gateway.inject({ method: 'GET', url: '/api/v1/products?page=2' });
    expect(reached.filter((url) => url === '/products?page=2').length - before).toBe(1);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(list);
    expect(varies(second.headers.vary)).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(list);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(list);
  });
});
