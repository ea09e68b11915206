import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stopKafkajsIdlePolling } from './kafkajs-idle-timer.js';

// kafkajs's own queue class (one per broker connection), driven without a broker.
const RequestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as new (
  options: object,
) => {
  pending: unknown[];
  throttledUntil: number;
  checkPendingRequests(): void;
  canSendSocketRequestImmediately(): boolean;
};

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const newQueue = () =>
  new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'spec',
    broker: 'broker:9092',
    logger: quiet,
  });

describe('stopKafkajsIdlePolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stopKafkajsIdlePolling();
  });
  afterEach(() => vi.useRealTimers());

  it('an idle connection arms no timer after an answer (kafkajs polled every millisecond)', () => {
    const queue = newQueue();
    const checks = vi.spyOn(queue, 'checkPendingRequests');
    queue.checkPendingRequests(); // what kafkajs does after every answer
    vi.advanceTimersByTime(1_000);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a request waiting behind the in-flight limit is checked again every 10 ms until it can go', () => {
    const queue = newQueue();
    let full = true;
    vi.spyOn(queue, 'canSendSocketRequestImmediately').mockImplementation(() => !full);
    const sent: unknown[] = [];
    queue.pending.push({ expectResponse: true, send: () => sent.push('request') });
    queue.checkPendingRequests();
    vi.advanceTimersByTime(25);
    expect(sent).toEqual([]);
    full = false;
    vi.advanceTimersByTime(10);
    expect(sent).toEqual(['request']);
    expect(queue.pending).toEqual([]);
    // Then idle again: no timer left.
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a throttling broker: the queue is checked when the throttle ends', () => {
    const queue = newQueue();
    vi.spyOn(queue, 'canSendSocketRequestImmediately').mockImplementation(
      () => queue.throttledUntil <= Date.now(),
    );
    const sent: unknown[] = [];
    queue.throttledUntil = Date.now() + 300;
    queue.pending.push({ expectResponse: true, send: () => sent.push('request') });
    queue.checkPendingRequests();
    vi.advanceTimersByTime(299);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(2);
    expect(sent).toEqual(['request']);
  });
});
