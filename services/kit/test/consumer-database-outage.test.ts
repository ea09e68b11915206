import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually, testInfra } from '../src/testing/index.js';
import { createProbeWorld, logger, type ProbeWorld } from './fixtures/probe-world.js';

// While a consumer's database is down (a Postgres restart), every event that arrives uses up its handler
// attempts within seconds. Dead-lettered like a bad message, it would never be handled (notification
// would never send those booking confirmations); but an outage is not a bad message, so the consumer
// holds the event and tries again until the database is back.
describe('a consumer whose database is down', () => {
  let world: ProbeWorld | undefined;

  afterAll(async () => {
    await world?.close();
    vi.restoreAllMocks();
  });

  // What the probe consumer logs once an event has failed its last attempt: it holds the event while
  // the database is down, or (the fault this file guards against) dead-letters it.
  const warn = vi.spyOn(logger, 'warn');
  const error = vi.spyOn(logger, 'error');
  beforeEach(() => {
    warn.mockClear();
    error.mockClear();
  });
  const lastAttemptFailed = () =>
    eventually(async () =>
      expect([...warn.mock.calls, ...error.mock.calls].map((call) => call[1])).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^(database unreachable; holding the event|event sent to dead-letter topic)/),
        ]),
      ),
    );

  async function setConnectionsAllowed(database: string, allowed: boolean) {
    const admin = new pg.Client({ connectionString: testInfra.pgAdminUrl });
    await admin.connect();
    try {
      await admin.query(`alter database ${database} allow_connections ${allowed}`);
      if (!allowed)
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          database,
        ]);
    } finally {
      await admin.end();
    }
  }

  it('holds the event until the database is back instead of dead-lettering it', async () => {
    world = await createProbeWorld('outage');
    const consumerDatabase = new URL(world.consumerDbUrl).pathname.slice(1);
    world.startRelay();
    await setConnectionsAllowed(consumerDatabase, false);
    try {
      await world.startConsumer({ maxAttempts: 2 });
      await world.recordProbe('outage', 1);
      // Every attempt has failed: the moment the event would have been dead-lettered.
      await lastAttemptFailed();
    } finally {
      await setConnectionsAllowed(consumerDatabase, true);
    }
    const effects = await eventually(
      async () => {
        const rows = await world!.effects();
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeoutMs: 20_000 },
    );
    expect(effects[0]!.probe_id).toBe('outage');
  });

  it('still stops while holding an event, and the next consumer of the group handles it', async () => {
    await world?.close();
    world = await createProbeWorld('outage-stop');
    const consumerDatabase = new URL(world.consumerDbUrl).pathname.slice(1);
    const group = `kit-test-outage-stop-${Date.now()}`;
    world.startRelay();
    await setConnectionsAllowed(consumerDatabase, false);
    try {
      const first = await world.startConsumer({ maxAttempts: 2, name: group });
      await world.recordProbe('held', 1);
      await lastAttemptFailed();
      const stopped = await Promise.race([
        first.stop().then(() => 'stopped'),
        new Promise((resolve) => setTimeout(() => resolve('still holding'), 15_000)),
      ]);
      expect(stopped).toBe('stopped');
    } finally {
      await setConnectionsAllowed(consumerDatabase, true);
    }
    await world.startConsumer({ name: group });
    const effects = await eventually(
      async () => {
        const rows = await world!.effects();
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeoutMs: 30_000 },
    );
    expect(effects[0]!.probe_id).toBe('held');
  });
});
