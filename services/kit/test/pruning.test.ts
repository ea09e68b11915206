import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectDatabase,
  eventRowsPruned,
  migrateDatabase,
  startEventTablePruning,
  type DatabaseHandle,
  type Logger,
} from '../src/index.js';
import { createTestDatabase, eventually } from '../src/testing/index.js';
import { logger } from './fixtures/probe-world.js';

// Sent outbox rows and old inbox rows are deleted in small batches, so the two tables stay
// flat under steady load; unsent outbox rows are never touched.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const retention = { outboxRetentionMs: 72 * HOUR, inboxRetentionMs: 14 * DAY };

describe('pruning the outbox and inbox', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('kit_pruning');
    handle = connectDatabase(database.url, { max: 6 });
    await migrateDatabase(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    await handle.pool.query('truncate outbox, inbox');
  });

  /** Outbox rows keyed `key`, created `createdHoursAgo` and sent `sentHoursAgo` (null: unsent). */
  const addOutbox = (key: string, count: number, createdHoursAgo: number, sentHoursAgo: number | null) =>
    handle.pool.query(
      `insert into outbox (id, topic, key, event_type, payload, headers, created_at, sent_at)
       select gen_random_uuid(), 'testing.pruning', $1, 'testing.pruned', '\\x00'::bytea, '{}'::jsonb,
              now() - $2::int * interval '1 hour',
              case when $3::int is null then null else now() - $3::int * interval '1 hour' end
       from generate_series(1, $4::int)`,
      [key, createdHoursAgo, sentHoursAgo, count],
    );

  const addInbox = (consumer: string, count: number, handledHoursAgo: number) =>
    handle.pool.query(
      `insert into inbox (consumer, event_id, event_type, topic, handled_at)
       select $1, gen_random_uuid(), 'testing.pruned', 'testing.pruning', now() - $2::int * interval '1 hour'
       from generate_series(1, $3::int)`,
      [consumer, handledHoursAgo, count],
    );

  const countsBy = async (table: 'outbox' | 'inbox') => {
    const column = table === 'outbox' ? 'key' : 'consumer';
    const { rows } = await handle.pool.query<{ name: string; count: number }>(
      `select ${column} as name, count(*)::int as count from ${table} group by 1 order by 1`,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.count]));
  };

  const pruned = async (table: 'outbox' | 'inbox') =>
    (await eventRowsPruned.get()).values.find((value) => value.labels.table === table)?.value ?? 0;

  it('deletes exactly the sent outbox rows and inbox rows past their retention, batch after batch', async () => {
    await addOutbox('sent-old', 25, 200, 100);
    await addOutbox('sent-just-inside', 2, 200, 71);
    await addOutbox('sent-recent', 3, 2, 1);
    await addOutbox('unsent-old', 4, 500, null);
    await addOutbox('unsent-recent', 2, 0, null);
    await addInbox('old', 23, 15 * 24);
    await addInbox('just-inside', 2, 13 * 24);
    await addInbox('recent', 3, 1);
    const before = { outbox: await pruned('outbox'), inbox: await pruned('inbox') };

    const pruning = startEventTablePruning({
      pool: handle.pool,
      logger,
      ...retention,
      batchSize: 10,
      intervalMs: 0,
    });
    try {
      // 25 and 23 rows in batches of 10: three batches each, all in one run.
      expect(await pruning.pruneOnce()).toEqual({ outbox: 25, inbox: 23 });
      expect(await countsBy('outbox')).toEqual({
        'sent-just-inside': 2,
        'sent-recent': 3,
        'unsent-old': 4,
        'unsent-recent': 2,
      });
      expect(await countsBy('inbox')).toEqual({ 'just-inside': 2, recent: 3 });
      expect({ outbox: await pruned('outbox'), inbox: await pruned('inbox') }).toEqual({
        outbox: before.outbox + 25,
        inbox: before.inbox + 23,
      });

      // Nothing left to prune; a row sent long ago is pruned even though it was created long before.
      expect(await pruning.pruneOnce()).toEqual({ outbox: 0, inbox: 0 });
      await handle.pool.query(
        `update outbox set sent_at = now() - interval '73 hours' where key = 'unsent-old'`,
      );
      expect(await pruning.pruneOnce()).toEqual({ outbox: 4, inbox: 0 });
    } finally {
      await pruning.stop();
    }
  });

  it('never deletes an unsent row, whatever the retention', async () => {
    await addOutbox('unsent', 5, 10_000, null);
    await addOutbox('sent', 5, 1, 0);
    const pruning = startEventTablePruning({
      pool: handle.pool,
      logger,
      outboxRetentionMs: 0,
      inboxRetentionMs: 0,
      batchSize: 2,
      intervalMs: 0,
    });
    try {
      expect((await pruning.pruneOnce()).outbox).toBe(5);
      expect(await countsBy('outbox')).toEqual({ unsent: 5 });
    } finally {
      await pruning.stop();
    }
  });

  it('lets two replicas prune at once without errors, each row deleted once', async () => {
    await addOutbox('sent-old', 3_000, 200, 100);
    await addOutbox('unsent-old', 10, 200, null);
    await addInbox('old', 3_000, 20 * 24);
    await addInbox('recent', 10, 1);
    const replicas = [connectDatabase(database.url, { max: 2 }), connectDatabase(database.url, { max: 2 })];
    const pruners = replicas.map((replica) =>
      startEventTablePruning({ pool: replica.pool, logger, ...retention, batchSize: 50, intervalMs: 0 }),
    );
    try {
      // Two replicas, and the same replica asked twice (its runs wait for each other).
      const outcomes = await Promise.allSettled([
        pruners[0]!.pruneOnce(),
        pruners[1]!.pruneOnce(),
        pruners[0]!.pruneOnce(),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const totals = outcomes
        .map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : { outbox: 0, inbox: 0 }))
        .reduce((sum, one) => ({ outbox: sum.outbox + one.outbox, inbox: sum.inbox + one.inbox }));
      expect(totals).toEqual({ outbox: 3_000, inbox: 3_000 });
      expect(await countsBy('outbox')).toEqual({ 'unsent-old': 10 });
      expect(await countsBy('inbox')).toEqual({ recent: 10 });
    } finally {
      await Promise.all(pruners.map((pruner) => pruner.stop()));
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });

  it('prunes on its own every interval until stopped', async () => {
    await addOutbox('sent-old', 30, 200, 100);
    await addInbox('old', 30, 15 * 24);
    const pruning = startEventTablePruning({
      pool: handle.pool,
      logger,
      ...retention,
      batchSize: 7,
      intervalMs: 50,
    });
    try {
      await eventually(async () => {
        expect(await countsBy('outbox')).toEqual({});
        expect(await countsBy('inbox')).toEqual({});
      });
    } finally {
      await pruning.stop();
    }
  });

  it('logs a failed run as a warning and tries again next interval, without throwing', async () => {
    // A database without the kit's tables: every run fails.
    const bare = await createTestDatabase('kit_pruning_bare');
    const bareHandle = connectDatabase(bare.url, { max: 2 });
    const warn = vi.fn();
    const quiet = { warn, error: vi.fn(), debug: vi.fn(), info: vi.fn() } as unknown as Logger;
    const pruning = startEventTablePruning({
      pool: bareHandle.pool,
      logger: quiet,
      ...retention,
      intervalMs: 50,
    });
    try {
      await eventually(async () => expect(warn.mock.calls.length).toBeGreaterThanOrEqual(2));
      expect(String(warn.mock.calls[0]![1])).toMatch(/pruning the outbox and inbox failed/);
      await expect(pruning.pruneOnce()).rejects.toThrow(/relation "outbox" does not exist/);
    } finally {
      await pruning.stop();
      await bareHandle.close();
      await bare.drop();
    }
  });
});
