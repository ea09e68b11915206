import { describe, expect, it } from 'vitest';
import { withFreshAttempts } from './kafka.js';

// The kit sends each attempt as a fresh kafkajs send of the whole batch (see the producer in
// kafka.ts): kafkajs' own retries could resolve with a partition never written (kafkajs#1798).
describe('withFreshAttempts', () => {
  it('sends the whole batch again after a failed attempt, until one attempt succeeds', async () => {
    const attempts: number[] = [];
    await withFreshAttempts(
      () => {
        attempts.push(attempts.length + 1);
        if (attempts.length < 3)
          return Promise.reject(Object.assign(new Error('not the leader'), { retriable: false }));
        return Promise.resolve();
      },
      { firstDelayMs: 1 },
    );
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up after its attempts with the last error', async () => {
    let calls = 0;
    await expect(
      withFreshAttempts(
        () => {
          calls++;
          return Promise.reject(new Error(`broker down ${calls}`));
        },
        { attempts: 4, firstDelayMs: 1 },
      ),
    ).rejects.toThrow('broker down 4');
    expect(calls).toBe(4);
  });
});
