import type pg from 'pg';
import type { Logger } from '../logger.js';
import { eventRowsPruned } from '../metrics.js';
import { startPeriodicTask } from '../periodic.js';

export interface EventTablePruningOptions {
  pool: pg.Pool;
  logger: Logger;
  /** Sent outbox rows are deleted once sent longer ago than this; unsent rows never are. */
  outboxRetentionMs: number;
  /** Inbox rows are deleted once handled longer ago than this (longer than the topics' retention). */
  inboxRetentionMs: number;
  /** Rows deleted by one statement (one short transaction). */
  batchSize?: number;
  /**
   * How often a run starts (default a minute); a run deletes batch after batch until one comes back
   * short. 0: no timer, only `pruneOnce`.
   */
  intervalMs?: number;
}

export interface EventTablePruning {
  /** Stops the timer; settles once a run under way has finished its current batch and stopped. */
  stop(): Promise<void>;
  /** One run now (after any run under way): answers how many rows it deleted from each table. */
  pruneOnce(): Promise<{ outbox: number; inbox: number }>;
}

// Each statement is its own transaction. The rows are picked through the age indexes
// (outbox_sent_at_idx, inbox_handled_at_idx), locked with SKIP LOCKED so two replicas pruning at
// once take different rows instead of waiting on each other, and deleted by ctid.
const PRUNE_OUTBOX = `
  delete from outbox where ctid = any(array(
    select ctid from outbox
    where sent_at < now() - $1::bigint * interval '1 millisecond'
    limit $2
    for update skip locked
  ))`;

const PRUNE_INBOX = `
  delete from inbox where ctid = any(array(
    select ctid from inbox
    where handled_at < now() - $1::bigint * interval '1 millisecond'
    limit $2
    for update skip locked
  ))`;

/**
 * Keeps the outbox and inbox flat under steady load: deletes outbox rows sent longer ago than
 * `outboxRetentionMs` and inbox rows older than `inboxRetentionMs`, in small batches, every
 * `intervalMs` (runs never overlap). A failed run is logged as a warning and tried again next
 * interval. Any replica may run it; several at once are harmless.
 */
export function startEventTablePruning(options: EventTablePruningOptions): EventTablePruning {
  const { pool, logger } = options;
  const batchSize = options.batchSize ?? 1_000;
  const intervalMs = options.intervalMs ?? 60_000;
  const outboxRetentionMs = Math.round(options.outboxRetentionMs);
  const inboxRetentionMs = Math.round(options.inboxRetentionMs);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('batchSize must be a positive integer');
  if (!(outboxRetentionMs >= 0 && inboxRetentionMs >= 0))
    throw new Error('retention periods must be zero or more milliseconds');

  let stopping = false;
  let current: Promise<unknown> = Promise.resolve();

  const pruneTable = async (table: 'outbox' | 'inbox', statement: string, retentionMs: number) => {
    let total = 0;
    for (;;) {
      const { rowCount } = await pool.query(statement, [retentionMs, batchSize]);
      const deleted = rowCount ?? 0;
      total += deleted;
      if (deleted > 0) eventRowsPruned.inc({ table }, deleted);
      if (deleted < batchSize || stopping) return total;
    }
  };

  const run = async () => {
    const outbox = await pruneTable('outbox', PRUNE_OUTBOX, outboxRetentionMs);
    const inbox = stopping ? 0 : await pruneTable('inbox', PRUNE_INBOX, inboxRetentionMs);
    if (outbox + inbox > 0) logger.debug({ outbox, inbox }, 'pruned event tables');
    return { outbox, inbox };
  };

  /** Runs after whatever run is under way, so runs of this pruner never overlap. */
  const pruneOnce = () => {
    const next = current.then(run, run);
    current = next.catch(() => undefined);
    return next;
  };

  const stopTimer = startPeriodicTask(pruneOnce, intervalMs / 1000, logger, 'pruning the outbox and inbox', {
    everyMs: intervalMs,
    failureLevel: 'warn',
  });

  return {
    pruneOnce,
    async stop() {
      // A run under way (a long backlog) ends after its current batch rather than finishing it.
      stopping = true;
      await stopTimer();
      await current;
      stopping = false;
    },
  };
}
