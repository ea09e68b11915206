import { randomUUID } from 'node:crypto';
import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { envelopeV1, type EventDefinition } from '@spa/proto';
import { currentContext, newTraceparent } from '../context.js';
import type { Queryable } from '../db/database.js';
import { outbox } from '../db/kit-tables.js';
import { activeTracer, recordSpanError, startSpan, traceparentOf, type Tracer } from '../tracing.js';

export interface PublishedEvent {
  id: string;
  type: string;
}

/**
 * Writes an event into the outbox inside the caller's transaction, so the state change and the event
 * commit together or not at all. The relay sends it to Kafka after the commit.
 */
export type Publish = <E extends EventDefinition>(
  tx: Queryable,
  event: E,
  aggregateId: string,
  payload: MessageInitShape<E['schema']>,
) => Promise<PublishedEvent>;

export interface PublisherOptions {
  /** Outbox-write spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
}

/**
 * With tracing on, each write is a span under the current request or event, and the traceparent stored
 * with the row is that span's: the relay's producer span hangs under it.
 */
export function createPublisher(producerName: string, options: PublisherOptions = {}): Publish {
  return async (tx, event, aggregateId, payload) => {
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
      await tx.insert(outbox).values({
        id,
        topic: event.topic,
        key: aggregateId,
        eventType: event.type,
        payload: Buffer.from(toBinary(envelopeV1.EventEnvelopeSchema, envelope)),
        headers: { 'event-id': id, 'event-type': event.type, traceparent, 'request-id': requestId },
      });
    } catch (error) {
      if (span) recordSpanError(span, error);
      throw error;
    } finally {
      span?.end();
    }
    return { id, type: event.type };
  };
}
