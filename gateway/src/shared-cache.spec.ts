import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedBody, isSharedCacheable, sharedLifetimeMs, SharedResponseCache } from './shared-cache.js';

describe('the shared response cache', () => {
  it('takes its lifetime from s-maxage of a public answer only', () => {
    expect(sharedLifetimeMs('public, max-age=0, must-revalidate, s-maxage=1')).toBe(1000);
    expect(sharedLifetimeMs('public, no-cache')).toBe(0);
    expect(sharedLifetimeMs('private, s-maxage=5')).toBe(0);
    expect(sharedLifetimeMs('public, no-store, s-maxage=5')).toBe(0);
    expect(sharedLifetimeMs('public, s-maxage=abc')).toBe(0);
    expect(sharedLifetimeMs(undefined)).toBe(0);
  });

  it('serves an entry until it expires, then forgets it', () => {
    let clock = 1_000;
    const cache = new SharedResponseCache(10, () => clock);
    const headers = { 'cache-control': 'public, s-maxage=1', etag: '"abc"', 'set-cookie': 'x=1' };
    expect(cache.store('/api/v1/products', headers, Buffer.from('[]'))).toBe(true);
    expect(cache.get('/api/v1/products')?.headers).toEqual({
      'cache-control': 'public, s-maxage=1',
      etag: '"abc"',
    });
    clock += 999;
    expect(cache.get('/api/v1/products')?.body.toString()).toBe('[]');
    clock += 1;
    expect(cache.get('/api/v1/products')).toBeUndefined();
  });

  it('refuses what a shared cache may not keep, and keeps at most maxEntries', () => {
    const cache = new SharedResponseCache(2);
    expect(cache.store('/a', { 'cache-control': 'private, no-cache' }, Buffer.from('a'))).toBe(false);
    for (const key of ['/1', '/2', '/3'])
      cache.store(key, { 'cache-control': 'public, s-maxage=60' }, Buffer.from(key));
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/3')?.body.toString()).toBe('/3');
  });

  it('forgets everything when told a write went through', () => {
    const cache = new SharedResponseCache(10);
    cache.store('/a', { 'cache-control': 'public, s-maxage=60' }, Buffer.from('a'));
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
  });

  it('forgets only the answers of the service a write went to', () => {
    const cache = new SharedResponseCache(10);
    const shared = { 'cache-control': 'public, s-maxage=60' };
    cache.store('/api/v1/products', shared, Buffer.from('p'), 'catalogue');
    cache.store('/api/v1/other', shared, Buffer.from('o'), 'commerce');
    cache.forget('commerce');
    expect(cache.get('/api/v1/products')?.body.toString()).toBe('p');
    expect(cache.get('/api/v1/other')).toBeUndefined();
    cache.forget('catalogue');
    expect(cache.get('/api/v1/products')).toBeUndefined();
  });

  it('is only for reads without credentials', () => {
    expect(isSharedCacheable({ method: 'GET', headers: {} })).toBe(true);
    expect(isSharedCacheable({ method: 'GET', headers: { authorization: 'Bearer x' } })).toBe(false);
    expect(isSharedCacheable({ method: 'GET', headers: { cookie: 'a=b' } })).toBe(false);
    expect(isSharedCacheable({ method: 'POST', headers: {} })).toBe(false);
  });
});

describe('encodedBody', () => {
  it('compresses a cached answer once per encoding and keeps it with the entry', () => {
    const cache = new SharedResponseCache(10);
    const body = Buffer.from(JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id }))));
    cache.store('/a', { 'cache-control': 'public, s-maxage=60', 'content-type': 'application/json' }, body);
    const entry = cache.get('/a')!;
    const br = encodedBody(entry, 'br');
    expect(encodedBody(entry, 'br')).toBe(br);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(encodedBody(entry, 'gzip')).not.toBe(br);
  });
});
