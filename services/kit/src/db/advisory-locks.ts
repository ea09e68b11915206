import { sql } from 'drizzle-orm';
import type { Queryable } from './database.js';

/**
 * Takes transaction-scoped advisory locks on these keys (released at commit or rollback), each key
 * once and all in one order in one statement, so two callers locking overlapping sets never wait on
 * each other crosswise. A key names what takes turns ("customer:<id>", "room:<id>:<bucket>"); the lock
 * is Postgres's 64-bit hash of it.
 */
export async function lockKeys(tx: Queryable, keys: readonly string[]): Promise<void> {
  const ordered = [...new Set(keys)].sort();
  if (ordered.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(key, 0)) from unnest(${sql.param(ordered)}::text[]) as key`,
  );
}
