/**
 * The spa's calendar and the date picker's times. Appointments are stored in UTC and shown in the
 * business's zone, Asia/Kolkata, which keeps a fixed UTC+5:30 all year (no daylight saving), so plain
 * arithmetic converts between the two wherever the visitor's browser happens to be. Business hours are
 * booking's (useBookingRules) and whether a time fits them is @spa/rules' fitsBusinessHours, the check
 * booking itself applies.
 */
import { clockText, fitsBusinessHours, MINUTE_MS, offsetMinutesOf, type BusinessHours } from '@spa/rules';

export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';
const BUSINESS_UTC_OFFSET_MINUTES = offsetMinutesOf(BUSINESS_TIME_ZONE);
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Spec: the picker offers times in 30-minute steps. */
const SLOT_STEP_MINUTES = 30;
/** How far ahead the calendar opens (the spec is silent; a season ahead is what spas take). */
export const BOOKING_WINDOW_DAYS = 90;

/** A calendar day in the business's zone; month is 1-12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export interface TimeSlot {
  /** Minutes after midnight, business time. */
  minuteOfDay: number;
  start: Date;
  label: string;
  selectable: boolean;
  /** Why a time cannot be chosen, for its tooltip and screen readers. */
  reason?: 'past' | 'after-closing';
}

/** The day and minute an instant falls on in the business's zone. */
export function businessDayOf(instant: Date): CalendarDay & { minuteOfDay: number } {
  const shifted = new Date(instant.getTime() + BUSINESS_UTC_OFFSET_MINUTES * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    minuteOfDay: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** The instant of a business-time day and minute. */
export function businessInstant(day: CalendarDay, minuteOfDay: number): Date {
  return new Date(
    Date.UTC(day.year, day.month - 1, day.day, 0, minuteOfDay) - BUSINESS_UTC_OFFSET_MINUTES * MINUTE_MS,
  );
}

export function sameDay(a: CalendarDay | null | undefined, b: CalendarDay | null | undefined): boolean {
  return Boolean(a && b && a.year === b.year && a.month === b.month && a.day === b.day);
}

/** Days between two calendar days (b − a). */
export function daysBetween(a: CalendarDay, b: CalendarDay): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * Every start time of a day from opening, 30 minutes apart, up to the last one before closing. A time
 * is selectable when it is still ahead of now and the whole appointment fits the business hours.
 */
export function daySlots(
  day: CalendarDay,
  durationMinutes: number,
  now: Date,
  hours: BusinessHours,
): TimeSlot[] {
  const slots: TimeSlot[] = [];
  for (let minute = hours.openMinute; minute < hours.closeMinute; minute += SLOT_STEP_MINUTES) {
    const start = businessInstant(day, minute);
    const reason =
      start.getTime() <= now.getTime()
        ? ('past' as const)
        : !fitsBusinessHours(start.getTime(), durationMinutes, hours)
          ? ('after-closing' as const)
          : undefined;
    slots.push({ minuteOfDay: minute, start, label: clockText(minute), selectable: !reason, reason });
  }
  return slots;
}

/** Whether a start time may be booked: ahead of now, on a 30-minute step, inside business hours. */
export function isBookableStart(
  start: Date,
  durationMinutes: number,
  now: Date,
  hours: BusinessHours,
): boolean {
  const { minuteOfDay } = businessDayOf(start);
  return (
    start.getTime() > now.getTime() &&
    start.getUTCSeconds() === 0 &&
    start.getUTCMilliseconds() === 0 &&
    (minuteOfDay - hours.openMinute) % SLOT_STEP_MINUTES === 0 &&
    fitsBusinessHours(start.getTime(), durationMinutes, hours)
  );
}

/** Whether a day can be opened in the calendar: from today, inside the window, with a free time left. */
export function isBookableDay(
  day: CalendarDay,
  durationMinutes: number,
  now: Date,
  hours: BusinessHours,
): boolean {
  const offset = daysBetween(businessDayOf(now), day);
  if (offset < 0 || offset > BOOKING_WINDOW_DAYS) return false;
  return daySlots(day, durationMinutes, now, hours).some((slot) => slot.selectable);
}

/** The first day with a bookable time, from today on. */
export function firstBookableDay(durationMinutes: number, now: Date, hours: BusinessHours): CalendarDay {
  const today = businessDayOf(now);
  for (let offset = 0; offset <= BOOKING_WINDOW_DAYS; offset++) {
    const day = addDays(today, offset);
    if (isBookableDay(day, durationMinutes, now, hours)) return day;
  }
  return today;
}

/** MM/dd/yyyy, the date format of the spec's pickers. */
export function formatPickerDate(day: CalendarDay): string {
  return `${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}/${day.year}`;
}

/** MM/dd/yyyy h:mm AM, the picker's whole value. */
export function formatPickerDateTime(instant: Date): string {
  const at = businessDayOf(instant);
  return `${formatPickerDate(at)} ${clockText(at.minuteOfDay)}`;
}

/** Reads MM/dd/yyyy (single-digit month and day allowed); null unless it names a real day. */
export function parsePickerDate(text: string): CalendarDay | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/** A month as weeks of seven cells, Sunday first; cells outside the month are null. */
export function monthGrid(year: number, month: number): Array<Array<CalendarDay | null>> {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: Array<CalendarDay | null> = [
    ...Array.from({ length: firstWeekday }, () => null),
    ...Array.from({ length }, (_, index) => ({ year, month, day: index + 1 })),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<CalendarDay | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function monthTitle(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Tuesday, 25 November 2026" for a day's accessible name. */
export function longDayLabel(day: CalendarDay): string {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).toLocaleDateString('en-GB', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  return `${weekday}, ${day.day} ${MONTH_NAMES[day.month - 1]} ${day.year}`;
}
