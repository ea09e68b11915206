/**
 * Bills live on calendar days in India: a bill's date is the day it was issued in Asia/Kolkata, and
 * income windows and financial years are counted in those days.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

/** A calendar day as YYYY-MM-DD. */
export type CalendarDate = string;

const kolkataDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function calendarDateInKolkata(instant: Date): CalendarDate {
  return kolkataDay.format(instant);
}

export function todayInKolkata(now: Date = new Date()): CalendarDate {
  return calendarDateInKolkata(now);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// An instant with its offset (what `new Date().toISOString()` sends).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A real day between 2000 and 2099 (so 2026-02-30 and 0001-01-01 are refused). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2099) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The bill date a client sent: a calendar day as is, or an ISO instant read as its day in Kolkata.
 * Undefined when it is neither.
 */
export function parseBillDate(value: string): CalendarDate | undefined {
  const trimmed = value.trim();
  if (DATE_ONLY.test(trimmed)) return isCalendarDate(trimmed) ? trimmed : undefined;
  if (!DATE_TIME.test(trimmed)) return undefined;
  const instant = new Date(trimmed);
  if (Number.isNaN(instant.getTime())) return undefined;
  const day = calendarDateInKolkata(instant);
  return isCalendarDate(day) ? day : undefined;
}

/** dd/mm/yyyy, as Indian invoices (and the spec's en-GB dates) show a day. */
export function formatIndianDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}
