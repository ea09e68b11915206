import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { envelopeV1, type EventDefinition } from '@spa/proto';
import { currentContext, newTraceparent } from '../context.js';
import type { Queryable } from '../db/database.js';
import { outbox } from '../db/kit-tables.js';
import {
  activeTracer,
  recordSpanError,
  startSpan,
  traceparentOf,
  type Span,
  type Tracer,
} from '../tracing.js';

export interface PublishedEvent {
  id: string;
  type: string;
}

/**
 * Writes an event into the outbox inside the caller's transaction, so the state change and the event
 * commit together or not at all. The relay sends it to Kafka after the commit.
 */
export interface Publish {
  <E extends EventDefinition>(
    tx: Queryable,
    event: E,
    aggregateId: string,
    payload: MessageInitShape<E['schema']>,
  ): Promise<PublishedEvent>;
  /**
   * The event's outbox row, not yet written: for a hot path that writes it in the same statement as the
   * change it records (outboxInsert, a data-modifying CTE), one database round trip fewer.
   */
  row<E extends EventDefinition>(
    event: E,
    aggregateId: string,
    payload: MessageInitShape<E['schema']>,
  ): OutboxRow;
}

export interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  eventType: string;
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * An INSERT of these outbox rows, to run as a data-modifying CTE of the statement that makes the change
 * they record (so they commit together even without a transaction around it). With `when` (a query),
 * the rows are written only if it finds a row: a conditional change and its event stay together.
 */
export function outboxInsert(rows: readonly OutboxRow[], when?: SQL): SQL {
  return outboxInsertOf(
    rows.map((row) => ({ ...row, headers: JSON.stringify(row.headers) })),
    when,
  );
}

/** Each field of an outbox row as a value or a placeholder (headers as their JSON). */
type OutboxValues = { [field in keyof OutboxRow]: unknown };

function outboxInsertOf(rows: readonly OutboxValues[], when?: SQL): SQL {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.topic}::text, ${row.key}::text, ${row.eventType}::text, ${row.payload}::bytea, ${row.headers}::jsonb)`,
    ),
    sql`, `,
  );
  return sql`insert into ${outbox} (id, topic, key, event_type, payload, headers) select * from (values ${values}) as event (id, topic, key, event_type, payload, headers)${when ? sql` where exists (${when})` : sql``}`;
}

const outboxFields = ['id', 'topic', 'key', 'eventType', 'payload', 'headers'] as const;

/**
 * outboxInsert of one row for a compiledStatement: its fields are placeholders named after `name`,
 * whose values outboxRowValues(name, row) gives.
 */
export function outboxInsertPlaceholders(name: string, when?: SQL): SQL {
  return outboxInsertOf(
    [
      Object.fromEntries(
        outboxFields.map((field) => [field, sql.placeholder(`${name}.${field}`)]),
      ) as OutboxValues,
    ],
    when,
  );
}

export function outboxRowValues(name: string, row: OutboxRow): Record<string, unknown> {
  return Object.fromEntries(
    outboxFields.map((field) => [
      `${name}.${field}`,
      field === 'headers' ? JSON.stringify(row.headers) : row[field],
    ]),
  );
}

export interface PublisherOptions {
  /** Outbox-write spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
}

/**
 * With tracing on, each write is a span under the current request or event, and the traceparent stored
 * with the row is that span's: the relay's producer span hangs under it.
 */
export function createPublisher(producerName: string, options: PublisherOptions = {}): Publish {
  const startRow = <E extends EventDefinition>(
    event: E,
    aggregateId: string,
    payload: MessageInitShape<E['schema']>,
  ): { row: OutboxRow; span: Span | undefined } => {
    const context = currentContext();
    const id = randomUUID();
    const tracer = options.tracer ?? activeTracer();
    const span = tracer
      ? startSpan(tracer, `outbox write ${event.topic}`, {
          parent: context?.traceparent,
          attributes: {
            'messaging.system': 'kafka',
            'messaging.operation.type': 'create',
            'messaging.destination.name': event.topic,
            'messaging.message.id': id,
            'messaging.kafka.message.key': aggregateId,
            'spa.event.type': event.type,
          },
        })
      : undefined;
    const traceparent = span ? traceparentOf(span) : (context?.traceparent ?? newTraceparent());
    const requestId = context?.requestId ?? id;
    try {
      const envelope = create(envelopeV1.EventEnvelopeSchema, {
        id,
        type: event.type,
        occurredAt: timestampFromMs(Date.now()),
        aggregateId,
        traceparent,
        requestId,
        producer: producerName,
        payload: toBinary(event.schema, create(event.schema, payload)),
      });
      const row: OutboxRow = {
        id,
        topic: event.topic,
        key: aggregateId,
        eventType: event.type,
        payload: Buffer.from(toBinary(envelopeV1.EventEnvelopeSchema, envelope)),
        headers: { 'event-id': id, 'event-type': event.type, traceparent, 'request-id': requestId },
      };
      return { row, span };
    } catch (error) {
      if (span) {
        recordSpanError(span, error);
        span.end();
      }
      throw error;
    }
  };
  const publish = async <E extends EventDefinition>(
    tx: Queryable,
    event: E,
    aggregateId: string,
    payload: MessageInitShape<E['schema']>,
  ): Promise<PublishedEvent> => {
    const { row, span } = startRow(event, aggregateId, payload);
    try {
      await tx.insert(outbox).values(row);
    } catch (error) {
      if (span) recordSpanError(span, error);
      throw error;
    } finally {
      span?.end();
    }
    return { id: row.id, type: row.eventType };
  };
  return Object.assign(publish, {
    row<E extends EventDefinition>(event: E, aggregateId: string, payload: MessageInitShape<E['schema']>) {
      // The span covers building the row; the caller's statement writes it.
      const { row, span } = startRow(event, aggregateId, payload);
      span?.end();
      return row;
    },
  });
}
