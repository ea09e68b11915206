import { sql } from 'drizzle-orm';
import { products } from './schema.js';

/**
 * A product's next updated_at: the database's clock once the row lock is held, and always later than
 * the last one. Consumers keep the product copy with the newest updated_at, so it must grow in the
 * order the writes happened: a time taken before waiting for the lock (new Date(), or now(), the
 * transaction's start) let two concurrent reservations announce stock 4 after stock 3.
 */
export const nextProductUpdatedAt = sql`greatest(clock_timestamp(), ${products.updatedAt} + interval '1 millisecond')`;
