// Experiment 4's delivery: every event the stack ever produced, rebuilt from the producers' outboxes
// (the exact bytes, key and headers the relay sent), published again twice in a shuffled order, and a
// way to wait until every consumer group has read to the end of its topics.
// The harness plays a foreign producer (exact bytes and headers, no namespace rewriting) and reads
// consumer-group offsets; the kit's Bus offers neither, so this test tool uses kafkajs directly.
// eslint-disable-next-line no-restricted-imports
import kafkajs from 'kafkajs';
import { SERVICE_NAMES, SUBSCRIPTIONS } from './checks.mjs';

const { Kafka, logLevel } = kafkajs;

/**
 * An outbox row as read here: where it goes, and what (payload and headers as stored).
 * @typedef {{ topic: string, key: string, payload: string, headers: any, event_type: string }} OutboxRow
 */

/**
 * @template T
 * @param {T[]} list
 * @returns {T[]}
 */
function shuffle(list) {
  for (let index = list.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [list[index], list[other]] = [/** @type {T} */ (list[other]), /** @type {T} */ (list[index])];
  }
  return list;
}

/**
 * @param {import('./checks.mjs').Databases} db
 * @returns {Promise<OutboxRow[]>}
 */
export async function readOutboxes(db) {
  /** @type {OutboxRow[]} */
  const rows = [];
  for (const name of SERVICE_NAMES) {
    rows.push(
      ...(await db.query(name, 'select topic, key, payload, headers, event_type from outbox order by seq')),
    );
  }
  return rows;
}

/**
 * @param {string[]} brokers
 */
export function connectKafka(brokers) {
  return new Kafka({
    clientId: 'faults-replay',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3_000,
  });
}

/**
 * Publishes each row twice, all copies in one random order; answers how many messages were sent.
 * @param {import('kafkajs').Kafka} kafka
 * @param {string} namespace
 * @param {OutboxRow[]} rows
 */
export async function publishTwiceShuffled(kafka, namespace, rows) {
  const messages = shuffle([...rows, ...rows]);
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    for (let start = 0; start < messages.length; start += 200) {
      // A batch keeps the shuffled order within every partition; batches go one after another.
      /** @type {Map<string, import('kafkajs').Message[]>} */
      const byTopic = new Map();
      for (const row of messages.slice(start, start + 200)) {
        const topic = `${namespace}.${row.topic}`;
        if (!byTopic.has(topic)) byTopic.set(topic, []);
        /** @type {import('kafkajs').Message[]} */ (byTopic.get(topic)).push({
          key: row.key,
          value: row.payload,
          headers: row.headers,
        });
      }
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
      });
    }
  } finally {
    await producer.disconnect();
  }
  return messages.length;
}

/**
 * The topics each consuming service reads, from the event types it handles and the outbox rows.
 * @param {OutboxRow[]} rows
 * @returns {Record<string, string[]>}
 */
export function topicsByConsumer(rows) {
  const topicOfType = new Map(rows.map((row) => [row.event_type, row.topic]));
  return Object.fromEntries(
    Object.entries(SUBSCRIPTIONS).map(([consumer, types]) => [
      consumer,
      /** @type {string[]} */ ([...new Set(types.map((type) => topicOfType.get(type)).filter(Boolean))]),
    ]),
  );
}

/**
 * Total lag of every consuming service's group over the topics it reads.
 * @param {import('kafkajs').Kafka} kafka
 * @param {string} namespace
 * @param {Record<string, string[]>} topics
 */
export async function consumerLag(kafka, namespace, topics) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    /** @type {Record<string, number>} */
    const lag = {};
    const { groups } = await admin.listGroups();
    for (const [consumer, list] of Object.entries(topics)) {
      // A service may read under several groups (booking's read models: `booking.read-models.<generation>`).
      const groupIds = groups
        .map((group) => group.groupId)
        .filter((id) => id === `${namespace}.${consumer}` || id.startsWith(`${namespace}.${consumer}.`));
      let total = 0;
      for (const [groupId, bare] of groupIds.flatMap((id) =>
        list.map((topic) => /** @type {const} */ ([id, topic])),
      )) {
        const topic = `${namespace}.${bare}`;
        const ends = await admin.fetchTopicOffsets(topic);
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        // No offset on any partition: this group does not read that topic (the inbox check covers the rest).
        if (!committed || committed.partitions.every((entry) => Number(entry.offset) < 0)) continue;
        for (const end of ends) {
          const partition = committed?.partitions.find((entry) => entry.partition === end.partition);
          const at = Number(partition?.offset ?? -1);
          total += Math.max(0, Number(end.high) - (at < 0 ? Number(end.low) : at));
        }
      }
      lag[consumer] = total;
    }
    return lag;
  } finally {
    await admin.disconnect();
  }
}
