import { afterAll, describe, expect, it } from 'vitest';
import { connectBus, type Bus } from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';
import { logger } from './fixtures/probe-world.js';

const buses: Bus[] = [];

afterAll(async () => {
  await Promise.allSettled(buses.map((bus) => bus.close()));
});

function busWith(namespace: string, topicPartitions?: number): Bus {
  const bus = connectBus({
    brokers: testInfra.kafkaBrokers,
    clientId: 'partitions-test',
    logger,
    namespace,
    topicPartitions,
  });
  buses.push(bus);
  return bus;
}

/** Read through a bus of its own, with no partition setting, so it is not the bus that just grew them. */
async function partitionsOf(namespace: string, topic: string): Promise<number | undefined> {
  return (await busWith(namespace).partitionCounts([topic]))[topic];
}

describe('topic partitions from the settings', () => {
  it('answers nothing for a topic that does not exist', async () => {
    expect(await busWith(uniqueName('partitions')).partitionCounts(['testing.absent.v1'])).toEqual({});
  });

  it('creates topics with the setting, grows existing ones when it grows, and never shrinks them', async () => {
    const namespace = uniqueName('partitions');
    const topic = 'testing.sized.v1';

    await busWith(namespace).ensureTopics([{ topic }, { topic: `${topic}.dlq`, partitions: 1 }]);
    expect(await partitionsOf(namespace, topic)).toBe(3);
    expect(await partitionsOf(namespace, `${topic}.dlq`)).toBe(1);

    await busWith(namespace, 6).ensureTopics([{ topic }, { topic: `${topic}.dlq`, partitions: 1 }]);
    expect(await partitionsOf(namespace, topic)).toBe(6);
    expect(await partitionsOf(namespace, `${topic}.dlq`)).toBe(1);

    await busWith(namespace, 2).ensureTopics([{ topic }]);
    expect(await partitionsOf(namespace, topic)).toBe(6);

    // Two replicas starting together with a bigger setting: both succeed, the topic grows once.
    await Promise.all(
      [busWith(namespace, 8), busWith(namespace, 8)].map((bus) => bus.ensureTopics([{ topic }])),
    );
    expect(await partitionsOf(namespace, topic)).toBe(8);

    const fresh = 'testing.fresh.v1';
    await busWith(namespace, 5).ensureTopics([{ topic: fresh }]);
    expect(await partitionsOf(namespace, fresh)).toBe(5);
  });
});
