import { fromBinary, type MessageShape } from '@bufbuild/protobuf';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { sql } from 'drizzle-orm';
import { envelopeV1, eventByType, type EventDefinition } from '@spa/proto';
import { runWithContext } from '../context.js';
import type { Database, Tx } from '../db/database.js';
import { inbox } from '../db/kit-tables.js';
import type { Logger } from '../logger.js';
import { eventLag, eventsConsumed } from '../metrics.js';
import {
  activeTracer,
  parseTraceparent,
  recordSpanError,
  SpanKind,
  startSpan,
  traceparentOf,
  type Tracer,
} from '../tracing.js';
import type { Bus, BusConsumer, BusProducer, IncomingMessage } from './kafka.js';

export interface EventMeta {
  id: string;
  type: string;
  aggregateId: string;
  occurredAt: Date;
  producer: string;
  topic: string;
  partition: number;
  offset: string;
}

export type EventHandler<E extends EventDefinition> = (
  tx: Tx,
  payload: MessageShape<E['schema']>,
  meta: EventMeta,
) => Promise<void>;

/**
 * Several fresh events of one type at once, in the order they came (consecutive in a batch from one
 * partition): must leave what handling each in turn would leave, in fewer statements.
 */
export type BatchEventHandler<E extends EventDefinition> = (
  tx: Tx,
  payloads: MessageShape<E['schema']>[],
  metas: EventMeta[],
) => Promise<void>;

export interface Subscription {
  event: EventDefinition;
  handle: EventHandler<EventDefinition>;
  handleAll?: BatchEventHandler<EventDefinition>;
}

/** Pairs an event with its handler, keeping the payload type of that event. */
export function on<E extends EventDefinition>(event: E, handle: EventHandler<E>): Subscription {
  return { event, handle };
}

/**
 * Pairs an event with a handler of runs of it: a batch's consecutive fresh events of this type are
 * handed over together (one at a time when tracing, so each keeps its consumer span, and when an event
 * is retried on its own). For state that is applied, not accumulated: the product mirror gets a stock
 * change per order, and one statement per batch applies them all.
 */
export function onBatch<E extends EventDefinition>(event: E, handleAll: BatchEventHandler<E>): Subscription {
  const handle: EventHandler<E> = (tx, payload, meta) => handleAll(tx, [payload], [meta]);
  return { event, handle, handleAll };
}

/** A failure retrying cannot fix (bad data): the message goes to the dead-letter topic at once. */
export class PermanentEventError extends Error {
  override name = 'PermanentEventError';
}

export interface ConsumerOptions {
  /** The consuming service: the Kafka group id and the inbox's consumer name. */
  name: string;
  db: Database;
  bus: Bus;
  logger: Logger;
  subscriptions: Subscription[];
  maxAttempts?: number;
  retryBackoffMs?: number;
  /** Consumer spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
}

export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

const MAX_EVENTS_PER_TRANSACTION = 200;

interface DecodedEvent {
  message: IncomingMessage;
  envelope: envelopeV1.EventEnvelope;
  handle: EventHandler<EventDefinition>;
  handleAll: BatchEventHandler<EventDefinition> | undefined;
  payload: MessageShape<EventDefinition['schema']>;
  meta: EventMeta;
}

const DATABASE_OUTAGE_RETRY_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At-least-once in, exactly-once effect: each handler runs in a transaction that also records the
 * event id in the inbox, so a redelivered or duplicated event changes nothing. A message that keeps
 * failing goes to `<topic>.dlq` with its error after `maxAttempts`, and the partition moves on.
 */
export class EventConsumer {
  private readonly handlers = new Map<string, EventHandler<EventDefinition>>();
  private readonly batchHandlers = new Map<string, BatchEventHandler<EventDefinition>>();
  private readonly topics: string[];
  /** Topics of entity state (log-compacted): created so if the consumer starts before the producer. */
  private readonly compacted: Set<string>;
  private readonly maxAttempts: number;
  private readonly retryBackoffMs: number;
  private consumer: BusConsumer | undefined;
  private deadLetters: BusProducer | undefined;
  private stopping = false;

  constructor(private readonly options: ConsumerOptions) {
    for (const { event, handle, handleAll } of options.subscriptions) {
      if (this.handlers.has(event.type)) throw new Error(`Two handlers for ${event.type} in ${options.name}`);
      this.handlers.set(event.type, handle);
      if (handleAll) this.batchHandlers.set(event.type, handleAll);
    }
    this.topics = [...new Set(options.subscriptions.map(({ event }) => event.topic))];
    this.compacted = new Set(
      options.subscriptions.filter(({ event }) => event.compacted).map(({ event }) => event.topic),
    );
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryBackoffMs = options.retryBackoffMs ?? 200;
  }

