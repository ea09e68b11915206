import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryUntilDone } from './retry-until-done.js';

afterEach(() => vi.useRealTimers());

/** An attempt failing `failures` times, then succeeding; records when (fake time) each one ran. */
function flaky(failures: number) {
  const at: number[] = [];
  return {
    at,
    attempt: () => {
      at.push(Date.now());
      return at.length <= failures ? Promise.reject(new Error(`down ${at.length}`)) : Promise.resolve();
    },
  };
}

describe('retryUntilDone', () => {
  it('is done at once when the first attempt succeeds, and sets no timer', async () => {
    vi.useFakeTimers();
    const task = flaky(0);
    const onFailure = vi.fn();
    const run = await retryUntilDone({ attempt: task.attempt, onFailure });
    expect(run.done()).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(task.at).toHaveLength(1);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('retries in the background 5 s after a failure, doubling to a minute apart, until one succeeds', async () => {
    vi.useFakeTimers({ now: 0 });
    const task = flaky(6);
    const onFailure = vi.fn();
    const run = await retryUntilDone({ attempt: task.attempt, onFailure });
    // The first attempt has settled (failed) when the start resolves.
    expect(run.done()).toBe(false);
    expect(task.at).toEqual([0]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(task.at).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.at).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(300_000);
    // Waits of 5, 10, 20, 40, 60 and 60 s between the seven attempts; the seventh succeeded.
    expect(task.at).toEqual([0, 5_000, 15_000, 35_000, 75_000, 135_000, 195_000]);
    expect(run.done()).toBe(true);
    expect(onFailure).toHaveBeenCalledTimes(6);
    expect(onFailure).toHaveBeenLastCalledWith(new Error('down 6'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('attempts no more once stopped', async () => {
    vi.useFakeTimers({ now: 0 });
    const task = flaky(Infinity);
    const run = await retryUntilDone({ attempt: task.attempt, onFailure: () => undefined });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task.at).toHaveLength(2);
    run.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(task.at).toHaveLength(2);
    expect(run.done()).toBe(false);
  });

  it('takes other delays', async () => {
    vi.useFakeTimers({ now: 0 });
    const task = flaky(3);
    await retryUntilDone({
      attempt: task.attempt,
      onFailure: () => undefined,
      firstDelayMs: 100,
      maxDelayMs: 150,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task.at).toEqual([0, 100, 250, 400]);
  });
});
