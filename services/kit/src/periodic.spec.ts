import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic.js';

afterEach(() => vi.useRealTimers());

describe('startPeriodicTask', () => {
  it('runs first within a minute, then every interval, logs a failure and keeps going, and stops', async () => {
    vi.useFakeTimers();
    const logger = { error: vi.fn() };
    let runs = 0;
    const stop = startPeriodicTask(
      async () => {
        runs += 1;
        if (runs === 2) throw new Error('boom');
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
    stop();
    await vi.advanceTimersByTimeAsync(7_200_000);
    expect(runs).toBe(3);
  });

  it('never runs when the interval is 0', async () => {
    vi.useFakeTimers();
    const task = vi.fn(async () => undefined);
    startPeriodicTask(task, 0, { error: vi.fn() }, 'nothing')();
    await vi.advanceTimersByTimeAsync(10_000_000);
    expect(task).not.toHaveBeenCalled();
  });
});
