import { describe, expect, it } from 'vitest';
import {
  businessHoursProblem,
  businessHoursText,
  clock24Text,
  clockText,
  compactLocalDate,
  fitsBusinessHours,
  formatLocalDateTime,
  fromLocal,
  toLocal,
} from './business-time.js';

const hours = { openMinute: 9 * 60, closeMinute: 21 * 60, timeZone: 'Asia/Kolkata' };
const at = (iso: string) => Date.parse(iso);

describe('business time (Asia/Kolkata, UTC+05:30)', () => {
  it('reads an instant as its Indian wall-clock time and back', () => {
    const instant = at('2026-11-21T04:30:00Z');
    const local = toLocal(instant, 'Asia/Kolkata');
    expect(local.minute).toBe(10 * 60);
    expect(fromLocal(local, 'Asia/Kolkata')).toBe(instant);
  });

  it('puts a late-UTC instant on the next Indian day', () => {
    expect(compactLocalDate(at('2026-11-21T19:00:00Z'), 'Asia/Kolkata')).toBe('20261122');
    expect(compactLocalDate(at('2026-11-21T18:29:00Z'), 'Asia/Kolkata')).toBe('20261121');
  });

  it('accepts appointments that start and end inside 9:00 AM to 9:00 PM', () => {
    expect(fitsBusinessHours(at('2026-11-21T03:30:00Z'), 60, hours)).toBe(true); // 9:00-10:00
    expect(fitsBusinessHours(at('2026-11-21T14:30:00Z'), 60, hours)).toBe(true); // 20:00-21:00
    expect(fitsBusinessHours(at('2026-11-21T03:29:00Z'), 60, hours)).toBe(false); // 8:59
    expect(fitsBusinessHours(at('2026-11-21T14:31:00Z'), 60, hours)).toBe(false); // ends 21:01
    expect(fitsBusinessHours(at('2026-11-21T20:00:00Z'), 30, hours)).toBe(false); // 1:30 AM
  });

  it('explains the hours and the latest start for the treatment', () => {
    expect(businessHoursProblem(90, hours)).toBe(
      'Appointments must start and end within business hours, 9:00 AM to 9:00 PM (Asia/Kolkata). A 90-minute treatment can start between 9:00 AM and 7:30 PM.',
    );
  });

  it('accepts exactly what fits the configured hours, whatever they are', () => {
    const short = { openMinute: 10 * 60 + 30, closeMinute: 18 * 60, timeZone: 'Asia/Kolkata' };
    expect(fitsBusinessHours(at('2026-11-21T05:00:00Z'), 30, short)).toBe(true); // 10:30-11:00
    expect(fitsBusinessHours(at('2026-11-21T04:30:00Z'), 30, short)).toBe(false); // 10:00
    expect(fitsBusinessHours(at('2026-11-21T12:00:00Z'), 30, short)).toBe(true); // 17:30-18:00
    expect(fitsBusinessHours(at('2026-11-21T12:00:00Z'), 31, short)).toBe(false);
    // Seconds do not move a start to the next minute.
    expect(fitsBusinessHours(at('2026-11-21T03:30:59Z'), 60, hours)).toBe(true);
  });

  it('formats times on a 12-hour clock in the business zone', () => {
    expect(clockText(0)).toBe('12:00 AM');
    expect(clockText(9 * 60)).toBe('9:00 AM');
    expect(clockText(12 * 60 + 30)).toBe('12:30 PM');
    expect(clockText(20 * 60 + 30)).toBe('8:30 PM');
    expect(clockText(12 * 60 + 5)).toBe('12:05 PM');
    expect(formatLocalDateTime(at('2026-11-21T06:00:00Z'), 'Asia/Kolkata')).toBe('Sat 21 Nov 2026, 11:30 AM');
  });

  it('writes the hours as the pages and the configuration do', () => {
    expect(businessHoursText(hours)).toBe('9:00 AM – 9:00 PM');
    expect(businessHoursText(hours, ' - ')).toBe('9:00 AM - 9:00 PM');
    expect([clock24Text(hours.openMinute), clock24Text(hours.closeMinute)]).toEqual(['09:00', '21:00']);
    expect(clock24Text(24 * 60)).toBe('24:00');
  });

  it('refuses a zone it cannot do arithmetic for', () => {
    expect(() => toLocal(0, 'Europe/London')).toThrow('Unsupported business time zone');
  });
});
