import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError, type Redis } from '@spa/kit';
import type { SignInThrottleSettings } from '../config.js';

const PREFIX = 'identity:signin';
const HOUR_MS = 60 * 60 * 1000;

/** A 429 in the one error shape that also says, in seconds, when to come back (Retry-After). */
export class SignInThrottled extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

/** An attempt let through: already counted as a failure until recordSuccess says otherwise. */
export interface SignInAttempt {
  email: string;
  address: string;
  knownDevice: boolean;
  /** This attempt's entry in the account's last-hour list. */
  entry: string;
}

/**
 * Decides and reserves an attempt in one step, so parallel guesses cannot all slip through between
 * the check and the count. Answers ['ok', 0] or [reason, milliseconds to wait].
 *
 * KEYS: pair hash (f = failures, t = last attempt, for this account from this address), the account's
 * attempts of the last hour (sorted set), the account's pressure slot, this pair's clean-address wait,
 * the address's spray lock, the account's set of addresses with a pair (for clearAccount).
 */
const DECIDE = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local base = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
local memory = tonumber(ARGV[5])
local ceiling = tonumber(ARGV[6])
local window = tonumber(ARGV[7])
local interval = tonumber(ARGV[8])
local cleanWait = tonumber(ARGV[9])
local known = ARGV[10] == '1'
if not known then
  local lock = redis.call('PTTL', KEYS[5])
  if lock > 0 then return {'address', lock} end
end
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
if failures >= free then
  local last = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
  local delay = math.min(base * 2 ^ (failures - free), cap)
  local wait = last + delay - now
  if wait > 0 then return {'delay', math.ceil(wait)} end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
if not known and redis.call('ZCARD', KEYS[2]) >= ceiling then
  if failures == 0 then
    local since = redis.call('GET', KEYS[4])
    if not since then
      redis.call('SET', KEYS[4], now, 'PX', memory)
      return {'clean', cleanWait}
    end
    local wait = tonumber(since) + cleanWait - now
    if wait > 0 then return {'clean', math.ceil(wait)} end
  elseif not redis.call('SET', KEYS[3], now, 'PX', interval, 'NX') then
    return {'account', redis.call('PTTL', KEYS[3])}
  end
