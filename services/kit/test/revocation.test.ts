import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/redis.js';
import { authentication, requireAuth } from '../src/auth/guards.js';
import { REVOCATIONS_CHANNEL, rememberingRevocationCheck } from '../src/auth/revocation.js';
import { createTokenVerifier, revokedTokenKey } from '../src/auth/tokens.js';
import { signTestToken, testInfra, testJwks } from '../src/testing/index.js';

// The gateway and the services remember "not revoked" for a second instead of asking Redis
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

/** Until the subscription is live, nothing is remembered; a service waits for it before it serves. */
async function untilRemembering(check: (id: string) => Promise<boolean>) {
  await expect
    .poll(async () => {
      const probe = randomUUID();
      await check(probe);
      await publisher.set(revokedTokenKey(probe), '1', 'EX', 60);
      return check(probe);
    })
    .toBe(false);
}

describe('a revocation whose message has not arrived yet', () => {
  // Pub/sub reaches the other processes a moment after identity has answered; these store the key
  // without the message at all, the slowest that moment can be.
  it('is seen at once for the ids the process is told to forget', async () => {
    await untilRemembering(isRevoked);
    const [forgotten, other] = [randomUUID(), randomUUID()];
    expect(await isRevoked(forgotten)).toBe(false);
    expect(await isRevoked(other)).toBe(false);
    await publisher.set(revokedTokenKey(forgotten), '1', 'EX', 60);
    await publisher.set(revokedTokenKey(other), '1', 'EX', 60);
    isRevoked.forget([forgotten]);
    expect(await isRevoked(forgotten)).toBe(true);
    expect(await isRevoked(other)).toBe(false);
  });

  it('never lets the caller of a write back in: the answer to their sign-out forgets their token', async () => {
    const check = rememberingRevocationCheck(redis);
    const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: check });
    const app = Fastify();
    await app.register(authentication, { verifier });
    // A sign-out as identity does it, minus the message.
    app.post('/logout', { preHandler: requireAuth }, async (request) => {
      await publisher.set(revokedTokenKey(request.user!.tokenId), '1', 'EX', 60);
      return { message: 'signed out' };
    });
    app.get('/me', { preHandler: requireAuth }, async (request) => ({ id: request.user!.id }));
    await untilRemembering(check);
    try {
      const token = await signTestToken();
      const call = (method: 'GET' | 'POST', url: string) =>
        app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect((await call('GET', '/me')).statusCode).toBe(200);
      expect((await call('POST', '/logout')).statusCode).toBe(200);
      expect((await call('GET', '/me')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
  it('in a service whose writes never revoke a token, a write keeps its caller remembered; identity’s message still ends it', async () => {
    const check = rememberingRevocationCheck(redis);
    const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: check });
    const app = Fastify();
    await app.register(authentication, { verifier, forgetCallerOnWrites: false });
    app.post('/appointments', { preHandler: requireAuth }, async () => ({ booked: true }));
    await untilRemembering(check);
    try {
      const token = await signTestToken();
      const { jti: tokenId } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        jti: string;
      };
      const book = () =>
        app.inject({ method: 'POST', url: '/appointments', headers: { authorization: `Bearer ${token}` } });
      expect((await book()).statusCode).toBe(200);
      // Stored behind identity's back (no message): the next write is answered from memory, not Redis.
      await publisher.set(revokedTokenKey(tokenId), '1', 'EX', 60);
      expect((await book()).statusCode).toBe(200);
      // Identity's sign-out publishes the id: refused from then on.
      await revokeAsIdentity(tokenId);
      await expect.poll(async () => (await book()).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
