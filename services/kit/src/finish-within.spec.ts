import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishWithin, valueWithin } from './finish-within.js';

// Both race work against a timer: every test runs on fake timers.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('finishWithin', () => {
  it('answers done for work that finishes in time', async () => {
    const outcome = finishWithin(() => new Promise((resolve) => setTimeout(resolve, 100)), 3_000);
    await vi.advanceTimersByTimeAsync(100);
    await expect(outcome).resolves.toBe('done');
  });

  it('answers late for work that never finishes, once the limit has passed and not before', async () => {
    let settled = false;
    const outcome = finishWithin(() => new Promise(() => undefined), 3_000).then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('late');
  });

  it('throws a failure that comes in time, and drops one that comes after the limit', async () => {
    await expect(finishWithin(() => Promise.reject(new Error('broker gone')), 3_000)).rejects.toThrow(
      'broker gone',
    );
    const outcome = finishWithin(
      () => new Promise((_, reject) => setTimeout(() => reject(new Error('too late')), 5_000)),
      3_000,
    );
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(outcome).resolves.toBe('late');
    await vi.advanceTimersByTimeAsync(2_000);
  });
});

describe('valueWithin', () => {
  it('answers the value of work that finishes in time, and late for work that does not', async () => {
    const quick = valueWithin(() => new Promise((resolve) => setTimeout(() => resolve(7), 100)), 500);
    const slow = valueWithin(() => new Promise((resolve) => setTimeout(() => resolve(8), 900)), 500);
    await vi.advanceTimersByTimeAsync(500);
    await expect(quick).resolves.toEqual({ late: false, value: 7 });
    await expect(slow).resolves.toEqual({ late: true });
  });

  it('leaves no timer behind, whether its timer holds the process or not', async () => {
    const held = valueWithin(() => new Promise(() => undefined), 1_000);
    const unheld = valueWithin(() => new Promise(() => undefined), 1_000, { holdProcess: false });
    expect(vi.getTimerCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(held).resolves.toEqual({ late: true });
    await expect(unheld).resolves.toEqual({ late: true });
    await expect(valueWithin(() => Promise.resolve('now'), 1_000)).resolves.toEqual({
      late: false,
      value: 'now',
    });
    expect(vi.getTimerCount()).toBe(0);
  });
});
