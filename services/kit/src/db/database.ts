import { createHash } from 'node:crypto';
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

/** Statements a connection keeps prepared at most; past it, new texts run unnamed (parsed each time). */
const PREPARED_PER_CONNECTION = 500;
/** Longer texts are rare (big IN lists, bulk inserts) and seldom repeat: not worth keeping. */
const PREPARED_MAX_TEXT = 8_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('hex')}`;
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown[];
}

/**
 * Every parameterised query runs as a named prepared statement (the name a hash of its text), so
 * Postgres parses and plans it once per connection instead of on every call, and the client sends
 * Bind/Execute without the statement's text. Parsing and planning would otherwise be a large part of
 * the database's CPU on the checkout and booking paths. Statements without parameters (BEGIN,
 * COMMIT, migrations) stay on the simple protocol. The queries here name their columns, so a migration
 * adding a column never changes a prepared statement's result (Postgres re-plans it on its own).
 */
class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // pg's query() has many overloads; this passes every call through, naming the text (string or object form).
  override query(...args: unknown[]): never {
    const [given, values] = args;
    const config: unknown = typeof given === 'string' ? { text: given } : given;
    if (config && typeof config === 'object') {
      const { text, name, values: ownValues } = config as QueryConfigLike;
      const withValues = (Array.isArray(values) && values.length > 0) || (ownValues?.length ?? 0) > 0;
      if (typeof text === 'string' && name === undefined && withValues && text.length <= PREPARED_MAX_TEXT) {
        const statement = statementName(text);
        if (this.prepared.has(statement) || this.prepared.size < PREPARED_PER_CONNECTION) {
          this.prepared.add(statement);
          args[0] = { ...config, name: statement };
        }
      }
    }
    return (super.query as (...passed: unknown[]) => never)(...args);
  }
}

export function connectDatabase(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    Client: PreparingClient,
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
