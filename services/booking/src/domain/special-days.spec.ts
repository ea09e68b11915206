import { fromLocal } from '@spa/rules';
import { describe, expect, it } from 'vitest';
import {
  dateText,
  dayOfDate,
  hoursOfDay,
  hoursProblemAt,
  specialDayNote,
  specialDaysByDay,
  stillFits,
  type SpecialDay,
} from './special-days.js';

const usual = { openMinute: 9 * 60, closeMinute: 21 * 60, timeZone: 'Asia/Kolkata' };
const diwali: SpecialDay = {
  date: '2026-11-08',
  closed: true,
  opensMinute: null,
  closesMinute: null,
  reason: 'Diwali',
};
const training: SpecialDay = {
  date: '2026-11-10',
  closed: false,
  opensMinute: 12 * 60,
  closesMinute: 17 * 60,
  reason: 'Staff training',
};
const special = specialDaysByDay([diwali, training]);
const at = (date: string, hour: number, minute = 0) =>
  fromLocal({ day: dayOfDate(date)!, minute: hour * 60 + minute }, 'Asia/Kolkata');

describe('special days', () => {
  it('reads only dates that exist', () => {
    expect(dayOfDate('2026-11-08')).toBe(Date.UTC(2026, 10, 8) / 86_400_000);
    expect(dayOfDate('2026-02-31')).toBeUndefined();
    expect(dayOfDate('8/11/2026')).toBeUndefined();
    expect(dateText('2026-11-08')).toBe('Sun 8 Nov 2026');
  });

  it('replace the usual hours of their date only', () => {
    expect(hoursOfDay(usual, special, dayOfDate('2026-11-08')!)).toBeNull();
    expect(hoursOfDay(usual, special, dayOfDate('2026-11-10')!)).toEqual({
      ...usual,
      openMinute: 720,
      closeMinute: 1020,
    });
    expect(hoursOfDay(usual, special, dayOfDate('2026-11-09')!)).toBe(usual);
  });

  it('refuse a start on a closed day, naming the day and why', () => {
    expect(hoursProblemAt(at('2026-11-08', 11), 60, usual, special)).toEqual({
      code: 'CLOSED_ON_DATE',
      message: 'The spa is closed on Sun 8 Nov 2026 (Diwali). Please choose another day.',
    });
  });

  it("judge a start on a day of special hours by that day's hours", () => {
    expect(hoursProblemAt(at('2026-11-10', 12), 60, usual, special)).toBeUndefined();
    expect(hoursProblemAt(at('2026-11-10', 16, 30), 60, usual, special)).toEqual({
      code: 'OUTSIDE_BUSINESS_HOURS',
      message:
        'On Tue 10 Nov 2026 the spa is open 12:00 PM to 5:00 PM (Staff training). A 60-minute treatment can start between 12:00 PM and 4:00 PM.',
    });
    // The usual day keeps the usual rule and sentence.
    expect(hoursProblemAt(at('2026-11-09', 20, 30), 60, usual, special)?.message).toMatch(
      /^Appointments must start and end within business hours, 9:00 AM to 9:00 PM/,
    );
    expect(hoursProblemAt(at('2026-11-09', 10), 60, usual, special)).toBeUndefined();
  });

  it('tell which appointments a change strands', () => {
    expect(stillFits(at('2026-11-10', 10), at('2026-11-10', 11), usual, special)).toBe(false);
    expect(stillFits(at('2026-11-10', 13), at('2026-11-10', 14), usual, special)).toBe(true);
    expect(stillFits(at('2026-11-08', 13), at('2026-11-08', 14), usual, special)).toBe(false);
  });

  it('print a note for the date picker', () => {
    expect(specialDayNote(diwali)).toBe('Closed: Diwali');
    expect(specialDayNote(training)).toBe('Open 12:00 PM – 5:00 PM: Staff training');
  });
});
