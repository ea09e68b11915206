import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishWithin } from './finish-within.js';

describe('finishWithin', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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
