import { brotliDecompressSync } from 'node:zlib';
import { createBaseApp, createLogger } from '@spa/kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SharedResponseCache } from '../shared-cache.js';
import { sharedCache } from './shared-cache.js';

// The plugin only reads the cache and forgets from it; the upstream proxy and the server render fill
// it. Here the test fills it, and every route answers what reached it (so a hit is visible).
const cache = new SharedResponseCache(100);
const app = createBaseApp({ logger: createLogger('shared-cache-spec', 'silent') });
const list = JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, name: `Oil ${id}` })));
const shareable = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, s-maxage=60',
  etag: '"v1"',
  vary: 'Authorization',
};

beforeAll(async () => {
  await app.register(sharedCache, { cache });
  app.all('/*', async (request, reply) =>
    reply.code(request.url.includes('refused') ? 400 : 200).send({ reached: request.url }),
  );
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  cache.clear();
  cache.store('/api/v1/products?page=1', shareable, Buffer.from(list), 'catalogue');
  cache.store('/api/v1/bills/b-1', shareable, Buffer.from('{"bill":1}'), 'billing');
});

describe('the shared cache plugin', () => {
  it('answers a fresh anonymous read from memory, compressed on request, 304 for a matching tag', async () => {
    const hit = await app.inject({
      method: 'GET',
      url: '/api/v1/products?page=1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.vary).toBe('Authorization, Accept-Encoding');
    expect(hit.headers.etag).toBe('"v1"');
    expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(list);

    const revalidated = await app.inject({
      method: 'GET',
      url: '/api/v1/products?page=1',
      headers: { 'if-none-match': 'W/"v0", "v1"' },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('leaves signed-in reads, other paths and other queries to the route', async () => {
    for (const request of [
      { url: '/api/v1/products?page=1', headers: { authorization: 'Bearer x' } },
      { url: '/api/v1/products?page=1', headers: { cookie: 'a=b' } },
      { url: '/api/v1/products?page=2' },
      { url: '/products?page=1' },
    ]) {
      const response = await app.inject({ method: 'GET', ...request });
      expect(response.headers['x-cache'], request.url).toBeUndefined();
      expect(response.json()).toEqual({ reached: request.url });
    }
  });

  it("forgets only the written service's reads after a write through it", async () => {
    await app.inject({ method: 'POST', url: '/api/v1/cart', payload: {} });
    expect(cache.get('/api/v1/products?page=1')).toBeDefined();
    await app.inject({ method: 'PUT', url: '/api/v1/products/p-1', payload: {} });
    expect(cache.get('/api/v1/products?page=1')).toBeUndefined();
    expect(cache.get('/api/v1/bills/b-1')).toBeDefined();
  });

  it('forgets nothing after a refused write, and everything after a write it cannot place', async () => {
    await app.inject({ method: 'POST', url: '/api/v1/products/refused', payload: {} });
    expect(cache.get('/api/v1/products?page=1')).toBeDefined();
    await app.inject({ method: 'POST', url: '/elsewhere', payload: {} });
    expect(cache.get('/api/v1/products?page=1')).toBeUndefined();
    expect(cache.get('/api/v1/bills/b-1')).toBeUndefined();
  });
});
