import { describe, expect, it } from 'vitest';
import { growthRate, kolkataMonthBounds } from './stats.js';

describe('growth rate', () => {
  it('is this month against last month in percent, one decimal', () => {
    expect(growthRate(150_000, 100_000)).toBe(50);
    expect(growthRate(50_000, 150_000)).toBe(-66.7);
    expect(growthRate(100_001, 300_000)).toBe(-66.7);
    expect(growthRate(100_000, 100_000)).toBe(0);
  });

  it('is 0 or 100 when last month had no revenue', () => {
    expect(growthRate(0, 0)).toBe(0);
    expect(growthRate(1, 0)).toBe(100);
  });
});

describe('calendar months in Asia/Kolkata', () => {
  it('starts a month at local midnight (18:30 UTC the day before)', () => {
    const bounds = kolkataMonthBounds(new Date('2026-03-15T10:00:00Z'));
    expect(bounds.thisMonthStart.toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(bounds.lastMonthStart.toISOString()).toBe('2026-01-31T18:30:00.000Z');
    expect(bounds.nextMonthStart.toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  it('counts the evening of the last UTC day of a month as the next Indian month', () => {
    const bounds = kolkataMonthBounds(new Date('2026-01-31T20:00:00Z'));
    expect(bounds.thisMonthStart.toISOString()).toBe('2026-01-31T18:30:00.000Z');
    expect(bounds.lastMonthStart.toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });
});
