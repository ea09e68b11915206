import { PRIVATE_CACHE_HEADER } from '@spa/kit';
import { keptHeaders, type CachedResponse } from './shared-cache.js';

export { PRIVATE_CACHE_HEADER };

/** How much shorter than asked an answer may be kept, at most (a random share of its lifetime). */
const LIFETIME_SPREAD = 0.25;

/** The longest a service may ask the gateway to keep a signed-in read. */
const MAX_PRIVATE_SECONDS = 5;

/** How long an answer's `x-spa-private-cache: max-age=N` lets the gateway keep it for its caller, or 0. */
function privateLifetimeMs(value: unknown): number {
  if (typeof value !== 'string') return 0;
  const seconds = Number(/(?:^|[\s,])max-age=(\d+)/.exec(value)?.[1] ?? 0);
  return Math.min(seconds, MAX_PRIVATE_SECONDS) * 1000;
}

/**
 * Signed-in reads kept per customer: the anonymous shared cache's idea for answers that
 * belong to one caller. An entry is filed under the user id of the verified token that read it and
 * the URL, so one customer's answer can only ever be found by the same customer; nothing is looked up
 * before the token was verified and checked against revocation (the gateway's authentication hook
 * runs first). Any write by a user forgets all of that user's answers, here and, through Redis, on
 * the other replicas; a read that was already on its way when a write came is not kept (it may
 * predate the write). What someone else changes (an admin, a payment event) shows within the
 * answer's lifetime, one second for every read that asks today.
 */
export class PrivateResponseCache {
  private readonly users = new Map<string, Map<string, CachedResponse>>();
  private size = 0;
  /** A counter that moves on every forget; a read remembers where it stood when it began. */
  private clock = 0;
  private readonly forgottenAt = new Map<string, number>();
  private readonly began = new WeakMap<object, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  get(userId: string, url: string): CachedResponse | undefined {
    const entries = this.users.get(userId);
    const entry = entries?.get(url);
    if (!entries || !entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      entries.delete(url);
      this.size--;
      if (entries.size === 0) this.users.delete(userId);
      return undefined;
    }
    return entry;
  }

  /** A read by `request` is on its way to a service: its answer may be kept if no forget comes first. */
  begin(request: object): void {
    this.began.set(request, this.clock);
  }

  /**
   * Keeps the answer to `request` (begun with begin) for its user, if the service asked (`mark`, the
   * x-spa-private-cache value) and no write of that user came since the read began; answers whether
   * it did.
   */
  store(
    request: { url: string },
    userId: string,
    mark: unknown,
    headers: Record<string, unknown>,
    body: Buffer,
    owner: string,
  ): boolean {
    const { url } = request;
    const lifetime = privateLifetimeMs(mark);
    const began = this.began.get(request);
    if (lifetime === 0 || this.maxEntries === 0 || began === undefined) return false;
    if ((this.forgottenAt.get(userId) ?? -1) > began) return false;
    let entries = this.users.get(userId);
    if (entries?.delete(url)) this.size--;
    // Full: the customers who read longest ago make room (a Map keeps insertion order).
    while (this.size >= this.maxEntries) {
      const [oldest, kept] = this.users.entries().next().value!;
      this.size -= kept.size;
      this.users.delete(oldest);
    }
    entries = this.users.get(userId);
    if (!entries) {
      entries = new Map();
      this.users.set(userId, entries);
    }
    // Never longer than asked, some a little shorter: answers kept at the same moment (every customer
    // reading at once, after a deploy, a burst) would otherwise all expire together and reach the
    // service in one herd, whose last waits behind the rest (the bench's p99 of 35 ms at 500 req/s).
    const kept = lifetime * (1 - LIFETIME_SPREAD * this.random());
    entries.set(url, { body, headers: keptHeaders(headers), expiresAt: this.now() + kept, owner });
    this.size++;
    return true;
  }

  /** A write by this user (here or on another replica): none of their answers is given again. */
  forgetUser(userId: string): void {
    const entries = this.users.get(userId);
    if (entries) {
      this.size -= entries.size;
      this.users.delete(userId);
    }
    this.clock++;
    this.forgottenAt.delete(userId);
    this.forgottenAt.set(userId, this.clock);
    // Only reads in flight need the mark; the oldest marks go once there are many.
    if (this.forgottenAt.size > 10 * Math.max(this.maxEntries, 100))
      this.forgottenAt.delete(this.forgottenAt.keys().next().value!);
  }

  get entryCount(): number {
    return this.size;
  }
}
