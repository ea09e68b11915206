import { AppError } from '@spa/kit/errors';
import { BOOKING_RULE_DEFAULTS } from '@spa/rules';
import { addDays } from './bill-dates.js';
import { isCalendarDate, todayInKolkata, type CalendarDate } from './calendar.js';

/**
 * The owner's reports (GET /admin/reports): the rules that need no database. Days are business days
 * in Asia/Kolkata; the figures themselves are summed by Postgres (db/reports.repository.ts).
 */

/** The longest range one report covers, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;
/** The range when none is asked for: this many days ending today. */
const DEFAULT_REPORT_DAYS = 30;

export interface ReportRange {
  from: CalendarDate;
  to: CalendarDate;
}

/** The spa's daily opening hours, minutes after local midnight (BUSINESS_OPENS, BUSINESS_CLOSES). */
export interface OpeningHours {
  openMinute: number;
  closeMinute: number;
}

/** Booking's defaults (09:00 to 21:00), so both services read the same hours when nothing is set. */
export const DEFAULT_OPENING_HOURS: Readonly<OpeningHours> = Object.freeze({
  openMinute: BOOKING_RULE_DEFAULTS.openMinute,
  closeMinute: BOOKING_RULE_DEFAULTS.closeMinute,
});

/** "09:00" → 540; undefined when it is not a time of day (24:00, the end of the day, is one). */
export function parseClock(value: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  const minute = hours * 60 + minutes;
  return minutes > 59 || minute > 24 * 60 ? undefined : minute;
}

export function openMinutesPerDay(hours: OpeningHours): number {
  return Math.max(0, hours.closeMinute - hours.openMinute);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysInRange({ from, to }: ReportRange): number {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return Math.max(0, days);
}

function invalid(field: 'from' | 'to', message: string): AppError {
  return new AppError(400, 'VALIDATION_FAILED', message, [{ field, message }]);
}

/**
 * The range a request asks for: `to` defaults to today in Kolkata and `from` to the 30 days ending at
 * `to`. 400 (VALIDATION_FAILED, the field named in details) for a day that is not YYYY-MM-DD, a start
 * after the end, or more than 366 days.
 */
export function resolveReportRange(
  query: { from?: string; to?: string },
  now: Date = new Date(),
): ReportRange {
  const from = query.from?.trim() || undefined;
  const to = query.to?.trim() || undefined;
  if (from !== undefined && !isCalendarDate(from))
    throw invalid('from', 'The start date must be a date as YYYY-MM-DD');
  if (to !== undefined && !isCalendarDate(to))
    throw invalid('to', 'The end date must be a date as YYYY-MM-DD');
  const end = to ?? todayInKolkata(now);
  const start = from ?? addDays(end, -(DEFAULT_REPORT_DAYS - 1));
  if (end < start) throw invalid('to', 'The end date cannot be before the start date');
  if (daysInRange({ from: start, to: end }) > MAX_REPORT_DAYS)
    throw invalid('to', `A report covers at most ${MAX_REPORT_DAYS} days`);
  return { from: start, to: end };
}

/** part / whole rounded to 3 decimals; 0 when the whole is 0. */
export function ratio(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 1000;
}

/** Booked share of the available minutes, 0..1 with 3 decimals (booked beyond the hours caps at 1). */
export function utilisationShare(bookedMinutes: number, availableMinutes: number): number {
  return Math.min(1, ratio(bookedMinutes, availableMinutes));
}

/** No-shows / (no-shows + completed), 3 decimals; 0 when there were neither. */
export function noShowRate(noShows: number, completed: number): number {
  return ratio(noShows, noShows + completed);
}

/** Integer paise as rupees (at most 2 decimals). */
export function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** The parts of a commerce order that decide when it counts as revenue. */
export interface OrderRevenueFacts {
  status: string;
  paymentMethod: string;
  paidAt?: Date;
  deliveredAt?: Date;
}

/**
 * When an order counts as revenue, or undefined when it does not (yet): a cancelled order never; an
 * online order when it was paid; cash on delivery when it was delivered (the cash is collected then).
 */
export function orderRevenueAt(order: OrderRevenueFacts): Date | undefined {
  if (order.status === 'cancelled') return undefined;
  return order.paymentMethod === 'COD' ? order.deliveredAt : order.paidAt;
}

/**
 * What a counter refund gave back of one sale line, tax-inclusive: the amount the refund names, or,
 * when it names none, the line's total pro rata of the quantity returned (as the credit note takes it).
 */
export function refundedLinePaise(
  line: { quantity: number; totalPaise: number },
  refunded: { quantity: number; amountPaise: number },
): number {
  if (refunded.amountPaise > 0) return refunded.amountPaise;
  if (line.quantity <= 0) return 0;
  return Math.round((line.totalPaise * refunded.quantity) / line.quantity);
}
