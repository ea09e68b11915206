import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, migrateDatabase } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

// Cold start: every replica of a service migrates the same database as it starts. Without
// the lock two of them applying the first migration at once fail on a table that already exists.
describe('migrations when replicas start together', () => {
  const handles: Array<ReturnType<typeof connectDatabase>> = [];
  let dropDatabase: () => Promise<void> = () => Promise.resolve();
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await dropDatabase();
  });

  it('run once: four replicas migrating one empty database at the same moment all succeed', async () => {
    const database = await createTestDatabase('kit_migration_lock');
    dropDatabase = database.drop;
    for (let replica = 0; replica < 4; replica++) handles.push(connectDatabase(database.url, { max: 4 }));

    const outcomes = await Promise.allSettled(handles.map((handle) => migrateDatabase(handle.db)));

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const applied = await handles[0]!.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__kit_migrations`,
    );
    const files = await handles[0]!.db.execute<{ hash: string }>(
      sql`select distinct hash from drizzle.__kit_migrations`,
    );
    // Each kit migration recorded exactly once.
    expect(applied.rows[0]!.count).toBe(files.rows.length);
    // This database's advisory locks only: other test files migrate their own databases meanwhile.
    const locks = await handles[0]!.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(locks.rows[0]!.count).toBe(0);
  });
});