  async start(): Promise<void> {
    if (this.topics.length === 0) return;
    const { bus } = this.options;
    await bus.ensureTopics(
      this.topics.flatMap((topic) => [
        { topic, compacted: this.compacted.has(topic) },
        { topic: deadLetterTopic(topic), partitions: 1 },
      ]),
    );
    this.deadLetters = await bus.producer();
    this.consumer = await bus.consumer(this.options.name);
    await this.consumer.run(this.topics, (messages) => this.handleBatch(messages));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.consumer?.disconnect();
    await this.deadLetters?.disconnect();
    this.consumer = undefined;
    this.deadLetters = undefined;
  }

  /**
   * The fast path handles a whole batch in one transaction; if anything in it fails, the batch is
   * rolled back and each message takes the slow path on its own, with retries and the dead-letter topic.
   */
  private async handleBatch(messages: IncomingMessage[]): Promise<void> {
    const work: DecodedEvent[] = [];
    for (const message of messages) {
      const decoded = await this.decode(message);
      if (decoded) work.push(decoded);
    }
    for (let start = 0; start < work.length; start += MAX_EVENTS_PER_TRANSACTION) {
      const chunk = work.slice(start, start + MAX_EVENTS_PER_TRANSACTION);
      try {
        const outcomes = await this.applyAll(chunk);
        outcomes.forEach((outcome, index) => this.record(chunk[index]!, outcome));
      } catch {
        for (const event of chunk) await this.handleAlone(event);
      }
    }
  }

  /** Decodes a message; answers undefined for one to skip (tombstone, no handler) or one dead-lettered. */
  private async decode(message: IncomingMessage): Promise<DecodedEvent | undefined> {
    if (!message.value) return undefined; // a tombstone on a compacted topic: nothing to handle
    let envelope: envelopeV1.EventEnvelope;
    try {
      envelope = fromBinary(envelopeV1.EventEnvelopeSchema, message.value);
    } catch (error) {
      await this.deadLetter(message, 'undecodable envelope', error, 1);
      return undefined;
    }
    const handle = this.handlers.get(envelope.type);
    const definition = eventByType(envelope.type);
    if (!handle || !definition) {
      eventsConsumed.inc({ consumer: this.options.name, event_type: envelope.type, outcome: 'ignored' });
      return undefined;
    }
    let payload: MessageShape<EventDefinition['schema']>;
    try {
      payload = fromBinary(definition.schema, envelope.payload);
    } catch (error) {
      await this.deadLetter(message, `undecodable ${envelope.type} payload`, error, 1);
      return undefined;
    }
    const meta: EventMeta = {
      id: envelope.id,
      type: envelope.type,
      aggregateId: envelope.aggregateId,
      occurredAt: envelope.occurredAt ? new Date(timestampMs(envelope.occurredAt)) : new Date(),
      producer: envelope.producer,
      topic: message.topic,
      partition: message.partition,
      offset: message.offset,
    };
    return { message, envelope, handle, handleAll: this.batchHandlers.get(envelope.type), payload, meta };
  }

