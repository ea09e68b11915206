import { events } from '@spa/proto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connectBus, connectDatabase, createLogger, EventConsumer, on, type Bus } from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';
import { logger } from './fixtures/probe-world.js';

const buses: Bus[] = [];
// The consumer below handles nothing, so its database is never asked anything.
const database = connectDatabase(testInfra.pgAdminUrl);

afterAll(async () => {
  await Promise.allSettled(buses.map((bus) => bus.close()));
  await database.close();
});

/** Read through a bus of its own, so it is not the bus that created the topic. */
async function cleanupPolicy(namespace: string, topic: string): Promise<string | undefined> {
  const bus = connectBus({ brokers: testInfra.kafkaBrokers, clientId: 'compacted-test', logger, namespace });
  buses.push(bus);
  return (await bus.cleanupPolicies([topic]))[topic];
}

describe('compacted topics', () => {
  it('are created compacted by a consumer that starts before their producer', async () => {
    const namespace = uniqueName('compacted');
    const bus = connectBus({
      brokers: testInfra.kafkaBrokers,
      clientId: 'compacted-test',
      logger,
      namespace,
    });
    buses.push(bus);
    const state = { ...events.probeRecorded, topic: 'testing.state.v1', compacted: true };
    const consumer = new EventConsumer({
      name: 'compacted-test',
      db: database.db,
      bus,
      logger,
      subscriptions: [on(state, () => Promise.resolve())],
    });
    await consumer.start();
    await consumer.stop();
    expect(await cleanupPolicy(namespace, 'testing.state.v1')).toBe('compact');
    expect(await cleanupPolicy(namespace, 'testing.state.v1.dlq')).toBe('delete');
  });

  it('answers nothing for a topic that does not exist', async () => {
    expect(await cleanupPolicy(uniqueName('compacted'), 'testing.absent.v1')).toBeUndefined();
  });

  it('are left as they are when they exist without compaction, with a warning', async () => {
    const namespace = uniqueName('compacted');
    const warnings = createLogger('compacted-test', 'silent');
    const warn = vi.spyOn(warnings, 'warn');
    const bus = connectBus({
      brokers: testInfra.kafkaBrokers,
      clientId: 'compacted-test',
      logger: warnings,
      namespace,
    });
    buses.push(bus);
    await bus.ensureTopics([{ topic: 'testing.legacy.v1' }]);
    expect(warn).not.toHaveBeenCalled();
    await bus.ensureTopics([{ topic: 'testing.legacy.v1', compacted: true }]);
    expect(await cleanupPolicy(namespace, 'testing.legacy.v1')).toBe('delete');
    expect(warn).toHaveBeenCalledWith(
      { topic: `${namespace}.testing.legacy.v1`, cleanupPolicy: 'delete' },
      expect.stringContaining('without compaction'),
    );
  });
});
