import { describe, expect, it } from 'vitest';
import { formatIndianDate, isCalendarDate, parseBillDate, todayInKolkata } from './calendar.js';

describe('calendar days in Asia/Kolkata', () => {
  it('takes today as the day in India, which starts 5:30 hours before UTC midnight', () => {
    expect(todayInKolkata(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(todayInKolkata(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });

  it.each([
    ['2026-11-21', '2026-11-21'],
    [' 2028-02-29 ', '2028-02-29'],
    ['2026-11-20T20:00:00.000Z', '2026-11-21'],
    ['2026-11-21T10:00:00+05:30', '2026-11-21'],
  ])('reads %j as the bill date %s', (value, date) => {
    expect(parseBillDate(value)).toBe(date);
  });

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '1999-12-31',
    '2100-01-01',
    '21/11/2026',
    'today',
    '',
    '2026-11-21T25:00:00Z',
  ])('refuses %j', (value) => {
    expect(parseBillDate(value)).toBeUndefined();
  });

  it('checks real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });

  it('prints dd/mm/yyyy', () => {
    expect(formatIndianDate('2026-04-01')).toBe('01/04/2026');
  });
});
