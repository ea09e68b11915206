import { createHash } from 'node:crypto';
import type { Logger, Redis } from '@spa/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Reads that change together; a write bumps its group's generation, so old entries are never read again. */
export type CacheGroup = 'services' | 'rooms' | 'products' | 'reviews';

export interface CachedBody {
  etag: string;
  /** Kept as bytes so answering does not encode the same text again on every request. */
  body: Buffer;
}

// One round trip: the group's current generation and the entry stored under it.
const LOOKUP_COMMAND = 'catalogueReadLookup';
const LOOKUP_SCRIPT = `
local generation = redis.call('GET', KEYS[1]) or '0'
return { generation, redis.call('GET', ARGV[1] .. generation .. ':' .. ARGV[2]) }
`;

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

function serialise(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  return { etag: etagOf(body), body };
}

interface LocalEntry extends CachedBody {
  generation: string;
  storedAt: number;
}

const LOCAL_ENTRIES = 500;

/**
 * Public reads, cached in two tiers. Every write bumps its group's generation in Redis before it
 * answers, and an entry is only used under the generation it was read from the database with: a
 * read that raced a write can only fill an entry nobody will look up again, and the next read after
 * a write (on any replica) sees the write.
 *
 * Tier one is this process's memory; checking it costs one tiny GET of the generation, and
 * concurrent checks share a round trip (auto-pipelining). Tier two is the body in Redis, shared by
 * replicas. If Redis is down, reads go to the database and nothing is cached.
 */
export class ReadCache {
  private readonly client: Redis;
  private readonly lookup: (
    generationKey: string,
    entryPrefix: string,
    key: string,
  ) => Promise<[string, string | null]>;
  private readonly prefix: string;
  private readonly local = new Map<string, LocalEntry>();

  /** namespace: the database the entries come from, so two catalogues on one Redis never share. */
  constructor(
    redis: Redis,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
    namespace: string,
  ) {
    this.prefix = `catalogue:read:${namespace}`;
    this.client = redis.duplicate({ enableAutoPipelining: true, connectionName: 'catalogue-read-cache' });
    this.client.on('error', () => undefined);
    // A defined command runs by its SHA (EVALSHA), so the script text is not sent on every read.
    this.client.defineCommand(LOOKUP_COMMAND, { numberOfKeys: 1, lua: LOOKUP_SCRIPT });
    const command = (
      this.client as unknown as Record<string, (...args: string[]) => Promise<[string, string | null]>>
    )[LOOKUP_COMMAND]!;
    this.lookup = (...args) => command.apply(this.client, args);
  }

  async read(group: CacheGroup, key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const localKey = `${group}|${key}`;
    const entryPrefix = `${this.prefix}:${group}:`;
    let generation: string | undefined;
    try {
      const remembered = this.local.get(localKey);
      if (remembered && Date.now() - remembered.storedAt < this.ttlSeconds * 1000) {
        generation = (await this.client.get(this.generationKey(group))) ?? '0';
        if (generation === remembered.generation) return remembered;
      }
      const [current, stored] = await this.lookup(this.generationKey(group), entryPrefix, key);
      generation = current;
      if (stored) {
        const newline = stored.indexOf('\n');
        return this.remember(localKey, current, {
          etag: stored.slice(0, newline),
          body: Buffer.from(stored.slice(newline + 1)),
        });
      }
    } catch (error) {
      generation = undefined;
      this.logger.warn({ err: error }, 'read cache unavailable; reading the database');
    }
    const fresh = serialise(await load());
    if (generation !== undefined && this.ttlSeconds > 0) {
      this.remember(localKey, generation, fresh);
      this.client
        .set(
          `${entryPrefix}${generation}:${key}`,
          Buffer.concat([Buffer.from(`${fresh.etag}\n`), fresh.body]),
          'EX',
          this.ttlSeconds,
        )
        .catch((error: unknown) => this.logger.warn({ err: error }, 'could not fill the read cache'));
    }
    return fresh;
  }

  private remember(localKey: string, generation: string, cached: CachedBody): CachedBody {
    this.local.delete(localKey);
    if (this.local.size >= LOCAL_ENTRIES) this.local.delete(this.local.keys().next().value!);
    this.local.set(localKey, { ...cached, generation, storedAt: Date.now() });
    return cached;
  }

  private generationKey(group: CacheGroup): string {
    return `${this.prefix}:gen:${group}`;
  }

  async invalidate(groups: readonly CacheGroup[]): Promise<void> {
    if (groups.length === 0) return;
    try {
      await Promise.all(groups.map((group) => this.client.incr(this.generationKey(group))));
    } catch (error) {
      // The entries still expire after ttlSeconds; that is the most a reader can lag behind.
      this.logger.error({ err: error, groups }, 'could not invalidate the read cache');
    }
  }

  close(): void {
    this.client.disconnect();
  }
}

/**
 * Browsers revalidate every time (a 304 costs no body); a shared cache (the gateway's) may keep a
 * public answer for one second, so a burst of visitors costs the catalogue one read, and an edit is
 * seen by everyone within a second.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=1';

/** Answers a cached body with its ETag; a browser that already has it gets a bodyless 304. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  audience: Audience,
) {
  void reply
    .header('etag', cached.etag)
    .header('cache-control', audience === 'admin' ? 'private, no-cache' : PUBLIC_CACHE_CONTROL)
    .header('vary', 'Authorization');
  const wanted = request.headers['if-none-match'];
  if (wanted && wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

/** Admins also see inactive entries, so they read a cache of their own. */
export type Audience = 'admin' | 'public';

export function audienceOf(request: FastifyRequest): Audience {
  return request.user?.role === 'admin' ? 'admin' : 'public';
}
