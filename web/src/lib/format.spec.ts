import { describe, it, expect } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatINR, formatTime } from './format';

const utc = { timeZone: 'UTC' };

describe('formatINR', () => {
  it('uses Indian digit grouping, the rupee sign and two decimals', () => {
    expect(formatINR(123456.5)).toBe('₹1,23,456.50');
    expect(formatINR(10000000)).toBe('₹1,00,00,000.00');
    expect(formatINR(999)).toBe('₹999.00');
    expect(formatINR(0)).toBe('₹0.00');
  });

  it('rounds to two decimals', () => {
    expect(formatINR(1049.995)).toBe('₹1,050.00');
    expect(formatINR(12.344)).toBe('₹12.34');
  });

  it('accepts numeric strings as sent for decimal columns', () => {
    expect(formatINR('2499.5')).toBe('₹2,499.50');
  });

  it('shows a dash for missing or invalid amounts', () => {
    expect(formatINR(null)).toBe('—');
    expect(formatINR(undefined)).toBe('—');
    expect(formatINR(Number.NaN)).toBe('—');
    expect(formatINR('')).toBe('—');
    expect(formatINR('abc')).toBe('—');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatINR(-250)).toBe('-₹250.00');
  });
});

describe('formatDate', () => {
  it('writes day/month/year with leading zeros', () => {
    expect(formatDate('2025-03-07T10:00:00Z', utc)).toBe('07/03/2025');
    expect(formatDate(new Date(Date.UTC(2025, 10, 21, 12)), utc)).toBe('21/11/2025');
  });

  it('honours the time zone', () => {
    expect(formatDate('2025-03-07T20:00:00Z', { timeZone: 'Asia/Kolkata' })).toBe('08/03/2025');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatTime and formatDateTime', () => {
  it('uses a 12-hour clock with an upper-case period', () => {
    expect(formatTime('2025-03-07T14:30:00Z', utc)).toBe('2:30 PM');
    expect(formatTime('2025-03-07T09:00:00Z', utc)).toBe('9:00 AM');
  });

  it('joins date and time', () => {
    expect(formatDateTime('2025-03-07T14:30:00Z', utc)).toBe('07/03/2025, 2:30 PM');
    expect(formatDateTime('2025-03-07T14:30:00Z', { timeZone: 'Asia/Kolkata' })).toBe('07/03/2025, 8:00 PM');
  });

  it('shows a dash for invalid input', () => {
    expect(formatDateTime(undefined)).toBe('—');
  });
});

describe('formatDuration', () => {
  it('shows minutes below an hour', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(59)).toBe('59 min');
  });

  it('shows hours and minutes from an hour up', () => {
    expect(formatDuration(60)).toBe('1 hr');
    expect(formatDuration(90)).toBe('1 hr 30 min');
    expect(formatDuration(135)).toBe('2 hr 15 min');
  });

  it('shows a dash for invalid durations', () => {
    expect(formatDuration(-5)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(null)).toBe('—');
  });
});
