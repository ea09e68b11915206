/**
 * A bounded, read-only look at a topic: every message from a moment to the end each partition has now,
 * with no consumer group state left behind (a throwaway group, never committed, deleted after). For
 * a service that must learn what it published itself before it serves, e.g. billing's invoice series
 * after its database was restored from a backup; the Bus's consumers read through committed groups
 * and cannot do this.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { stopKafkajsIdlePolling } from './kafkajs-idle-timer.js';

export interface TopicReadOptions {
  brokers: string[];
  /** KAFKA_NAMESPACE: the prefix of every topic and consumer group of this deployment. */
  namespace?: string;
  /** The topic, unqualified (as the event catalogue names it). */
  topic: string;
  /** Names the client and the throwaway group (e.g. billing.invoice-series). */
  reader: string;
  /** Read every message whose Kafka timestamp is at or after this moment (epoch ms; 0 = everything). */
  sinceMs: number;
  /** Give up (reject) when the read has not reached the end of every partition by then. */
  timeoutMs: number;
}

export interface TopicReadResult {
  /** How many messages were read, of how many partitions. */
  messages: number;
  partitions: number;
  /**
   * True when the topic's retention has already deleted messages that may be newer than `sinceMs`
   * (a partition's oldest kept message is itself newer): that stretch cannot be seen.
   */
  retentionGap: boolean;
}

interface Range {
  partition: number;
  start: number;
  end: number;
  low: number;
}

/** Hands every message of `topic` from `sinceMs` to the current end of every partition to `onMessage`. */
export async function readTopicSince(
  options: TopicReadOptions,
  onMessage: (value: Buffer | null) => void,
): Promise<TopicReadResult> {
  const qualify = (name: string) => (options.namespace ? `${options.namespace}.${name}` : name);
  const topic = qualify(options.topic);
  stopKafkajsIdlePolling();
  const kafka = new Kafka({
    clientId: options.reader,
    brokers: options.brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3_000,
    retry: { initialRetryTime: 100, retries: 5, maxRetryTime: 2_000 },
  });
  const admin = kafka.admin();
  await admin.connect();
  let ranges: Range[];
  try {
    if (!(await admin.listTopics()).includes(topic)) {
      return { messages: 0, partitions: 0, retentionGap: false };
    }
    const ends = await admin.fetchTopicOffsets(topic);
    const starts = await admin.fetchTopicOffsetsByTimestamp(topic, options.sinceMs);
    ranges = ends.map((end) => ({
      partition: end.partition,
      start: Number(starts.find((start) => start.partition === end.partition)?.offset ?? end.low),
      end: Number(end.high),
      low: Number(end.low),
    }));
  } finally {
    await admin.disconnect();
  }
  const pending = ranges.filter((range) => range.start < range.end);
  const result: TopicReadResult = {
    messages: 0,
    partitions: ranges.length,
    retentionGap: false,
  };
  if (pending.length === 0) return result;

  // A consumer group of its own, used once and deleted: nothing is committed, so nothing is left that
  // a later start (or a restored database) could mistake for progress.
  const groupId = qualify(`${options.reader}.${randomUUID()}`);
  const consumer = kafka.consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 1_000 });
  const remaining = new Map(pending.map((range) => [range.partition, range]));
  let timer: NodeJS.Timeout | undefined;
  try {
    await consumer.connect();
    // From the beginning until the seeks below take effect: the consumer's position is never past a
    // range's start, so a batch reaching a range's end has delivered all of it (reading from the end
    // first could see a bill issued meanwhile and take the range for done).
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    const done = new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `could not read ${topic} to its end within ${options.timeoutMs} ms ` +
                `(${remaining.size} of ${pending.length} partitions unfinished)`,
            ),
          ),
        options.timeoutMs,
      );
      void consumer
        .run({
          autoCommit: false,
          eachBatch: ({ batch }) => {
            const range = remaining.get(batch.partition);
            if (!range) return Promise.resolve();
            for (const message of batch.messages) {
              const offset = Number(message.offset);
              if (offset < range.start || offset >= range.end) continue;
              result.messages += 1;
              // The partition's oldest kept message is newer than sinceMs while older ones were deleted:
              // messages from sinceMs on may be among them.
              if (offset === range.low && range.low > 0 && Number(message.timestamp) > options.sinceMs) {
                result.retentionGap = true;
              }
              onMessage(message.value);
            }
            const last = Number(batch.lastOffset());
            if (last >= range.end - 1) {
              remaining.delete(batch.partition);
              if (remaining.size === 0) resolve();
            }
            return Promise.resolve();
          },
        })
        .then(() => {
          // Ranges from their start; partitions with nothing to read straight to their end.
          for (const range of ranges) {
            const offset = range.start < range.end ? range.start : range.end;
            consumer.seek({ topic, partition: range.partition, offset: String(offset) });
          }
        })
        .catch(reject);
    });
    await done;
  } finally {
    clearTimeout(timer);
    await consumer.disconnect().catch(() => undefined);
    const cleanup = kafka.admin();
    await cleanup
      .connect()
      .then(() => cleanup.deleteGroups([groupId]))
      .catch(() => undefined)
      .finally(() => cleanup.disconnect().catch(() => undefined));
  }
  return result;
}
