import { Gauge } from 'prom-client';
import { valueWithin } from './finish-within.js';
import { metricsRegistry } from './metrics.js';

/** The job states whose counts a tracked queue reports, one gauge each. */
const QUEUE_STATES = ['waiting', 'active', 'delayed'] as const;
type QueueState = (typeof QUEUE_STATES)[number];

/** What trackQueueDepth reads: a BullMQ Queue (structurally; the kit does not depend on bullmq). */
export interface CountableQueue {
  readonly name: string;
  getJobCounts(...types: QueueState[]): Promise<Record<string, number>>;
}

/**
 * How long a scrape waits for one queue's counts. A slow or absent Redis leaves that queue's series
 * out of the scrape (an autoscaler then holds instead of scaling down) rather than blocking /metrics.
 */
const COUNT_TIMEOUT_MS = 1_000;
/** The three gauges of one scrape share one read of every queue. */
const READ_REUSE_MS = 1_000;

const trackedQueues = new Map<string, CountableQueue>();
let lastRead: { at: number; counts: Promise<Map<string, Record<string, number> | undefined>> } | undefined;

async function countsWithin(queue: CountableQueue, timeoutMs: number): Promise<Record<string, number>> {
  const answer = await valueWithin(() => queue.getJobCounts(...QUEUE_STATES), timeoutMs, {
    holdProcess: false,
  });
  if (answer.late) throw new Error(`no counts in ${timeoutMs} ms`);
  return answer.value;
}

/** Every tracked queue's counts (undefined: it did not answer in time), read once per scrape. */
function readCounts() {
  const now = Date.now();
  if (!lastRead || now - lastRead.at > READ_REUSE_MS) {
    const reads = [...trackedQueues].map(async ([label, queue]) => {
      const counts = await countsWithin(queue, COUNT_TIMEOUT_MS).catch(() => undefined);
      return [label, counts] as const;
    });
    lastRead = { at: now, counts: Promise.all(reads).then((entries) => new Map(entries)) };
  }
  return lastRead.counts;
}

function queueGauge(state: QueueState) {
  return new Gauge({
    name: `bullmq_queue_${state}_jobs`,
    help: `Jobs ${state} in each BullMQ queue this process tracks (the whole queue, not this process's share)`,
    labelNames: ['queue'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const [label, counts] of await readCounts())
        if (counts) this.set({ queue: label }, counts[state] ?? 0);
    },
  });
}

// Registered once per process, on the registry every app's /metrics serves.
for (const state of QUEUE_STATES) queueGauge(state);

/**
 * Reports a BullMQ queue's waiting, active and delayed jobs on the process's /metrics as
 * `bullmq_queue_<state>_jobs{queue="<name>"}`, read from Redis at each scrape (at most 1 s; a queue
 * that does not answer is left out of that scrape). Every replica reports the same whole-queue figure,
 * so aggregate with max(), not sum(). Answers a function that stops tracking it (call it before closing
 * the queue).
 */
export function trackQueueDepth(queue: CountableQueue, options: { name?: string } = {}): () => void {
  const label = options.name ?? queue.name;
  trackedQueues.set(label, queue);
  lastRead = undefined;
  return () => {
    if (trackedQueues.get(label) !== queue) return;
    trackedQueues.delete(label);
    lastRead = undefined;
  };
}
