import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { envelopeV1, testingV1 } from '@spa/proto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { connectBus, deadLetterTopic, type IncomingMessage } from '../src/index.js';
import { eventually, testInfra, uniqueName } from '../src/testing/index.js';
import { createProbeWorld, logger, type ProbeWorld } from './fixtures/probe-world.js';

let world: ProbeWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function countRows(world: ProbeWorld, table: 'probes' | 'outbox') {
  const { rows } = await world.producer.pool.query<{ count: number }>(
    `select count(*)::int as count from ${table}`,
  );
  return rows[0]!.count;
}

async function readTopic(world: ProbeWorld, topic: string, expected: number): Promise<IncomingMessage[]> {
  const received: IncomingMessage[] = [];
  const consumer = await world.bus.consumer(uniqueName('kit-test-reader'));
  await consumer.run([topic], async (messages) => {
    received.push(...messages);
  });
  try {
    await eventually(async () => expect(received.length).toBeGreaterThanOrEqual(expected), {
      timeoutMs: 30_000,
    });
    return received;
  } finally {
    await consumer.disconnect();
  }
}

describe('event backbone against the real broker', () => {
  it('(a) commits a state change and its event together or not at all', async () => {
    world = await createProbeWorld('atomic');
    const current = world;
    await expect(
      current.producer.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probes (id, note) values ('rolled-back', 'x')`);
        await current.publish(tx, current.probe, 'rolled-back', { probeId: 'rolled-back', sequence: 1n });
        throw new Error('the business rule failed after the write');
      }),
    ).rejects.toThrow('business rule');
    expect(await countRows(current, 'probes')).toBe(0);
    expect(await countRows(current, 'outbox')).toBe(0);

    await current.recordProbe('kept', 1);
    expect(await countRows(current, 'probes')).toBe(1);
    expect(await countRows(current, 'outbox')).toBe(1);

    current.startRelay();
    await current.startConsumer();
    const effects = await eventually(async () => {
      const rows = await current.effects();
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(effects[0]!.probe_id).toBe('kept');
  });

  it('(b) loses nothing when the relay is killed between commit and publish, and (c) a re-sent batch has one effect', async () => {
    world = await createProbeWorld('crash');
    const current = world;
    const total = 600;
    for (let sequence = 1; sequence <= total; sequence++)
      await current.recordProbe(`order-${sequence % 7}`, sequence);

    // A relay in its own process is killed with SIGKILL while it is sending.
    const relayScript = fileURLToPath(new URL('./fixtures/relay-process.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', relayScript, current.producerDbUrl, testInfra.kafkaBrokers.join(',')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await eventually(async () => expect(await countRows(current, 'outbox')).toBe(total));
    await eventually(
      async () => {
        const { rows } = await current.producer.pool.query<{ sent: number }>(
          'select count(*)::int as sent from outbox where sent_at is not null',
        );
        expect(rows[0]!.sent).toBeGreaterThan(40);
      },
      { intervalMs: 5 },
    );
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const { rows: unsent } = await current.producer.pool.query<{ count: number }>(
      'select count(*)::int as count from outbox where sent_at is null',
    );
    expect(unsent[0]!.count).toBeGreaterThan(0);

    // A new relay takes over (the killed one's lock died with its connection) and sends the rest.
    current.startRelay();
    await current.startConsumer();
    const effects = await eventually(
      async () => {
        const rows = await current.effects();
        expect(rows.length).toBe(total);
        return rows;
      },
      { timeoutMs: 45_000 },
    );
    expect(new Set(effects.map((row) => row.event_id)).size).toBe(total);
    expect(new Set(effects.map((row) => row.sequence)).size).toBe(total);
  });

  it('(c) the same event delivered twice has one effect', async () => {
    world = await createProbeWorld('dedupe');
    const current = world;
    const producer = await current.bus.producer();
    const id = randomUUID();
    const envelope = create(envelopeV1.EventEnvelopeSchema, {
      id,
      type: current.probe.type,
      occurredAt: timestampFromMs(Date.now()),
      aggregateId: 'dup',
      producer: 'kit-test',
      payload: toBinary(
        testingV1.ProbeRecordedSchema,
        create(testingV1.ProbeRecordedSchema, {
          probeId: 'dup',
          sequence: 1n,
          writtenAtMs: BigInt(Date.now()),
        }),
      ),
    });
    const message = {
      topic: current.topic,
      key: 'dup',
      value: Buffer.from(toBinary(envelopeV1.EventEnvelopeSchema, envelope)),
      headers: { 'event-id': id },
    };
    await producer.send([message]);
    await producer.send([message]);
    await current.recordProbe('after', 2);
    current.startRelay();
    await current.startConsumer();
    await eventually(async () =>
      expect((await current.effects()).map((row) => row.probe_id)).toContain('after'),
    );
    const effects = await current.effects();
    expect(effects.filter((row) => row.event_id === id)).toHaveLength(1);
    await producer.disconnect();
  });

  it('(c2) a batch handler is handed runs of one type in order, and a bad event in a run is dead-lettered alone', async () => {
    world = await createProbeWorld('batched');
    const current = world;
    // One key: one partition, so the order is the order written; all written before the relay starts,
    // so they travel in few Kafka batches.
    for (let sequence = 1; sequence <= 59; sequence++) await current.recordProbe('run', sequence);
    current.startRelay();
    await current.startConsumer({ batched: true });
    await eventually(async () => expect(await current.effects()).toHaveLength(59), { timeoutMs: 30_000 });
    expect(Math.max(...current.runs)).toBeGreaterThan(1);
    // A batch holding a bad event is undone and its events are handled one by one (runs of one).
    for (let sequence = 60; sequence <= 120; sequence++)
      await current.recordProbe('run', sequence, sequence === 60 ? 'bad-data' : 'ok');
    const effects = await eventually(
      async () => {
        const rows = await current.effects();
        expect(rows).toHaveLength(119);
        return rows;
      },
      { timeoutMs: 30_000 },
    );
    // Every good one once, in the order written; the bad one (60) only on the dead-letter topic.
    expect(effects.map((row) => Number(row.sequence))).toEqual(
      Array.from({ length: 120 }, (_, index) => index + 1).filter((sequence) => sequence !== 60),
    );
    const dead = await readTopic(current, deadLetterTopic(current.topic), 1);
    expect(dead).toHaveLength(1);
  });

  it('(d) sends a poison message to the dead-letter topic and still handles the next one', async () => {
    world = await createProbeWorld('poison');
    const current = world;
    const producer = await current.bus.producer();
    await producer.send([
      {
        topic: current.topic,
        key: 'p',
        value: Buffer.from('not a protobuf envelope \u0000\u00ff'),
        headers: {},
      },
    ]);
    await producer.disconnect();
    await current.recordProbe('p', 1, 'poison');
    await current.recordProbe('p', 2, 'bad-data');
    await current.recordProbe('p', 3, 'fine');
    current.startRelay();
    await current.startConsumer({ maxAttempts: 3 });

    const effects = await eventually(async () => {
      const rows = await current.effects();
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(Number(effects[0]!.sequence)).toBe(3);

    const dead = await readTopic(current, deadLetterTopic(current.topic), 3);
    const reasons = dead.map((message) => message.headers['dlq-reason']);
    expect(reasons).toContain('undecodable envelope');
    const failing = dead.find((message) => message.headers['dlq-error']?.includes('always fails'));
    expect(failing?.headers['dlq-attempts']).toBe('3');
    const invalid = dead.find((message) => message.headers['dlq-error']?.includes('is invalid'));
    expect(invalid?.headers['dlq-attempts']).toBe('1');
    expect(failing?.headers['dlq-original-topic']).toBe(current.topic);
  });

  it('(e) keeps per-key order with two relay instances running', async () => {
    world = await createProbeWorld('order');
    const current = world;
    const first = current.startRelay({ batchSize: 50 });
    const second = current.startRelay({ batchSize: 50 });
    await current.startConsumer();
    const keys = Array.from({ length: 8 }, (_, index) => `appointment-${index}`);
    const perKey = 60;
    // Writers for different keys run concurrently; each key's events are committed in sequence.
    await Promise.all(
      keys.map(async (key) => {
        for (let sequence = 1; sequence <= perKey; sequence++) await current.recordProbe(key, sequence);
      }),
    );
    const effects = await eventually(
      async () => {
        const rows = await current.effects();
        expect(rows.length).toBe(keys.length * perKey);
        return rows;
      },
      { timeoutMs: 45_000 },
    );
    for (const key of keys) {
      const sequences = effects.filter((row) => row.probe_id === key).map((row) => Number(row.sequence));
      expect(sequences).toEqual(Array.from({ length: perKey }, (_, index) => index + 1));
    }
    expect([first.isLeader, second.isLeader].filter(Boolean)).toHaveLength(1);
  });

  it('(f) keeps two stacks with different namespaces apart on one broker', async () => {
    const topic = uniqueName('testing.namespaced');
    const stackA = connectBus({
      brokers: testInfra.kafkaBrokers,
      clientId: 'ns-a',
      logger,
      namespace: uniqueName('stack-a'),
    });
    const stackB = connectBus({
      brokers: testInfra.kafkaBrokers,
      clientId: 'ns-b',
      logger,
      namespace: uniqueName('stack-b'),
    });
    try {
      await stackA.ensureTopics([{ topic }]);
      await stackB.ensureTopics([{ topic }]);
      const received: Record<'a' | 'b', IncomingMessage[]> = { a: [], b: [] };
      for (const [name, bus] of [
        ['a', stackA],
        ['b', stackB],
      ] as const) {
        const consumer = await bus.consumer('same-group-name');
        await consumer.run([topic], async (messages) => void received[name].push(...messages));
      }
      const producer = await stackA.producer();
      await producer.send([{ topic, key: 'k', value: Buffer.from('only for stack a'), headers: {} }]);
      await producer.disconnect();
      await eventually(async () => expect(received.a).toHaveLength(1));
      // Consumers see the bare topic name they subscribed to; the other stack sees nothing.
      expect(received.a[0]!.topic).toBe(topic);
      // An absence cannot be polled: stack b gets the time stack a needed, and more, to receive it.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(received.b).toHaveLength(0);
    } finally {
      await stackA.close();
      await stackB.close();
    }
  });
});
