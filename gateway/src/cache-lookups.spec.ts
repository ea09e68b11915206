import { createBaseApp, createLogger, type Redis } from '@spa/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRoute } from './plugins/metrics.js';
import { privateCache } from './plugins/private-cache.js';
import { sharedCache } from './plugins/shared-cache.js';
import { PrivateResponseCache } from './private-cache.js';
import { SharedResponseCache } from './shared-cache.js';

// The caches' plugins as the gateway registers them; the test fills the caches itself, and the route
// behind them stands for the service (whatever reaches it was a miss).
const shared = new SharedResponseCache(100);
const kept = new PrivateResponseCache(100);
const app = createBaseApp({ logger: createLogger('cache-lookups-spec', 'silent') });
// Forgets between replicas go through Redis; one replica here, so nothing to carry.
const subscriber = {
  on: () => subscriber,
  subscribe: () => Promise.resolve(1),
  disconnect: () => undefined,
};
const redis = { duplicate: () => subscriber, publish: () => Promise.resolve(0) } as unknown as Redis;

beforeAll(async () => {
  // The authentication plugin's outcome: the verified caller (here the token is the user's id).
  app.addHook('onRequest', (request, _reply, done) => {
    const user = /^Bearer (\w+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (user) request.user = { id: user } as typeof request.user;
    done();
  });
  await app.register(sharedCache, { cache: shared });
  await app.register(privateCache, { cache: kept, redis });
  await app.register(metricsRoute, { config: { production: false, metricsToken: undefined } });
  app.get('/api/v1/*', (request, reply) => reply.send({ reached: request.url }));
  await app.ready();
});
afterAll(() => app.close());

async function lookups() {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const count = (cache: string, result: string) =>
    Number(
      new RegExp(`^gateway_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)$`, 'm').exec(
        text,
      )?.[1],
    );
  return {
    privateHit: count('private', 'hit'),
    privateMiss: count('private', 'miss'),
    sharedHit: count('shared', 'hit'),
    sharedMiss: count('shared', 'miss'),
  };
}

describe('gateway_cache_lookups_total on /metrics', () => {
  it("counts a customer's read answered from their kept answer as a private hit, one sent on as a miss", async () => {
    const before = await lookups();
    const read = { url: '/api/v1/cart' };
    kept.begin(read);
    kept.store(
      read,
      'asha',
      'max-age=5',
      { 'content-type': 'application/json' },
      Buffer.from('{}'),
      'commerce',
    );

    const hit = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { authorization: 'Bearer asha' },
    });
    expect(hit.headers['x-cache']).toBe('HIT');
    const miss = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { authorization: 'Bearer ravi' },
    });
    expect(miss.json()).toEqual({ reached: '/api/v1/cart' });

    const after = await lookups();
    expect(after.privateHit - before.privateHit).toBe(1);
    expect(after.privateMiss - before.privateMiss).toBe(1);
    // A signed-in read is never looked up in the shared cache.
    expect(after.sharedHit + after.sharedMiss).toBe(before.sharedHit + before.sharedMiss);
  });

  it('counts anonymous reads in the shared cache, and writes in neither', async () => {
    const before = await lookups();
    shared.store(
      '/api/v1/products',
      { 'cache-control': 'public, s-maxage=60' },
      Buffer.from('[]'),
      'catalogue',
    );
    await app.inject({ method: 'GET', url: '/api/v1/products' });
    await app.inject({ method: 'GET', url: '/api/v1/products?page=2' });
    await app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { authorization: 'Bearer asha' },
      payload: {},
    });

    const after = await lookups();
    expect(after.sharedHit - before.sharedHit).toBe(1);
    expect(after.sharedMiss - before.sharedMiss).toBe(1);
    expect(after.privateHit + after.privateMiss).toBe(before.privateHit + before.privateMiss);
  });
});
