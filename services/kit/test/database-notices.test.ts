import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, listenForNotices, type DatabaseHandle } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

// listenForNotices: a LISTEN on a connection of its own that comes back after the connection is cut
// (a Postgres restart, a failover), and says so, since notices sent meanwhile are lost.
describe('listenForNotices', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('kit_notices');
    handle = connectDatabase(database.url, { max: 2 });
  });

  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  const until = async (check: () => boolean) => {
    for (let tries = 0; tries < 200 && !check(); tries++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(check()).toBe(true);
  };

  it('hears notices on its channel only, once each transaction commits', async () => {
    const heard: Array<string | undefined> = [];
    const listener = listenForNotices(handle.url, 'kit_test_changes', (payload) => heard.push(payload), {
      applicationName: 'kit-notices-test',
    });
    await listener.ready;
    await handle.pool.query(`select pg_notify('another_channel', 'no')`);
    const client = await handle.pool.connect();
    await client.query('begin');
    await client.query(`select pg_notify('kit_test_changes', 'first')`);
    // An absence cannot be polled: a moment in which an uncommitted notice would have been heard.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    await client.query('commit');
    client.release();
    await until(() => heard.length === 1);
    expect(heard).toEqual(['first']);
    await listener.stop();
  });

  it('listens again after its connection is cut, and tells the listener that anything may have changed', async () => {
    const heard: Array<string | undefined> = [];
    const listener = listenForNotices(handle.url, 'kit_test_changes', (payload) => heard.push(payload), {
      applicationName: 'kit-notices-cut',
      retryMs: 50,
    });
    await listener.ready;
    const { rowCount } = await handle.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kit-notices-cut'`,
    );
    expect(rowCount).toBe(1);
    await until(() => heard.includes(undefined));
    await handle.pool.query(`select pg_notify('kit_test_changes', 'after')`);
    await until(() => heard.includes('after'));
    await listener.stop();
    // Stopped: no connection of its own is left behind.
    let left = 1;
    for (let tries = 0; tries < 40 && left > 0; tries++) {
      left =
        (await handle.pool.query(`select 1 from pg_stat_activity where application_name = 'kit-notices-cut'`))
          .rowCount ?? 0;
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(left).toBe(0);
  });

  it('refuses a channel name that is not a plain identifier (it is written into LISTEN)', () => {
    expect(() => listenForNotices(handle.url, 'x; drop table y', () => undefined)).toThrow(
      /not a channel name/,
    );
  });
});
