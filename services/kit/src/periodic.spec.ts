import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic.js';

afterEach(() => vi.useRealTimers());

describe('startPeriodicTask', () => {
  it('runs first within a minute, then every interval, logs a failure and keeps going, and stops', async () => {
    vi.useFakeTimers();
    const logger = { error: vi.fn() };
    let runs = 0;
    const stop = startPeriodicTask(
      () => {
        runs += 1;
        return runs === 2 ? Promise.reject(new Error('boom')) : Promise.resolve();
      },
      3600,
      logger,
      'the sweep',
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3_540_000);
    expect(runs).toBe(2);
    expect(logger.error).toHaveBeenCalledWith(
      expect.anything(),
      'the sweep failed; it runs again next interval',
    );
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(3);
    await stop();
    await vi.advanceTimersByTimeAsync(7_200_000);
    expect(runs).toBe(3);
  });

  it('never runs when the interval is 0', async () => {
    vi.useFakeTimers();
    const task = vi.fn(() => Promise.resolve());
    await startPeriodicTask(task, 0, { error: vi.fn() }, 'nothing')();
    await vi.advanceTimersByTimeAsync(10_000_000);
    expect(task).not.toHaveBeenCalled();
  });
});

describe('startPeriodicTask, below a second and without overlap', () => {
  it('takes the interval in ms, skips a tick while a run is still going, and its stopper waits for that run', async () => {
    vi.useFakeTimers();
    const logger = { error: vi.fn(), warn: vi.fn() };
    let started = 0;
    let finished = 0;
    const stop = startPeriodicTask(
      async () => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
        finished += 1;
        if (started === 1) throw new Error('boom');
      },
      0,
      logger,
      'the sweep',
      { everyMs: 100, failureLevel: 'warn' },
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(1);
    // Ticks at 200 and 300 find the first run still going: skipped, not doubled.
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(60);
    expect(finished).toBe(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.anything(),
      'the sweep failed; it runs again next interval',
    );
    expect(logger.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toBe(2);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await stopping;
    expect(finished).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
  });
});
