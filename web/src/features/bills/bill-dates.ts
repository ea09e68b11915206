import { formatDate } from '../../lib/format';

/** The business is in Indore: a bill's day and the income windows are calendar days in India. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today as YYYY-MM-DD in India, whatever the browser's own zone. */
export function todayInIndia(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * 2026-03-09 → 09/03/2026. A bill's date is a calendar day, not an instant: it is read as that day at
 * noon UTC and shown in UTC, so no zone can move it to the day before or after.
 */
export function formatBillDate(day: string | null | undefined): string {
  if (!day || !isIsoDay(day.slice(0, 10))) return formatDate(day ?? null);
  return formatDate(`${day.slice(0, 10)}T12:00:00Z`, { timeZone: 'UTC' });
}
