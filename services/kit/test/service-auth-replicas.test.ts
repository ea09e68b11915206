import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceAuth, parsePublicKeys, redisClaimOnce } from '../src/auth/service-auth.js';
import { connectRedis } from '../src/redis.js';
import { testInfra, testServiceKeyEnv } from '../src/testing/index.js';

const redis = connectRedis(testInfra.redisUrl, { connectionName: 'kit-service-auth-test' });
afterAll(() => redis.disconnect());

const settingsOf = (service: string) => {
  const env = testServiceKeyEnv(service);
  return { privateKey: env.SERVICE_KEY, publicKeys: parsePublicKeys(env.SERVICE_PUBLIC_KEYS) };
};

describe('replay protection across replicas (real Redis)', () => {
  it('refuses at a second replica a credential the first one already took', async () => {
    const commerce = await createServiceAuth('commerce', settingsOf('commerce'));
    const replica = () =>
      createServiceAuth('booking', settingsOf('booking'), { claimOnce: redisClaimOnce(redis) });
    const [first, second] = await Promise.all([replica(), replica()]);
    const token = await commerce.sign('booking');
    await expect(first.verify(token, ['commerce'])).resolves.toBe('commerce');
    await expect(second.verify(token, ['commerce'])).rejects.toThrow('replayed service credential');
    // A fresh credential is fine at either replica, and the claim expires with the credential.
    await expect(second.verify(await commerce.sign('booking'), ['commerce'])).resolves.toBe('commerce');
    const ttl = await redis.ttl(`service-auth:jti:commerce:${decodeJwt(token).jti}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(70);
  });

  it('still refuses a replay to the same replica when Redis fails', async () => {
    const commerce = await createServiceAuth('commerce', settingsOf('commerce'));
    const booking = await createServiceAuth('booking', settingsOf('booking'), {
      claimOnce: async () => {
        throw new Error('redis down');
      },
    });
    const token = await commerce.sign('booking');
    await expect(booking.verify(token, ['commerce'])).resolves.toBe('commerce');
    await expect(booking.verify(token, ['commerce'])).rejects.toThrow('replayed service credential');
  });
});
