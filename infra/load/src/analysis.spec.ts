// Unit tests of what npm run bench computes from its measurements (no I/O).
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without type declarations
import { findKnee } from '../knee.mjs';
// @ts-expect-error plain JavaScript without type declarations
import { lagBetween, parseEventLag, parseRequestCount } from '../metrics.mjs';

const step = (n: number, p99: number, extra: Record<string, number> = {}) => ({
  step: n,
  offered: n * 100,
  errors: 0,
  droppedShare: 0,
  offeredIterationsPerSecond: n,
  achievedIterationsPerSecond: n,
  latencyMs: { p99 },
  ...extra,
});

describe('the knee of a journey', () => {
  it('is not reached while every step keeps up', () => {
    expect(findKnee([step(1, 10), step(2, 12), step(3, 15)]).step).toBeNull();
  });

  it('is the first step whose p99 at least doubles and grows by 20 ms or more', () => {
    expect(findKnee([step(1, 10), step(2, 18), step(3, 60), step(4, 400)])).toMatchObject({
      step: 3,
      reasons: ['p99 jumps (18 → 60 ms)'],
    });
    // Doubling from 3 to 7 ms is noise, not a knee.
    expect(findKnee([step(1, 3), step(2, 7)]).step).toBeNull();
  });

  it('is where errors start or the generator has to drop journeys', () => {
    expect(findKnee([step(1, 10), step(2, 11, { errors: 3 })]).reasons).toEqual(['errors start (3)']);
    expect(findKnee([step(1, 10), step(2, 11, { droppedShare: 0.1 })]).reasons[0]).toContain(
      '10% of journeys dropped',
    );
    expect(findKnee([step(1, 10), step(2, 11, { achievedIterationsPerSecond: 1 })]).reasons[0]).toContain(
      '1 of 2 journeys/s done',
    );
  });
});

const exposition = (count: number, sum: number, under100ms: number, under1s: number) =>
  [
    '# HELP event_lag_seconds Time from the producing transaction to the consumer having handled the event',
    `event_lag_seconds_bucket{le="0.1",consumer="a",event_type="x"} ${under100ms}`,
    `event_lag_seconds_bucket{le="1",consumer="a",event_type="x"} ${under1s}`,
    `event_lag_seconds_bucket{le="+Inf",consumer="a",event_type="x"} ${count}`,
    `event_lag_seconds_sum{consumer="a",event_type="x"} ${sum}`,
    `event_lag_seconds_count{consumer="a",event_type="x"} ${count}`,
    'http_request_duration_seconds_count{method="GET",route="/products",status_code="200"} 40',
    'http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"} 7',
  ].join('\n');

describe('event lag between two scrapes', () => {
  it('counts only the events handled in between, with the bucket bound under which 95% fell', () => {
    const before = parseEventLag(exposition(10, 0.5, 10, 10));
    const after = parseEventLag(exposition(30, 6.5, 12, 30));
    expect(lagBetween(before, after)).toEqual({
      events: 20,
      meanMs: 300,
      p95UnderMs: 1000,
      maxUnderMs: 1000,
    });
  });

  it('says nothing when no event was handled', () => {
    const same = parseEventLag(exposition(10, 0.5, 10, 10));
    expect(lagBetween(same, same)).toMatchObject({ events: 0, meanMs: null });
  });

  it("counts a service's answered requests without its own metrics scrapes", () => {
    expect(parseRequestCount(exposition(1, 1, 1, 1))).toBe(40);
  });
});
