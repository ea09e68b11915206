import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDayOf,
  businessInstant,
  daySlots,
  firstBookableDay,
  formatPickerDate,
  formatPickerDateTime,
  isBookableDay,
  isBookableStart,
  monthGrid,
  parsePickerDate,
  shiftMonth,
} from './business-time';

const day = { year: 2026, month: 11, day: 25 };
/** Booking's default business hours, 9:00 AM to 9:00 PM. */
const hours = { openMinute: 9 * 60, closeMinute: 21 * 60, timeZone: 'Asia/Kolkata' };
/** 8:10 AM in Indore on 25/11/2026. */
const earlyMorning = new Date('2026-11-25T02:40:00.000Z');

describe('business time (Asia/Kolkata, UTC+5:30)', () => {
  it('converts a business day and minute to the instant and back', () => {
    const sixPm = businessInstant(day, 18 * 60);
    expect(sixPm.toISOString()).toBe('2026-11-25T12:30:00.000Z');
    expect(businessDayOf(sixPm)).toEqual({ ...day, minuteOfDay: 18 * 60 });
  });

  it('puts an instant late in the UTC day on the next business day', () => {
    expect(businessDayOf(new Date('2026-11-24T20:00:00.000Z'))).toEqual({
      ...day,
      minuteOfDay: 90,
    });
  });
});

describe('daySlots', () => {
  it('offers 9:00 AM to 8:30 PM in 30-minute steps', () => {
    const slots = daySlots(day, 60, earlyMorning, hours);
    expect(slots).toHaveLength(24);
    expect(slots[0]!.label).toBe('9:00 AM');
    expect(slots[1]!.label).toBe('9:30 AM');
    expect(slots.at(-1)!.label).toBe('8:30 PM');
  });

  it('refuses starts whose appointment would end after 9:00 PM', () => {
    const slots = daySlots(day, 90, earlyMorning, hours);
    const selectable = slots.filter((slot) => slot.selectable).map((slot) => slot.label);
    expect(selectable.at(-1)).toBe('7:30 PM');
    expect(slots.find((slot) => slot.label === '8:00 PM')).toMatchObject({
      selectable: false,
      reason: 'after-closing',
    });
  });

  it('follows the hours booking is configured with', () => {
    const short = { ...hours, openMinute: 10 * 60 + 30, closeMinute: 18 * 60 };
    const slots = daySlots(day, 60, earlyMorning, short);
    expect(slots[0]!.label).toBe('10:30 AM');
    expect(slots.at(-1)!.label).toBe('5:30 PM');
    expect(slots.filter((slot) => slot.selectable).at(-1)!.label).toBe('5:00 PM');
    expect(isBookableStart(businessInstant(day, 10 * 60 + 30), 60, earlyMorning, short)).toBe(true);
    expect(isBookableStart(businessInstant(day, 10 * 60), 60, earlyMorning, short)).toBe(false);
    expect(isBookableStart(businessInstant(day, 17 * 60 + 30), 60, earlyMorning, short)).toBe(false);
  });

  it('refuses times already past, including the current one', () => {
    const atTen = businessInstant(day, 10 * 60);
    const slots = daySlots(day, 60, atTen, hours);
    expect(slots.filter((slot) => slot.reason === 'past').map((slot) => slot.label)).toEqual([
      '9:00 AM',
      '9:30 AM',
      '10:00 AM',
    ]);
    expect(slots.find((slot) => slot.label === '10:30 AM')!.selectable).toBe(true);
  });
});

describe('bookable starts and days', () => {
  it('accepts a future start on a step inside business hours', () => {
    expect(isBookableStart(businessInstant(day, 18 * 60), 60, earlyMorning, hours)).toBe(true);
    expect(isBookableStart(businessInstant(day, 20 * 60), 60, earlyMorning, hours)).toBe(true);
  });

  it('refuses past, off-step, early and too-late starts', () => {
    expect(isBookableStart(businessInstant(day, 8 * 60), 60, new Date('2026-11-20T00:00:00Z'), hours)).toBe(
      false,
    );
    expect(isBookableStart(businessInstant(day, 18 * 60 + 15), 60, earlyMorning, hours)).toBe(false);
    expect(isBookableStart(businessInstant(day, 20 * 60 + 30), 60, earlyMorning, hours)).toBe(false);
    expect(isBookableStart(businessInstant(addDays(day, -1), 18 * 60), 60, earlyMorning, hours)).toBe(false);
  });

  it('closes today once its last time has passed and opens tomorrow', () => {
    const lateEvening = businessInstant(day, 20 * 60 + 45);
    expect(isBookableDay(day, 30, lateEvening, hours)).toBe(false);
    expect(firstBookableDay(30, lateEvening, hours)).toEqual(addDays(day, 1));
    expect(firstBookableDay(30, earlyMorning, hours)).toEqual(day);
  });

  it('refuses days before today and beyond the booking window', () => {
    expect(isBookableDay(addDays(day, -1), 60, earlyMorning, hours)).toBe(false);
    expect(isBookableDay(addDays(day, 90), 60, earlyMorning, hours)).toBe(true);
    expect(isBookableDay(addDays(day, 91), 60, earlyMorning, hours)).toBe(false);
  });
});

describe('picker text (MM/dd/yyyy)', () => {
  it('formats a day and a whole value', () => {
    expect(formatPickerDate({ year: 2026, month: 3, day: 7 })).toBe('03/07/2026');
    expect(formatPickerDateTime(businessInstant(day, 18 * 60 + 30))).toBe('11/25/2026 6:30 PM');
  });

  it('reads real days only', () => {
    expect(parsePickerDate('11/25/2026')).toEqual(day);
    expect(parsePickerDate(' 3/7/2026 ')).toEqual({ year: 2026, month: 3, day: 7 });
    expect(parsePickerDate('02/30/2026')).toBeNull();
    expect(parsePickerDate('25/11/2026')).toBeNull();
    expect(parsePickerDate('2026-11-25')).toBeNull();
  });
});

describe('calendar', () => {
  it('lays a month out in Sunday-first weeks', () => {
    const weeks = monthGrid(2026, 11);
    // 1 November 2026 is a Sunday; the month needs five weeks.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ year: 2026, month: 11, day: 1 });
    expect(weeks[4]!.filter(Boolean)).toHaveLength(2);
    const february = monthGrid(2026, 2);
    expect(february.flat().filter(Boolean)).toHaveLength(28);
  });

  it('moves between months across years', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
  });
});
