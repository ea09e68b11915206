import { afterAll, describe, expect, it } from 'vitest';
import { connectBus, type Bus } from '../src/index.js';
import { eventually, testInfra, uniqueName } from '../src/testing/index.js';
import { logger } from './fixtures/probe-world.js';

// After a Kafka broker is stopped and started again (as the fault experiments, npm run test:faults, do),
// a consumer can crash with "Failed to find group coordinator", an error kafkajs does not restart
// after: left alone, the service would go on answering ready while consuming nothing.
describe('a consumer that crashes on an error kafkajs will not retry', () => {
  const bus: Bus = connectBus({
    brokers: testInfra.kafkaBrokers,
    clientId: 'crash-restart-test',
    logger,
    namespace: uniqueName('crash-restart'),
  });

  afterAll(async () => {
    await bus.close();
  });

  it('is started again and gets the batch it crashed on', async () => {
    await bus.ensureTopics([{ topic: 'probe.crash.v1', partitions: 1 }]);
    const producer = await bus.producer();
    await producer.send([{ topic: 'probe.crash.v1', key: 'k', value: Buffer.from('hello'), headers: {} }]);

    const seen: string[] = [];
    let crashes = 0;
    const consumer = await bus.consumer(uniqueName('crash-restart-group'));
    await consumer.run([`probe.crash.v1`], async (messages) => {
      if (crashes === 0) {
        crashes++;
        // What kafkajs raises for a lost group coordinator: an error it marks as not retriable.
        throw Object.assign(new Error('Failed to find group coordinator (simulated)'), {
          name: 'KafkaJSNonRetriableError',
          retriable: false,
        });
      }
      seen.push(...messages.map((message) => message.value?.toString('utf8') ?? ''));
    });

    await eventually(async () => expect(seen).toEqual(['hello']), { timeoutMs: 30_000 });
    expect(crashes).toBe(1);
    await consumer.disconnect();
    await producer.disconnect();
  });
});
