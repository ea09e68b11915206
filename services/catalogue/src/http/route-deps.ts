import { MAX_PAGE_SIZE } from '@spa/kit';
import type { CatalogueConfig } from '../config.js';
import type { CatalogueContext } from '../use-cases/context.js';
import type { BookingClient } from '../integrations/booking-client.js';
import type { ImageStore } from '../integrations/image-store.js';
import type { CacheGroup, ReadCache } from './read-cache.js';

/**
 * What catalogue's routes are registered with: the context they hand to use cases, and what only the
 * HTTP layer uses (the read cache, image uploads, the booking client, the clock of the review window).
 */
export interface RouteDeps {
  context: CatalogueContext;
  cache: ReadCache;
  images: ImageStore;
  config: CatalogueConfig;
  booking: BookingClient;
  /** The current time (reviews' 30-day edit window); tests may move it. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read-cache groups a successful call of this route changes. */
    invalidates?: readonly CacheGroup[];
  }
}

/** The default page size of the lists other than the store's (8). */
export const LIST_PAGE_SIZE = 20;

/**
 * The page a list answers: the one asked for (`asked`: the answer is the page object), or without
 * `page` the first MAX_PAGE_SIZE (or `pageSize`) entries as the plain array — never the whole table.
 */
export function pageOf(query: { page?: number; pageSize?: number }, defaultSize: number) {
  return query.page === undefined
    ? { number: 1, size: query.pageSize ?? MAX_PAGE_SIZE, asked: false }
    : { number: query.page, size: query.pageSize ?? defaultSize, asked: true };
}

/** A stable cache key for a list query: the same filters in any order are one entry. */
export function queryKey(query: Record<string, unknown>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
}