end
redis.call('HINCRBY', KEYS[1], 'f', 1)
redis.call('HSET', KEYS[1], 't', now)
redis.call('PEXPIRE', KEYS[1], memory)
redis.call('ZADD', KEYS[2], now, ARGV[11])
redis.call('PEXPIRE', KEYS[2], window)
redis.call('SADD', KEYS[6], ARGV[12])
redis.call('PEXPIRE', KEYS[6], memory)
return {'ok', 0}
`;

/**
 * The most wrong guesses that `addresses` client addresses (without a device that signed in before)
 * can make against one account within `seconds` (at most an hour): the attempts before the account
 * comes under pressure, one attempt per address that has not failed against it yet, and the shared
 * attempts, one per pressure interval (plus one at the interval's edge). Addresses that already
 * failed within SIGNIN_FAILURE_MEMORY_SECONDS get no clean attempt (`addressesFresh: false`).
 */
export function guessBound(
  settings: Pick<SignInThrottleSettings, 'accountCeiling' | 'pressureIntervalSeconds'>,
  addresses: number,
  seconds = 3600,
  { addressesFresh = true } = {},
): number {
  return (
    settings.accountCeiling +
    (addressesFresh ? addresses : 0) +
    Math.floor(seconds / settings.pressureIntervalSeconds) +
    1
  );
}

type Verdict = ['ok' | 'address' | 'delay' | 'clean' | 'account', number];

const seconds = (milliseconds: number) => Math.max(1, Math.ceil(milliseconds / 1000));

function waitText(milliseconds: number): string {
  const total = seconds(milliseconds);
  if (total < 120) return total === 1 ? '1 second' : `${total} seconds`;
  return `${Math.ceil(total / 60)} minutes`;
}

const DEVICE_PATTERN = /^[\w-]{43}$/;

/**
 * Sign-in throttling that slows attackers without locking owners out (no account lock):
 *
 * - per account AND client address: after `freeFailures` failures from one address against one
 *   account, that address waits `baseDelayMs`, then twice as long after each further failure, up to
 *   `maxDelayMs`; a success from that address forgets its failures;
 * - per account across addresses: once an account has had `accountCeiling` attempts in the last hour
 *   that did not succeed, addresses that have failed against it share one attempt per
 *   `pressureIntervalMs`; an address with no failures against it waits `cleanWaitMs` once and then
 *   goes through (slowed, never blocked), and a device that signed in to it before is not slowed;
 * - per address across accounts (password spraying): `maxFailuresPerAddress` failures within
 *   `addressWindowSeconds` block that address for `addressLockSeconds`, except for known devices.
 *
 * Accounts are keyed by normalised email whether or not it exists, so nothing tells registration apart.
 * Every attempt counts as a failure from the moment it is let through, so parallel guesses are counted.
 */
export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly settings: SignInThrottleSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Lets an attempt through (and counts it) or throws SignInThrottled with the time to wait. */
  async assertAllowed(email: string, address: string, device?: string): Promise<SignInAttempt> {
    const knownDevice = await this.isKnownDevice(email, device);
    const entry = `${this.now()}:${randomUUID()}`;
    const s = this.settings;
    const [reason, waitMs] = (await this.redis.eval(
      DECIDE,
      6,
      this.key('pair', email, address),
      this.key('account', email),
      this.key('slot', email),
      this.key('clean', email, address),
      this.key('lock:address', address),
      this.key('addresses', email),
      this.now(),
      s.freeFailures,
      s.baseDelaySeconds * 1000,
      s.maxDelaySeconds * 1000,
      s.failureMemorySeconds * 1000,
      s.accountCeiling,
      HOUR_MS,
      s.pressureIntervalSeconds * 1000,
      s.cleanWaitSeconds * 1000,
      knownDevice ? '1' : '0',
      entry,
      address,
    )) as Verdict;
    switch (reason) {
      case 'ok':
        return { email, address, knownDevice, entry };
      case 'address':
        throw new SignInThrottled(
          `Too many failed sign-in attempts from your network. Please try again in ${waitText(waitMs)}.`,
          seconds(waitMs),
        );
      case 'delay':
        throw new SignInThrottled(
          `Too many failed sign-in attempts. Please wait ${waitText(waitMs)} and try again.`,
          seconds(waitMs),
        );
      case 'clean':
        throw new SignInThrottled(
          `This account has had many failed sign-in attempts, so sign-ins from new places are slowed. Please wait ${waitText(waitMs)} and try again.`,
          seconds(waitMs),
        );
      case 'account':
        throw new SignInThrottled(
          `This account has had many failed sign-in attempts. Please wait ${waitText(waitMs)} and try again, or reset your password.`,
          seconds(waitMs),
        );
    }
  }

  /** The attempt failed: it already counts for the account and the pair; count it for the address. */
  async recordFailure(attempt: SignInAttempt): Promise<void> {
    const failuresKey = this.key('failures:address', attempt.address);
    const [[, failures]] = (await this.redis
      .multi()
      .incr(failuresKey)
      .expire(failuresKey, this.settings.addressWindowSeconds, 'NX')
      .exec()) as [[Error | null, number], [Error | null, number]];
    if (failures >= this.settings.maxFailuresPerAddress)
      await this.redis
        .multi()
        .set(this.key('lock:address', attempt.address), '1', 'EX', this.settings.addressLockSeconds)
        .del(failuresKey)
        .exec();
  }

  /**
   * The attempt succeeded: it leaves the account's count, and this address's failures against the
   * account are forgotten. The address's spray count stays (an attacker signing in to an account of
   * their own must not reset it).
   */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.redis
      .multi()
      .zrem(this.key('account', attempt.email), attempt.entry)
      .del(
        this.key('pair', attempt.email, attempt.address),
        this.key('clean', attempt.email, attempt.address),
      )
      .exec();
  }

  /**
   * Remembers the device a successful sign-in came from (its id is kept hashed, per account) and
   * answers the id to set in its cookie: the presented one if well-formed, else a new one.
   */
  async rememberDevice(email: string, presented?: string): Promise<string> {
    const device =
      presented && DEVICE_PATTERN.test(presented) ? presented : randomBytes(32).toString('base64url');
    await this.redis.set(this.deviceKey(email, device), '1', 'EX', this.settings.deviceMemorySeconds);
    return device;
  }

  /**
   * Forgets an account's pressure and every address's failures against it, once its owner has proven
   * themselves by resetting the password.
   */
  async clearAccount(email: string): Promise<void> {
    const addressesKey = this.key('addresses', email);
    const addresses = await this.redis.smembers(addressesKey);
    await this.redis.del(
      this.key('account', email),
      this.key('slot', email),
      addressesKey,
      ...addresses.flatMap((address) => [
        this.key('pair', email, address),
        this.key('clean', email, address),
      ]),
    );
  }

  private async isKnownDevice(email: string, device: string | undefined): Promise<boolean> {
    if (!device || !DEVICE_PATTERN.test(device)) return false;
    return (await this.redis.exists(this.deviceKey(email, device))) === 1;
  }

  private deviceKey(email: string, device: string): string {
    return this.key('device', email, createHash('sha256').update(device).digest('base64url'));
  }

  private key(kind: string, ...subjects: string[]): string {
    return `${PREFIX}:${kind}:${subjects.join('|')}`;
  }
}
