import type pg from 'pg';
import type { Logger } from '../logger.js';
import { outboxPublished } from '../metrics.js';
import {
  activeTracer,
  recordSpanError,
  SpanKind,
  startSpan,
  traceparentOf,
  type Span,
  type Tracer,
} from '../tracing.js';
import type { Bus, BusProducer, OutgoingMessage } from './kafka.js';

export interface RelayOptions {
  pool: pg.Pool;
  bus: Bus;
  logger: Logger;
  batchSize?: number;
  /**
   * How long to wait before looking again after finding nothing. (NOTIFY from each producing
   * transaction would wake it sooner, but NOTIFY takes a database-wide lock at commit and halves a
   * service's commit rate; a cheap indexed poll costs far less.)
   */
  pollIntervalMs?: number;
  /** How often a standby replica tries to become the sender. */
  standbyIntervalMs?: number;
  /** Producer spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
}

interface OutboxRow {
  seq: number;
  topic: string;
  key: string;
  payload: Buffer;
  headers: Record<string, string>;
}

const LOCK_NAME = 'spa-outbox-relay';
const MAX_BACKOFF_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends outbox rows to Kafka in commit order and marks them sent. Only the replica holding a
 * session-level advisory lock sends, so several replicas of one service never send a row twice or
 * out of order; when the holder dies its connection drops, the lock is freed and a standby takes over.
 * A crash between send and mark re-sends those rows once: consumers deduplicate by event id.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly standbyIntervalMs: number;
  private client: pg.PoolClient | undefined;
  private producer: BusProducer | undefined;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private backoffMs = 0;

  constructor(private readonly options: RelayOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.standbyIntervalMs = options.standbyIntervalMs ?? 1_000;
  }

  get isLeader(): boolean {
    return this.client !== undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops sending; with flush (the default) it first sends what is already committed, within a time limit. */
  async stop(options: { flush?: boolean; timeoutMs?: number } = {}): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
    if ((options.flush ?? true) && this.client) {
      const deadline = Date.now() + (options.timeoutMs ?? 5_000);
      while (Date.now() < deadline && (await this.sendBatch()) > 0);
    }
    await this.releaseLeadership();
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = undefined;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!this.client && !(await this.tryBecomeLeader())) {
          await this.waitForWork(this.standbyIntervalMs);
          continue;
        }
        const sent = await this.sendBatch();
        this.backoffMs = 0;
        if (sent < this.batchSize) await this.waitForWork(this.pollIntervalMs);
      } catch (error) {
        this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs ? this.backoffMs * 2 : 100);
        this.options.logger.warn(
          { err: error, retryInMs: this.backoffMs },
          'outbox relay: send failed, will retry',
        );
        await this.recordFailure(error);
        if (this.client && !(await this.isConnectionAlive())) await this.releaseLeadership();
        await sleep(this.backoffMs);
      }
    }
  }

  private async tryBecomeLeader(): Promise<boolean> {
    const client = await this.options.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [LOCK_NAME],
      );
      if (!rows[0]?.locked) {
        client.release();
        return false;
      }
      client.on('error', () => undefined);
      // The producer first: if it cannot be made, the connection (and with it the lock) goes back
      // below and this replica is no sender; it must not stay this.client, released, to be released
      // again later (that threw out of the loop and took the process down).
      this.producer ??= await this.options.bus.producer();
      this.client = client;
      this.options.logger.info('outbox relay: sending for this service');
      return true;
    } catch (error) {
      if (this.client === client) this.client = undefined;
      client.release(true);
      throw error;
    }
  }

  private async releaseLeadership(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [LOCK_NAME]);
      client.release();
    } catch {
      client.release(true);
    }
  }

  private async isConnectionAlive(): Promise<boolean> {
    try {
      await this.client?.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  /** Sends the oldest unsent rows; answers how many it sent. */
  private async sendBatch(): Promise<number> {
    const client = this.client;
    const producer = this.producer;
    if (!client || !producer) return 0;
    const { rows } = await client.query<OutboxRow>(
      'select seq, topic, key, payload, headers from outbox where sent_at is null order by seq limit $1',
      [this.batchSize],
    );
    if (rows.length === 0) return 0;
    const messages = rows.map((row) => ({
      topic: row.topic,
      key: row.key,
      value: row.payload,
      headers: row.headers,
    }));
    const spans = this.startProducerSpans(messages);
    try {
      await producer.send(messages);
    } catch (error) {
      for (const span of spans) recordSpanError(span, error);
      throw error;
    } finally {
      for (const span of spans) span.end();
    }
    await client.query('update outbox set sent_at = now() where seq = any($1::bigint[])', [
      rows.map((row) => row.seq),
    ]);
    for (const row of rows) outboxPublished.inc({ topic: row.topic });
    return rows.length;
  }

  /**
   * One producer span per message, child of the outbox write's stored traceparent; the message's
   * traceparent header is replaced by the producer span's, so the consumer's span hangs under it.
   */
  private startProducerSpans(messages: OutgoingMessage[]): Span[] {
    const tracer = this.options.tracer ?? activeTracer();
    if (!tracer) return [];
    return messages.map((message) => {
      const span = startSpan(tracer, `send ${message.topic}`, {
        kind: SpanKind.PRODUCER,
        parent: message.headers.traceparent,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.operation.type': 'send',
          'messaging.destination.name': message.topic,
          'messaging.kafka.message.key': message.key,
          ...(message.headers['event-id'] ? { 'messaging.message.id': message.headers['event-id'] } : {}),
          ...(message.headers['event-type'] ? { 'spa.event.type': message.headers['event-type'] } : {}),
        },
      });
      message.headers = { ...message.headers, traceparent: traceparentOf(span) };
      return span;
    });
  }

  private async recordFailure(error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.client
      ?.query(
        'update outbox set attempts = attempts + 1, last_error = $1 where seq = (select min(seq) from outbox where sent_at is null)',
        [message.slice(0, 1000)],
      )
      .catch(() => undefined);
  }

  private waitForWork(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
