/** Display formats from the spec: rupees in en-IN with 2 decimals, dates as day/month/year (en-GB). */

const MISSING = '—';

const inrFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export interface DateFormatOptions {
  /** IANA zone such as 'Asia/Kolkata'; the browser's zone when omitted. */
  timeZone?: string;
}

type DateInput = Date | string | number;

/** Amounts may arrive as strings (Postgres numeric), so both are accepted. */
export function formatINR(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount.trim() || NaN) : amount;
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return inrFormatter.format(value);
}

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 21/11/2025 */
export function formatDate(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: options.timeZone,
  }).format(date);
}

/**
 * 2:30 PM. en-GB writes "pm" and, depending on the ICU version, a narrow no-break space before it; the spec
 * writes "9:00 AM", so the period is upper-cased and the space made plain for the same text everywhere.
 */
export function formatTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: options.timeZone,
  })
    .formatToParts(date)
    .map((part) => {
      if (part.type === 'dayPeriod') return part.value.toUpperCase();
      if (part.type === 'literal') return part.value.replace(/\s/g, ' ');
      return part.value;
    })
    .join('');
}

/** 21/11/2025, 2:30 PM */
export function formatDateTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return `${formatDate(date, options)}, ${formatTime(date, options)}`;
}

/** 45 min, 1 hr, 1 hr 30 min, 2 hr 15 min */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return MISSING;
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

const CALENDAR_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const CALENDAR_DATE_WITH_YEAR = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "Mon 7 Dec" (or "Mon 7 Dec 2026"): a calendar date (YYYY-MM-DD, a business day) read as a date, so no
 * time zone moves it to another day.
 */
export function formatCalendarDate(date: string, { withYear = false } = {}): string {
  return (withYear ? CALENDAR_DATE_WITH_YEAR : CALENDAR_DATE)
    .format(new Date(`${date}T00:00:00Z`))
    .replace(',', '');
}
