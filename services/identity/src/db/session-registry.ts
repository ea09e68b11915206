import { REVOCATIONS_CHANNEL, revokedTokenKey, type Redis } from '@spa/kit';

const sessionsKey = (userId: string) => `identity:sessions:${userId}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The access tokens identity has handed out, per user (a sorted set of token ids scored by expiry),
 * so every live token of a user can be revoked at once: after a password reset or change, a role
 * change, or deletion. Revoked ids go where every verifier looks (the kit's revokedTokenKey).
 */
export class SessionRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly maxLifetimeSeconds: number,
    /** Told the ids just revoked, once they are stored and before the revoking call answers. */
    private readonly onRevoked: (tokenIds: readonly string[]) => void = () => undefined,
  ) {}

  async track(userId: string, tokenId: string, expiresAt: number): Promise<void> {
    const key = sessionsKey(userId);
    await this.redis
      .multi()
      .zadd(key, expiresAt, tokenId)
      .zremrangebyscore(key, '-inf', nowSeconds())
      .expire(key, this.maxLifetimeSeconds)
      .exec();
  }

  async revoke(userId: string, tokenId: string, expiresAt: number): Promise<void> {
    const remaining = expiresAt - nowSeconds();
    const transaction = this.redis.multi().zrem(sessionsKey(userId), tokenId);
    // Stored, and named to every verifier that remembers "not revoked" answers (the kit's
    // rememberingRevocationCheck), in one transaction.
    if (remaining > 0)
      transaction.set(revokedTokenKey(tokenId), '1', 'EX', remaining).publish(REVOCATIONS_CHANNEL, tokenId);
    await transaction.exec();
    this.onRevoked([tokenId]);
  }

  /** Revokes every live token of the user, except the one given (the caller's own session). */
  async revokeAll(userId: string, options: { except?: string } = {}): Promise<number> {
    const key = sessionsKey(userId);
    const now = nowSeconds();
    const live = await this.redis.zrangebyscore(key, now + 1, '+inf', 'WITHSCORES');
    const transaction = this.redis.multi();
    const revoked: string[] = [];
    for (let index = 0; index < live.length; index += 2) {
      const tokenId = live[index]!;
      if (tokenId === options.except) continue;
      transaction.set(revokedTokenKey(tokenId), '1', 'EX', Number(live[index + 1]) - now);
      transaction.zrem(key, tokenId);
      revoked.push(tokenId);
    }
    if (revoked.length > 0) transaction.publish(REVOCATIONS_CHANNEL, revoked.join(','));
    await transaction.exec();
    if (revoked.length > 0) this.onRevoked(revoked);
    return revoked.length;
  }
}
