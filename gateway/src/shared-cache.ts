import { encode, type Encoding } from './compression.js';

/**
 * A tiny shared HTTP cache for anonymous API reads ("micro-caching"): an answer a service marks
 * `public` with `s-maxage=N` is kept in memory for N seconds and served to every visitor without a
 * trip to the service. Only requests without credentials are looked up or stored, which is what the
 * services' `Vary: Authorization` asks of a shared cache.
 */
export interface CachedResponse {
  body: Buffer;
  headers: Record<string, string>;
  expiresAt: number;
  /** Who answered it (the service), so that a write forgets only that service's answers. */
  owner: string;
  /** The body compressed in each encoding asked for so far, made once and kept with the entry. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/** A cached answer's body in `encoding`, compressed on first need and then kept. */
export function encodedBody(entry: CachedResponse, encoding: Encoding): Buffer {
  entry.encoded ??= {};
  return (entry.encoded[encoding] ??= encode(entry.body, encoding));
}

// A server-rendered page's CSP names the hashes of its inline styles, so it is kept with the page.
const KEPT_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  'vary',
  'last-modified',
  'content-security-policy',
  // A list's paging (X-Total-Count and the page it is).
  'x-total-count',
  'x-page',
  'x-page-size',
];

/** The headers a kept answer is given again with. */
export function keptHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) if (typeof headers[name] === 'string') kept[name] = headers[name];
  return kept;
}

/** The shared-cache lifetime in milliseconds that a Cache-Control value grants, or 0. */
export function sharedLifetimeMs(cacheControl: unknown): number {
  if (typeof cacheControl !== 'string') return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (!directives.includes('public') || directives.some((d) => d === 'private' || d === 'no-store')) return 0;
  const sMaxAge = directives.find((directive) => directive.startsWith('s-maxage='));
  const seconds = sMaxAge ? Number(sMaxAge.slice('s-maxage='.length)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

export class SharedResponseCache {
  private readonly entries = new Map<string, CachedResponse>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
  }

  /**
   * After a write through this gateway to `owner`: that service's reads go to it again. Answers of
   * other services stay (a sign-in, a cart or a booking changes nothing the catalogue says).
   */
  forget(owner: string): void {
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.entries.delete(key);
  }

  /** Stores an answer of `owner` if its headers allow a shared cache to; answers whether it did. */
  store(key: string, headers: Record<string, unknown>, body: Buffer, owner = ''): boolean {
    const lifetime = sharedLifetimeMs(headers['cache-control']);
    if (lifetime === 0 || this.maxEntries === 0) return false;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { body, headers: keptHeaders(headers), expiresAt: this.now() + lifetime, owner });
    return true;
  }
}

/** Whether a request may be answered from, or fill, the shared cache. */
export function isSharedCacheable(request: { method: string; headers: Record<string, unknown> }): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.headers.authorization &&
    !request.headers.cookie
  );
}
