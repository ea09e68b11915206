import { describe, expect, it } from 'vitest';
import { businessDate, lastDays, rangeProblem, thisMonth } from './report-range';

// 27 Nov 2026, 21:00 UTC is already 28 Nov in India (02:30).
const lateEvening = Date.parse('2026-11-27T21:00:00Z');

describe("the reports' range", () => {
  it('counts business days in India', () => {
    expect(businessDate(lateEvening)).toBe('2026-11-28');
    expect(lastDays(30, lateEvening)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(lastDays(1, lateEvening)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(thisMonth(lateEvening)).toEqual({ from: '2026-11-01', to: '2026-11-28' });
  });

  it('refuses what billing would refuse', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeUndefined();
    expect(rangeProblem({ from: '2026-12-01', to: '2026-11-30' })).toBe('The start comes after the end');
    expect(rangeProblem({ from: '', to: '2026-11-30' })).toBe('Choose both dates');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-11-30' })).toBe('At most 366 days at a time');
    expect(rangeProblem({ from: '2025-12-01', to: '2026-12-01' })).toBe(undefined);
  });
});
