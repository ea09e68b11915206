import { toJson, type JsonValue } from '@bufbuild/protobuf';
import type { EventDefinition, EventPayload } from '@spa/proto';
import { Queue, type JobsOptions } from 'bullmq';
import type { EventMeta, Redis } from '@spa/kit';

/** What a queued email carries: the event as JSON, so the worker composes from the event itself. */
export interface EmailJobData {
  eventId: string;
  eventType: string;
  occurredAt: string;
  payload: JsonValue;
}

export const EMAIL_JOB_PURPOSE = 'email';

/**
 * One job per event, so a redelivered event cannot enqueue twice. ARCHITECTURE.md writes the id as
 * `<event id>:<job>`, but BullMQ 5 refuses ":" in custom job ids ("Custom Id cannot contain :"), so
 * the two parts are joined with a dot.
 */
export const emailJobId = (eventId: string) => `${eventId}.${EMAIL_JOB_PURPOSE}`;

export interface EmailJobSettings {
  attempts: number;
  backoffMs: number;
}

export function emailJobOptions(eventId: string, settings: EmailJobSettings): JobsOptions {
  return {
    jobId: emailJobId(eventId),
    attempts: settings.attempts,
    backoff: { type: 'exponential', delay: settings.backoffMs },
    // Finished jobs stay a week: long enough that a late redelivery still meets its job id.
    removeOnComplete: { age: 7 * 24 * 3600, count: 50_000 },
    removeOnFail: { age: 30 * 24 * 3600 },
  };
}

export type EmailQueue = Queue<EmailJobData>;

export function createEmailQueue(name: string, connection: Redis, prefix = 'bull'): EmailQueue {
  return new Queue<EmailJobData>(name, { connection, prefix });
}

export function emailJobData<E extends EventDefinition>(
  event: E,
  payload: EventPayload<E>,
  meta: Pick<EventMeta, 'id' | 'type' | 'occurredAt'>,
): EmailJobData {
  return {
    eventId: meta.id,
    eventType: meta.type,
    occurredAt: meta.occurredAt.toISOString(),
    payload: toJson(event.schema, payload),
  };
}
