import type { Publish, Queryable } from '@spa/kit';

/** What a write needs: the database and the outbox publisher for the events it announces. */
export interface Store {
  db: Queryable;
  publish: Publish;
}
