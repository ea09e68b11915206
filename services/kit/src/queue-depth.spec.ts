import { afterEach, describe, expect, it } from 'vitest';
import { metricsRegistry } from './metrics.js';
import { trackQueueDepth, type CountableQueue } from './queue-depth.js';

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function fakeQueue(name: string, counts: () => Promise<Record<string, number>>): CountableQueue {
  return { name, getJobCounts: () => counts() };
}

/** The queue-depth lines of the process's /metrics text. */
async function depthLines(): Promise<string[]> {
  return (await metricsRegistry.metrics()).split('\n').filter((line) => line.startsWith('bullmq_queue_'));
}

describe('trackQueueDepth', () => {
  it('reports waiting, active and delayed jobs per queue on the registry', async () => {
    stops.push(
      trackQueueDepth(fakeQueue('spec.email', () => Promise.resolve({ waiting: 7, active: 2, delayed: 1 }))),
      trackQueueDepth(
        fakeQueue('raw-name', () => Promise.resolve({ waiting: 3, active: 0, delayed: 0 })),
        {
          name: 'spec.pdf',
        },
      ),
    );
    const lines = await depthLines();
    expect(lines).toEqual(
      expect.arrayContaining([
        'bullmq_queue_waiting_jobs{queue="spec.email"} 7',
        'bullmq_queue_active_jobs{queue="spec.email"} 2',
        'bullmq_queue_delayed_jobs{queue="spec.email"} 1',
        'bullmq_queue_waiting_jobs{queue="spec.pdf"} 3',
      ]),
    );
    expect(lines.join('\n')).not.toContain('raw-name');
  });

  it('reads each queue once per scrape for the three gauges', async () => {
    let reads = 0;
    stops.push(
      trackQueueDepth(
        fakeQueue('spec.counted', () => {
          reads++;
          return Promise.resolve({ waiting: 1, active: 1, delayed: 1 });
        }),
      ),
    );
    await depthLines();
    expect(reads).toBe(1);
  });

  it('leaves out a queue that does not answer within a second, without holding up /metrics', async () => {
    stops.push(
      trackQueueDepth(fakeQueue('spec.slow', () => new Promise(() => undefined))),
      trackQueueDepth(fakeQueue('spec.broken', () => Promise.reject(new Error('Connection is closed.')))),
      trackQueueDepth(fakeQueue('spec.fine', () => Promise.resolve({ waiting: 4, active: 0, delayed: 0 }))),
    );
    const started = performance.now();
    const lines = await depthLines();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lines).toContain('bullmq_queue_waiting_jobs{queue="spec.fine"} 4');
    expect(lines.join('\n')).not.toMatch(/spec\.(slow|broken)/);
  });

  it('stops reporting a queue once untracked', async () => {
    const stop = trackQueueDepth(fakeQueue('spec.gone', () => Promise.resolve({ waiting: 5 })));
    expect(await depthLines()).toContain('bullmq_queue_waiting_jobs{queue="spec.gone"} 5');
    stop();
    expect((await depthLines()).join('\n')).not.toContain('spec.gone');
  });
});
