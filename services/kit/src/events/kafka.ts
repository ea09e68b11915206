/**
 * The only file that knows the Kafka client library. Services and the rest of the kit speak in the
 * small types below, so the client (kafkajs, unmaintained since 2023) can be replaced here alone.
 */
import kafkajs, { Kafka, logLevel, type Consumer, type IHeaders, type Producer } from 'kafkajs';
import type { Logger } from '../logger.js';
import { stopKafkajsIdlePolling } from './kafkajs-idle-timer.js';

// Not a named export Node finds in the CommonJS module (vitest does, a service under Node does not).
const { ConfigResourceTypes } = kafkajs;

export interface OutgoingMessage {
  topic: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: Buffer | null;
  headers: Record<string, string>;
}

export interface TopicSpec {
  topic: string;
  partitions?: number;
  compacted?: boolean;
}

export interface BusProducer {
  /** Sends in order; resolves once the broker has acknowledged every message (acks=all). */
  send(messages: OutgoingMessage[]): Promise<void>;
  disconnect(): Promise<void>;
}

export interface BusConsumer {
  /**
   * Messages arrive in batches, each from one partition and in order; the batch's offsets are
   * committed once the handler returns (if it throws, the batch comes again).
   */
  run(
    topics: string[],
    handle: (messages: IncomingMessage[]) => Promise<void>,
    options?: { fromBeginning?: boolean },
  ): Promise<void>;
  disconnect(): Promise<void>;
}

export interface Bus {
  producer(): Promise<BusProducer>;
  consumer(groupId: string, options?: { partitionsConsumedConcurrently?: number }): Promise<BusConsumer>;
  ensureTopics(topics: TopicSpec[]): Promise<void>;
  /** How many partitions each of these topics has (absent when the topic does not exist). */
  partitionCounts(topics: string[]): Promise<Record<string, number>>;
  /** The cleanup policy ("delete", "compact") of each of these topics (absent when it does not exist). */
  cleanupPolicies(topics: string[]): Promise<Record<string, string>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_PARTITIONS = 3;
const DEFAULT_REPLICATION_FACTOR = 1;

function toKafkaLogger(logger: Logger | undefined) {
  return () =>
    ({ level, log }: { level: logLevel; log: { message: string } & Record<string, unknown> }) => {
      if (!logger) return;
      const { message, ...rest } = log;
      if (level === logLevel.ERROR) logger.error({ kafka: rest }, message);
      else if (level === logLevel.WARN) logger.warn({ kafka: rest }, message);
    };
}

function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    result[name] = Array.isArray(value)
      ? String(value[0])
      : Buffer.isBuffer(value)
        ? value.toString('utf8')
        : String(value);
  }
  return result;
}

export interface BusOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /**
   * Prefixes every topic and consumer group, so several stacks (a developer's and a browser-test
   * run) can share one broker without consuming each other's events. Callers keep using bare names.
   */
  namespace?: string;
  /**
   * Partitions of a topic created without its own count (KAFKA_TOPIC_PARTITIONS), and how many
   * partitions a consumer works on at once. An existing topic with fewer grows to it; none shrinks.
   */
  topicPartitions?: number;
  /** Copies of each partition on the brokers (KAFKA_REPLICATION_FACTOR). */
  replicationFactor?: number;
}

/**
 * Sends a batch (or does another broker call) until one attempt succeeds: up to SEND_ATTEMPTS tries, 100 ms
 * apart at first and doubling to 5 s (about 20 s in all, the span of kafkajs' own retries); kafkajs refreshes
 * its metadata after a failed attempt, so the next one goes to the partitions' current leaders.
 */
