import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/redis.js';
import { REVOCATIONS_CHANNEL, rememberingRevocationCheck } from '../src/auth/revocation.js';
import { revokedTokenKey } from '../src/auth/tokens.js';
import { testInfra } from '../src/testing/index.js';

// Issue #17: the gateway and the services remember "not revoked" for a second instead of asking Redis
// on every request; a revocation identity publishes must still take effect at once.
const redis = connectRedis(testInfra.redisUrl);
const publisher = connectRedis(testInfra.redisUrl);
let clockMs = Date.now();
const isRevoked = rememberingRevocationCheck(redis, { rememberMs: 1_000, now: () => clockMs });
afterAll(() => {
  redis.disconnect();
  publisher.disconnect();
});

/** What identity's session registry does: store the id and name it on the channel, in one transaction. */
const revokeAsIdentity = (...ids: string[]) =>
  publisher
    .multi()
    .set(revokedTokenKey(ids[0]!), '1', 'EX', 60)
    .set(revokedTokenKey(ids.at(-1)!), '1', 'EX', 60)
    .publish(REVOCATIONS_CHANNEL, ids.join(','))
    .exec();

describe('the remembering revocation check', () => {
  it('refuses a token at once when identity revokes it, even one it had just let through', async () => {
    // Wait until the subscription is live (a fresh connection), as a service is before it serves: then
    // a "not revoked" is remembered, and a key stored behind identity's back is not seen.
    await expect
      .poll(async () => {
        const probe = randomUUID();
        await isRevoked(probe);
        await publisher.set(revokedTokenKey(probe), '1', 'EX', 60);
        return isRevoked(probe);
      })
      .toBe(false);

    const [one, two] = [randomUUID(), randomUUID()];
    expect(await isRevoked(one)).toBe(false);
    expect(await isRevoked(two)).toBe(false);
    await revokeAsIdentity(one, two);
    await expect.poll(() => isRevoked(one), { timeout: 1_000, interval: 5 }).toBe(true);
    expect(await isRevoked(two)).toBe(true);
  });

  it('remembers "not revoked" for its lifetime only: a key stored without the message counts after that', async () => {
    const id = randomUUID();
    expect(await isRevoked(id)).toBe(false);
    await publisher.set(revokedTokenKey(id), '1', 'EX', 60);
    expect(await isRevoked(id)).toBe(false);
    clockMs += 1_001;
    expect(await isRevoked(id)).toBe(true);
  });
});
