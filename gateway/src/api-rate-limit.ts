import type { Redis } from '@spa/kit';

export interface RateVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

interface Counter {
  /** The count of every replica, as Redis last told us. */
  shared: number;
  /** Hits here not yet added to Redis. */
  pending: number;
}

/**
 * The general per-address API limit, shared by every gateway replica through Redis but without a
 * Redis round trip on the request path: hits are counted in memory and added to Redis in one
 * pipeline every `flushMs`, which answers the shared totals back. A replica can therefore overshoot
 * by what the others took in the last flush interval — fine for abuse protection. Sign-in and
 * password limits, where every attempt matters, keep a Redis check per request.
 */
export class SharedRateLimiter {
  private windowStart: number;
  private counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly options: { max: number; windowMs: number; flushMs: number; keyPrefix: string },
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = this.currentWindowStart();
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  hit(key: string): RateVerdict {
    this.rollWindow();
    let counter = this.counters.get(key);
    if (!counter) {
      counter = { shared: 0, pending: 0 };
      this.counters.set(key, counter);
    }
    counter.pending++;
    const used = counter.shared + counter.pending;
    return {
      allowed: used <= this.options.max,
      limit: this.options.max,
      remaining: Math.max(0, this.options.max - used),
      resetInMs: this.windowStart + this.options.windowMs - this.now(),
    };
  }

  /** Adds this replica's pending hits to Redis and learns everyone's totals. Never throws. */
  flush(): Promise<void> {
    this.flushing ??= this.sendPending().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async sendPending(): Promise<void> {
    this.rollWindow();
    const window = this.windowStart;
    const batch = [...this.counters].filter(([, counter]) => counter.pending > 0);
    if (batch.length === 0) return;
    const pipeline = this.redis.pipeline();
    const sent = batch.map(([key, counter]) => {
      const amount = counter.pending;
      const redisKey = `${this.options.keyPrefix}${window}:${key}`;
      pipeline.incrby(redisKey, amount);
      pipeline.pexpire(redisKey, this.options.windowMs * 2);
      return { key, counter, amount };
    });
    try {
      const results = await pipeline.exec();
      if (window !== this.windowStart) return;
      sent.forEach(({ counter, amount }, index) => {
        const [error, total] = results?.[index * 2] ?? [];
        counter.pending -= amount;
        // While Redis is unreachable a replica goes on counting on its own.
        counter.shared = error ? counter.shared + amount : Number(total);
      });
    } catch {
      // Redis unreachable: the hits stay pending and are sent with the next flush.
    }
  }

  private currentWindowStart(): number {
    const now = this.now();
    return now - (now % this.options.windowMs);
  }

  private rollWindow(): void {
    const start = this.currentWindowStart();
    if (start === this.windowStart) return;
    this.windowStart = start;
    this.counters.clear();
  }
}
