import { tooManyRequests, type Redis } from '@spa/kit';
import type { SignInThrottleSettings } from '../config.js';

const PREFIX = 'identity:signin';

function minutesText(milliseconds: number): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Counts failed sign-ins per account (by normalised email, whether or not it exists, so a lock says
 * nothing about registration) and per client address; too many within the window locks that key.
 * A successful sign-in clears the account's count but not the address's, so an attacker cannot
 * reset their address budget by signing in to an account of their own.
 */
export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly settings: SignInThrottleSettings,
  ) {}

  async assertAllowed(email: string, address: string): Promise<void> {
    const [accountLock, addressLock] = await Promise.all([
      this.redis.pttl(this.key('lock:account', email)),
      this.redis.pttl(this.key('lock:address', address)),
    ]);
    if (accountLock > 0)
      throw tooManyRequests(
        `Too many failed sign-in attempts for this account. Please try again in ${minutesText(accountLock)} or reset your password.`,
      );
    if (addressLock > 0)
      throw tooManyRequests(
        `Too many failed sign-in attempts from your network. Please try again in ${minutesText(addressLock)}.`,
      );
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.count('account', email, this.settings.maxFailuresPerAccount),
      this.count('address', address, this.settings.maxFailuresPerAddress),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.key('failures:account', email));
  }

  /** Lifts an account's lock, e.g. once its owner has proven themselves by resetting the password. */
  async clearAccount(email: string): Promise<void> {
    await this.redis.del(this.key('failures:account', email), this.key('lock:account', email));
  }

  private async count(kind: 'account' | 'address', subject: string, limit: number): Promise<void> {
    const failuresKey = this.key(`failures:${kind}`, subject);
    const [[, failures]] = (await this.redis
      .multi()
      .incr(failuresKey)
      .expire(failuresKey, this.settings.windowSeconds, 'NX')
      .exec()) as [[Error | null, number], [Error | null, number]];
    if (failures >= limit) {
      await this.redis
        .multi()
        .set(this.key(`lock:${kind}`, subject), '1', 'EX', this.settings.lockSeconds)
        .del(failuresKey)
        .exec();
    }
  }

  private key(kind: string, subject: string): string {
    return `${PREFIX}:${kind}:${subject}`;
  }
}
