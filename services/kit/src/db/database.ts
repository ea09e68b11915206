import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Database = NodePgDatabase<Record<string, never>>;
/** The transaction handle drizzle passes to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or a transaction. */
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  /** Where it connects: for a connection of its own beside the pool (listenForNotices). */
  url: string;
  pool: pg.Pool;
  db: Database;
  close(): Promise<void>;
}

// Postgres numeric and bigint come back as strings by default; counts and sequence numbers here
// stay well inside the safe integer range, so read int8 as a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connectDatabase(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the process.
  pool.on('error', () => undefined);
  // Nor may a checked-out one (a transaction, the relay's connection): pg emits 'error' on the client
  // itself then, and pg-pool listens only while it is idle. Its queries fail on their own and the pool
  // drops it on release, so the listener only keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool) as Database;
  return { url, pool, db, close: () => pool.end() };
}

// Resolved through the package name so it also works from a service's bundled dist/main.js.
const kitMigrations = join(
  dirname(createRequire(import.meta.url).resolve('@spa/kit/package.json')),
  'drizzle',
);

const MIGRATION_LOCK = 'spa-migrations';

/**
 * Applies the kit's own tables (outbox, inbox) and then the service's migrations. The kit keeps its
 * own migrations table so the two histories never collide.
 *
 * Under a session advisory lock on its own connection: replicas that start together (a cold start of
 * the fleet, a rollout) would otherwise run the same migration at once, and the loser fails on a
 * table that already exists. The others wait, then find nothing left to apply. The lock goes with the
 * connection if the process dies half-way.
 */
export async function migrateDatabase(db: Database, serviceMigrationsFolder?: string): Promise<void> {
  const pool = (db as Database & { $client?: pg.Pool }).$client;
  const lockHolder = pool instanceof pg.Pool ? await pool.connect() : undefined;
  try {
    await lockHolder?.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: kitMigrations, migrationsTable: '__kit_migrations' });
    if (serviceMigrationsFolder) await migrate(db, { migrationsFolder: serviceMigrationsFolder });
  } finally {
    if (lockHolder) {
      await lockHolder
        .query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK])
        .catch(() => undefined);
      lockHolder.release();
    }
  }
}

export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('select 1');
}
