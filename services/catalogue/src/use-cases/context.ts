import type { Publish, Queryable } from '@spa/kit';

/**
 * What catalogue's use cases are handed: the database (or the transaction they run in, as an event
 * handler's) and the outbox publisher for the events a write announces.
 */
export interface CatalogueContext {
  db: Queryable;
  publish: Publish;
}
