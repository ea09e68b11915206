import { describe, expect, it } from 'vitest';
import { PrivateResponseCache } from './private-cache.js';

/** A cache on a clock the test moves, with the random draw the test chooses. */
function cacheAt(draw: number) {
  let now = 10_000;
  const cache = new PrivateResponseCache(
    100,
    () => now,
    () => draw,
  );
  const keep = (userId: string, url: string) => {
    const request = { url };
    cache.begin(request);
    return cache.store(request, userId, 'max-age=1', {}, Buffer.from('{}'), 'booking');
  };
  return { cache, keep, advance: (ms: number) => (now += ms) };
}

describe('PrivateResponseCache lifetimes', () => {
  it('keeps an answer never longer than the service asked, and at least three quarters of it', () => {
    const longest = cacheAt(0);
    expect(longest.keep('asha', '/api/v1/cart')).toBe(true);
    longest.advance(999);
    expect(longest.cache.get('asha', '/api/v1/cart')).toBeDefined();
    longest.advance(1);
    expect(longest.cache.get('asha', '/api/v1/cart')).toBeUndefined();

    const shortest = cacheAt(1);
    shortest.keep('asha', '/api/v1/cart');
    shortest.advance(749);
    expect(shortest.cache.get('asha', '/api/v1/cart')).toBeDefined();
    shortest.advance(1);
    expect(shortest.cache.get('asha', '/api/v1/cart')).toBeUndefined();
  });

  it('spreads the expiries of answers kept at the same moment over the last quarter of the lifetime', () => {
    let draws = 0;
    let now = 0;
    const cache = new PrivateResponseCache(
      1_000,
      () => now,
      () => (draws++ % 100) / 100,
    );
    for (let user = 0; user < 100; user++) {
      const request = { url: '/api/v1/orders' };
      cache.begin(request);
      cache.store(request, `user-${user}`, 'max-age=1', {}, Buffer.from('[]'), 'commerce');
    }
    const stillKept = (at: number) => {
      now = at;
      return Array.from({ length: 100 }, (_, user) => cache.get(`user-${user}`, '/api/v1/orders')).filter(
        Boolean,
      ).length;
    };
    // Not one herd at 1,000 ms: some go from 750 ms, about half by 875, the last at 1,000.
    expect(stillKept(749)).toBe(100);
    const atSevenEighths = stillKept(876);
    expect(atSevenEighths).toBeGreaterThan(30);
    expect(atSevenEighths).toBeLessThan(70);
    expect(stillKept(1_000)).toBe(0);
  });
});
