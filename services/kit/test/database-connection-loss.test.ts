import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

// A Postgres restart (as the fault experiments, npm run test:faults, do) ends the connections of
// clients checked out at that moment (a transaction, the outbox relay), and pg emits 'error' on each:
// with nobody listening, the service would crash instead of recovering.
describe('a database connection lost while a client is checked out', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('kit_connection_loss');
    handle = connectDatabase(database.url, { max: 2 });
  });

  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it("fails that client's queries without crashing the process, and the pool serves again", async () => {
    const uncaught: unknown[] = [];
    const recordUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', recordUncaught);
    const client = await handle.pool.connect();
    try {
      // pg-pool listens for errors only on idle clients; without a listener of ours the emit below throws.
      expect(client.listenerCount('error')).toBeGreaterThan(0);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => client.once('end', resolve));

      // What a Postgres shutdown does to every session: the server ends it.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await ended;

      await expect(client.query('select 1')).rejects.toThrow();
      expect(uncaught).toEqual([]);
    } finally {
      client.release(true);
      process.off('uncaughtException', recordUncaught);
    }
    const again = await handle.pool.query<{ one: number }>('select 1 as one');
    expect(again.rows[0]!.one).toBe(1);
  });
});
