import { connectRedis } from '@spa/kit';
import { testInfra, uniqueName } from '@spa/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedRateLimiter } from '../src/api-rate-limit.js';

const redis = connectRedis(testInfra.redisUrl);
afterAll(() => redis.quit());

function replica(keyPrefix: string, max: number, now?: () => number) {
  return new SharedRateLimiter(redis, { max, windowMs: 60_000, flushMs: 1_000, keyPrefix }, now);
}

describe('the shared API rate limit', () => {
  it('refuses the hit past the limit and says how many remain before it', () => {
    const limiter = replica(`${uniqueName('rl')}:`, 3);
    expect([1, 2, 3, 4].map(() => limiter.hit('10.0.0.1'))).toMatchObject([
      { allowed: true, remaining: 2, limit: 3 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
      { allowed: false, remaining: 0 },
    ]);
    expect(limiter.hit('10.0.0.2').allowed).toBe(true);
  });

  it('counts the hits of every replica once they have flushed to Redis', async () => {
    const prefix = `${uniqueName('rl')}:`;
    const first = replica(prefix, 10);
    const second = replica(prefix, 10);
    for (let hit = 0; hit < 6; hit++) first.hit('10.0.0.9');
    for (let hit = 0; hit < 3; hit++) second.hit('10.0.0.9');
    await first.flush();
    await second.flush();
    // Redis now holds 9: the second replica knows of all of them, the first learns on its next flush.
    expect(second.hit('10.0.0.9')).toMatchObject({ allowed: true, remaining: 0 });
    expect(second.hit('10.0.0.9').allowed).toBe(false);
    await first.flush();
    expect(first.hit('10.0.0.9').allowed).toBe(true); // 9 shared + 1 here; the second's 2 are unflushed
    await second.flush();
    await first.flush();
    expect(first.hit('10.0.0.9').allowed).toBe(false);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBe(12);
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(60_000);
  });

  it('starts a new count in a new window', () => {
    let clock = 1_020_000_020_000;
    const limiter = replica(`${uniqueName('rl')}:`, 1, () => clock);
    expect(limiter.hit('10.0.0.3').allowed).toBe(true);
    expect(limiter.hit('10.0.0.3').allowed).toBe(false);
    clock += 60_000;
    expect(limiter.hit('10.0.0.3')).toMatchObject({ allowed: true, resetInMs: 40_000 });
  });

  it('goes on counting on its own while Redis cannot be reached', async () => {
    const unreachable = connectRedis('redis://127.0.0.1:1');
    // A fixed instant mid-window: on the real clock a minute could turn while the failed flush waits,
    // and a new window rightly starts a new count (CI once caught exactly that).
    const limiter = new SharedRateLimiter(
      unreachable,
      { max: 2, windowMs: 60_000, flushMs: 1_000, keyPrefix: 'rl-offline:' },
      () => 1_020_000_030_000,
    );
    limiter.hit('10.0.0.4');
    await limiter.flush();
    limiter.hit('10.0.0.4');
    expect(limiter.hit('10.0.0.4').allowed).toBe(false);
    unreachable.disconnect();
  });
});