export async function withFreshAttempts(
  send: () => Promise<unknown>,
  { attempts = SEND_ATTEMPTS, firstDelayMs = 100 }: { attempts?: number; firstDelayMs?: number } = {},
): Promise<void> {
  for (let attempt = 1, delayMs = firstDelayMs; ; attempt++, delayMs = Math.min(delayMs * 2, 5_000)) {
    try {
      await send();
      return;
    } catch (error) {
      // kafkajs with no retries of its own reports even a passing "not the leader" as a non-retriable
      // "retries exceeded"; every failure is tried again here, within the attempts.
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
const SEND_ATTEMPTS = 9;

/** How often ensureTopics tries a broker whose metadata is not ready yet (about 20 s in all). */
const ENSURE_TOPICS_ATTEMPTS = 8;

export function connectBus(options: BusOptions): Bus {
  stopKafkajsIdlePolling();
  const defaultPartitions = options.topicPartitions ?? DEFAULT_PARTITIONS;
  const qualify = (name: string) => (options.namespace ? `${options.namespace}.${name}` : name);
  const unqualify = (name: string) =>
    options.namespace && name.startsWith(`${options.namespace}.`)
      ? name.slice(options.namespace.length + 1)
      : name;
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: toKafkaLogger(options.logger),
    retry: { initialRetryTime: 100, retries: 8, maxRetryTime: 5_000 },
    connectionTimeout: 3_000,
  });
  const opened: Array<{ disconnect(): Promise<void> }> = [];
  const admin = kafka.admin();
  let adminConnected: Promise<void> | undefined;
  const connectedAdmin = async () => {
    adminConnected ??= admin.connect().catch((error: unknown) => {
      adminConnected = undefined;
      throw error;
    });
    await adminConnected;
    return admin;
  };

  /**
   * Adds partitions to topics that have fewer than wanted (so more consumer replicas can share the
   * work). Kafka cannot remove partitions, so a smaller setting leaves a topic as it is. A key may map
   * to another partition afterwards, so grow while producers are quiet: an event still waiting in the
   * old partition could otherwise be handled after a newer one for the same key.
   */
  const growPartitions = async (client: typeof admin, specs: TopicSpec[]) => {
    const wanted = new Map(specs.map((spec) => [qualify(spec.topic), spec.partitions ?? defaultPartitions]));
    const { topics: metadata } = await client.fetchTopicMetadata({ topics: [...wanted.keys()] });
    const growth = metadata
      .filter((topic) => topic.partitions.length < (wanted.get(topic.name) ?? 0))
      .map((topic) => ({ topic: topic.name, count: wanted.get(topic.name)! }));
    if (growth.length === 0) return;
    try {
      await client.createPartitions({ topicPartitions: growth });
      options.logger?.info({ topics: growth }, 'kafka: added partitions to existing topics');
    } catch (error) {
      // Another replica starting at the same moment may have grown them first; the broker's metadata
      // can take a moment to show it, so look a few times before calling the failure ours.
      for (let look = 0; look < 10; look++) {
        const { topics: after } = await client.fetchTopicMetadata({
          topics: growth.map(({ topic }) => topic),
        });
        if (after.every((topic) => topic.partitions.length >= wanted.get(topic.name)!)) return;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      throw error;
    }
  };

  /** The cleanup policy of each of these existing topics (qualified names), by name. */
  const policiesOf = async (client: typeof admin, names: string[]) => {
    const { resources } = await client.describeConfigs({
      includeSynonyms: false,
      resources: names.map((name) => ({
        type: ConfigResourceTypes.TOPIC,
        name,
        configNames: ['cleanup.policy'],
      })),
    });
    return new Map(
      resources.map((resource) => [
        resource.resourceName,
        resource.configEntries.find((config) => config.configName === 'cleanup.policy')?.configValue ?? '',
      ]),
    );
  };

  /**
   * Topics are created with their cleanup policy, never altered: a topic of entity state that already
   * exists without compaction (created before it was declared compacted, or auto-created by a producer)
   * stays as it is, and this warning says so (fix: kafka-configs --alter --entity-type topics
   * --entity-name <topic> --add-config cleanup.policy=compact, which keeps its other settings).
   */
  const warnOfUncompacted = async (client: typeof admin, specs: TopicSpec[]) => {
    if (specs.length === 0) return;
    try {
      const policies = await policiesOf(
        client,
        specs.map((spec) => qualify(spec.topic)),
      );
      for (const [topic, policy] of policies) {
        if (policy.split(',').includes('compact')) continue;
        options.logger?.warn(
          { topic, cleanupPolicy: policy },
          'kafka: a topic declared compacted exists without compaction; alter its cleanup.policy to compact',
        );
      }
    } catch (error) {
      options.logger?.warn({ err: error }, 'kafka: could not read the cleanup policy of existing topics');
    }
  };

  async function ensureTopicsOnce(topics: TopicSpec[]): Promise<void> {
    const client = await connectedAdmin();
    const existing = new Set(await client.listTopics());
    const missing = topics.filter((spec) => !existing.has(qualify(spec.topic)));
    if (missing.length > 0) {
      await client.createTopics({
        waitForLeaders: true,
        topics: missing.map((spec) => ({
          topic: qualify(spec.topic),
          numPartitions: spec.partitions ?? defaultPartitions,
          replicationFactor: options.replicationFactor ?? DEFAULT_REPLICATION_FACTOR,
          configEntries: spec.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
        })),
      });
    }
    const present = topics.filter((spec) => existing.has(qualify(spec.topic)));
    if (present.length > 0) {
      await growPartitions(client, present);
      await warnOfUncompacted(
        client,
        present.filter((spec) => spec.compacted),
      );
    }
  }

  return {
    async producer() {
      // One in-flight request keeps per-partition order; acks=all (below) waits for every in-sync copy.
      //
      // No retries inside kafkajs: its send keeps the brokers' answers of a first attempt across its
      // retries, so when one broker answered and another said "not the leader" (a partition moving, a
      // broker stopping) and the partition moved to the broker that had answered, the retry sends that
      // partition's messages nowhere and resolves as if they were written (kafkajs#1798, still open: with
      // a broker stopped, the fleet run loses payment events to it). Each attempt here is a
      // fresh send of the whole batch: a partition already written gets the messages again, which the
      // consumers' inboxes drop by event id. kafkajs' idempotent producer refuses to run without its
      // own retries, so it is off: the inboxes, not the broker, make a message count once.
      const producer: Producer = kafka.producer({
        idempotent: false,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: true,
        retry: { retries: 0 },
      });
      await producer.connect();
      const wrapped: BusProducer = {
        async send(messages) {
          const byTopic = new Map<string, OutgoingMessage[]>();
          for (const message of messages) {
            const list = byTopic.get(message.topic) ?? [];
            list.push(message);
            byTopic.set(message.topic, list);
          }
          const batch = {
            acks: -1,
            topicMessages: [...byTopic].map(([topic, list]) => ({
              topic: qualify(topic),
              messages: list.map((message) => ({
                key: message.key,
                value: message.value,
                headers: message.headers,
              })),
            })),
          };
          await withFreshAttempts(() => producer.sendBatch(batch));
        },
        disconnect: () => producer.disconnect(),
      };
      opened.push(wrapped);
      return wrapped;
    },

    async consumer(groupId, consumerOptions = {}) {
      const consumer: Consumer = kafka.consumer({
        groupId: qualify(groupId),
        sessionTimeout: 10_000,
        heartbeatInterval: 1_000,
        rebalanceTimeout: 10_000,
        allowAutoTopicCreation: true,
      });
      await consumer.connect();
      let disconnected = false;
      // kafkajs restarts a crashed consumer only after errors it deems retriable. Others (e.g. "Failed
      // to find group coordinator" while a restarted broker loads its group offsets) leave it stopped
      // for good, and the service would go on running without consuming. Start it again until it runs.
      const restartAfterCrash = async (start: () => Promise<void>) => {
        for (let delayMs = 1_000; !disconnected; delayMs = Math.min(delayMs * 2, 10_000)) {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (disconnected) return;
          try {
            await consumer.connect();
            await start();
            return;
          } catch (error) {
            options.logger?.warn(
              { err: error, groupId },
              'kafka consumer: restart after a crash failed; retrying',
            );
          }
        }
      };
      const wrapped: BusConsumer = {
        async run(topics, handle, runOptions = {}) {
          // A topic another service creates may not be known to every broker yet when the fleet starts
          // all at once ("does not host this topic-partition" from the metadata); kafkajs throws that
          // out of subscribe, which took a replica down at its start. Asked again, as ensureTopics does.
          await withFreshAttempts(
            () =>
              consumer.subscribe({
                topics: topics.map(qualify),
                fromBeginning: runOptions.fromBeginning ?? true,
              }),
            { firstDelayMs: 250 },
          );
          const runConfig: Parameters<Consumer['run']>[0] = {
            partitionsConsumedConcurrently:
              consumerOptions.partitionsConsumedConcurrently ?? defaultPartitions,
            eachBatch: async (payload) => {
              const { batch } = payload;
              await handle(
                batch.messages.map((message) => ({
                  topic: unqualify(batch.topic),
                  partition: batch.partition,
                  offset: message.offset,
                  key: message.key ? message.key.toString('utf8') : null,
                  value: message.value,
                  headers: headersToStrings(message.headers),
                })),
              );
              await payload.heartbeat();
            },
          };
          const start = () => consumer.run(runConfig);
          consumer.on(consumer.events.CRASH, ({ payload }) => {
            if (!payload.restart && !disconnected) void restartAfterCrash(start);
          });
          await start();
        },
        disconnect: () => {
          disconnected = true;
          return consumer.disconnect();
        },
      };
      opened.push(wrapped);
      return wrapped;
    },

    async ensureTopics(topics) {
      // A broker that has only just started (or just elected leaders) answers metadata requests with
      // retriable errors (UNKNOWN_TOPIC_OR_PARTITION, LEADER_NOT_AVAILABLE) for longer than kafkajs'
      // own retries on a loaded machine; the service must come up anyway, so it tries again here.
      for (let attempt = 1; ; attempt++) {
        try {
          return await ensureTopicsOnce(topics);
        } catch (error) {
          // kafkajs gives up with its own retries exhausted, the retriable protocol error as the cause.
          const failure = error as { retriable?: boolean; cause?: { retriable?: boolean } };
          const retriable = failure.retriable === true || failure.cause?.retriable === true;
          if (!retriable || attempt >= ENSURE_TOPICS_ATTEMPTS) throw error;
          options.logger?.warn({ err: error, attempt }, 'kafka: topics not ready yet; trying again');
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    },
    async partitionCounts(topics) {
      const client = await connectedAdmin();
      const existing = new Set(await client.listTopics());
      const present = topics.filter((topic) => existing.has(qualify(topic)));
      if (present.length === 0) return {};
      const { topics: metadata } = await client.fetchTopicMetadata({ topics: present.map(qualify) });
      return Object.fromEntries(metadata.map((topic) => [unqualify(topic.name), topic.partitions.length]));
    },

    async cleanupPolicies(topics) {
      const client = await connectedAdmin();
      const existing = new Set(await client.listTopics());
      const present = topics.filter((topic) => existing.has(qualify(topic)));
      if (present.length === 0) return {};
      const policies = await policiesOf(client, present.map(qualify));
      return Object.fromEntries([...policies].map(([topic, policy]) => [unqualify(topic), policy]));
    },

    async ping() {
      const client = await connectedAdmin();
      await client.describeCluster();
    },

    async close() {
      await Promise.allSettled(opened.map((client) => client.disconnect()));
      if (adminConnected) await admin.disconnect().catch(() => undefined);
    },
  };
}
