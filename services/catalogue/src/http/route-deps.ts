import type { CatalogueConfig } from '../config.js';
import type { Store } from '../db/store.js';
import type { BookingClient } from '../integrations/booking-client.js';
import type { ImageStore } from '../uploads/image-store.js';
import type { CacheGroup, ReadCache } from './read-cache.js';

export interface RouteDeps {
  store: Store;
  cache: ReadCache;
  images: ImageStore;
  config: CatalogueConfig;
  booking: BookingClient;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read-cache groups a successful call of this route changes. */
    invalidates?: readonly CacheGroup[];
  }
}

/** The page a list query asked for, if any. */
export function pageOf(query: { page?: number; pageSize?: number }, defaultSize: number) {
  return query.page === undefined ? undefined : { number: query.page, size: query.pageSize ?? defaultSize };
}

/** A stable cache key for a list query: the same filters in any order are one entry. */
export function queryKey(query: Record<string, unknown>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
}