  private async handleAlone(event: DecodedEvent): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const [outcome] = await this.applyAll([event]);
        this.record(event, outcome!);
        return;
      } catch (error) {
        const permanent = error instanceof PermanentEventError;
        if (permanent || attempt >= this.maxAttempts) {
          // A database that does not answer is an outage, not a bad message: dead-lettering would drop
          // the event for good. Hold it (and its partition) until the database is back, then try again.
          if (!permanent && !(await this.databaseAnswers())) {
            // Stopping: leave the event uncommitted for whoever consumes the partition next.
            if (this.stopping) throw error;
            this.options.logger.warn(
              { err: error, eventId: event.meta.id },
              'database unreachable; holding the event until it answers',
            );
            await sleep(DATABASE_OUTAGE_RETRY_MS);
            attempt = 0;
            continue;
          }
          return this.deadLetter(event.message, `handler failed: ${event.meta.type}`, error, attempt);
        }
        this.options.logger.warn(
          { err: error, eventId: event.meta.id, attempt },
          'event handler failed; retrying',
        );
        await sleep(this.retryBackoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private async databaseAnswers(): Promise<boolean> {
    try {
      await this.options.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  /** One transaction: record the ids in the inbox, then run the handlers of the ones not seen before. */
  private applyAll(events: DecodedEvent[]): Promise<Array<'handled' | 'duplicate'>> {
    return this.options.db.transaction(async (tx) => {
      const recorded = await tx
        .insert(inbox)
        .values(
          events.map(({ meta }) => ({
            consumer: this.options.name,
            eventId: meta.id,
            eventType: meta.type,
            topic: meta.topic,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventId: inbox.eventId });
      const fresh = new Set(recorded.map((row) => row.eventId));
      const outcomes: Array<'handled' | 'duplicate'> = [];
      // Consecutive fresh events of a type with a batch handler wait here to be handed over together
      // (not when tracing: each event gets its own consumer span).
      const batching = !(this.options.tracer ?? activeTracer());
      let run: DecodedEvent[] = [];
      for (const event of events) {
        // The same id twice in one batch: the first occurrence claims it.
        if (!fresh.delete(event.meta.id)) {
          outcomes.push('duplicate');
          continue;
        }
        if (run.length > 0 && run[0]!.meta.type !== event.meta.type) {
          await this.runAll(tx, run);
          run = [];
        }
        if (event.handleAll && batching) run.push(event);
        else await this.runHandler(tx, event);
        outcomes.push('handled');
      }
      await this.runAll(tx, run);
      return outcomes;
    });
  }

  /** A run of one type's fresh events through its batch handler (in the last one's context). */
  private async runAll(tx: Tx, run: DecodedEvent[]): Promise<void> {
    const last = run.at(-1);
    if (!last) return;
    if (run.length === 1) await this.runHandler(tx, last);
    else
      await runWithContext(
        { requestId: last.envelope.requestId, traceparent: last.envelope.traceparent },
        () =>
          last.handleAll!(
            tx,
            run.map((event) => event.payload),
            run.map((event) => event.meta),
          ),
      );
  }

  /**
   * Runs one handler in the event's context. The Kafka header's traceparent (the relay's producer span)
   * wins over the envelope's (the outbox write); with tracing on, the handler runs in a consumer span.
   */
  private async runHandler(tx: Tx, event: DecodedEvent): Promise<void> {
    const { requestId } = event.envelope;
    const header = event.message.headers.traceparent;
    const parent = parseTraceparent(header) ? header : event.envelope.traceparent;
    const handle = () => event.handle(tx, event.payload, event.meta);
    const tracer = this.options.tracer ?? activeTracer();
    if (!tracer) return runWithContext({ requestId, traceparent: parent }, handle);
    const { meta } = event;
    const span = startSpan(tracer, `process ${meta.topic}`, {
      kind: SpanKind.CONSUMER,
      parent,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.destination.name': meta.topic,
        'messaging.destination.partition.id': String(meta.partition),
        'messaging.kafka.offset': Number(meta.offset),
        'messaging.consumer.group.name': this.options.name,
        'messaging.message.id': meta.id,
        'spa.event.type': meta.type,
        'spa.event.producer': meta.producer,
      },
    });
    try {
      await runWithContext({ requestId, traceparent: traceparentOf(span), span }, handle);
    } catch (error) {
      recordSpanError(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  private record(event: DecodedEvent, outcome: 'handled' | 'duplicate'): void {
    eventsConsumed.inc({ consumer: this.options.name, event_type: event.meta.type, outcome });
    if (outcome === 'handled') {
      eventLag.observe(
        { consumer: this.options.name, event_type: event.meta.type },
        (Date.now() - event.meta.occurredAt.getTime()) / 1000,
      );
    }
  }

  private async deadLetter(
    message: IncomingMessage,
    reason: string,
    error: unknown,
    attempts: number,
  ): Promise<void> {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.options.logger.error(
      { topic: message.topic, offset: message.offset, reason, error: detail },
      'event sent to dead-letter topic',
    );
    eventsConsumed.inc({
      consumer: this.options.name,
      event_type: message.headers['event-type'] ?? 'unknown',
      outcome: 'dead_lettered',
    });
    // If this send fails the error propagates, the offset is not committed, and the message comes back.
    await this.deadLetters!.send([
      {
        topic: deadLetterTopic(message.topic),
        key: message.key ?? '',
        value: message.value ?? Buffer.alloc(0),
        headers: {
          ...message.headers,
          'dlq-reason': reason,
          'dlq-error': detail.slice(0, 2000),
          'dlq-consumer': this.options.name,
          'dlq-attempts': String(attempts),
          'dlq-original-topic': message.topic,
          'dlq-original-partition': String(message.partition),
          'dlq-original-offset': message.offset,
        },
      },
    ]);
  }
}
