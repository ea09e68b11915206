import { AppError } from '@spa/kit/errors';
import { formatIndianDate, type CalendarDate } from './calendar.js';
import { financialYearBounds, financialYearOf } from './invoice-number.js';

/**
 * When a bill may be dated: within a window around today (in India) that never
 * reaches a closed financial year nor a future one. Settings: BILL_DATE_DAYS_BACK (default 7),
 * BILL_DATE_DAYS_AHEAD (default 0) and CLOSED_FINANCIAL_YEAR (e.g. 2025-26: that year and every
 * earlier one are closed; none by default).
 */
export interface BillDateRules {
  daysBack: number;
  daysAhead: number;
  /** The latest closed financial year ("2025-26"); it and all before it take no bill and no edit. */
  closedFinancialYear?: string;
}

export const BILL_DATE_DEFAULTS: BillDateRules = { daysBack: 7, daysAhead: 0 };

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

/** "2025-26" is a financial year; "2025-27" or "25-26" are not. */
export function isFinancialYear(value: string): boolean {
  const match = FINANCIAL_YEAR.exec(value);
  return Boolean(match && (Number(match[1]) + 1) % 100 === Number(match[2]));
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

function isFinancialYearClosed(financialYear: string, rules: BillDateRules): boolean {
  return rules.closedFinancialYear !== undefined && financialYear <= rules.closedFinancialYear;
}

/** The first and last day a bill may carry today; undefined when today's own financial year is closed. */
export function billDateWindow(
  today: CalendarDate,
  rules: BillDateRules,
): { earliest: CalendarDate; latest: CalendarDate } | undefined {
  let earliest = addDays(today, -rules.daysBack);
  if (rules.closedFinancialYear) {
    const firstOpenDay = addDays(financialYearBounds(rules.closedFinancialYear).end, 1);
    if (firstOpenDay > earliest) earliest = firstOpenDay;
  }
  let latest = addDays(today, rules.daysAhead);
  const endOfThisYear = financialYearBounds(financialYearOf(today)).end;
  if (latest > endOfThisYear) latest = endOfThisYear;
  return earliest <= latest ? { earliest, latest } : undefined;
}

const refuse = (code: string, message: string) =>
  new AppError(422, code, message, [{ field: 'date', message }]);

/** A 422 naming the days allowed, or nothing when `date` is one of them. */
export function assertBillDateAllowed(date: CalendarDate, today: CalendarDate, rules: BillDateRules): void {
  const window = billDateWindow(today, rules);
  if (!window)
    throw refuse(
      'FINANCIAL_YEAR_CLOSED',
      `Financial year ${financialYearOf(today)} is closed: no bill can be dated now`,
    );
  if (date >= window.earliest && date <= window.latest) return;
  const range =
    window.earliest === window.latest
      ? `only ${formatIndianDate(window.earliest)}`
      : `from ${formatIndianDate(window.earliest)} to ${formatIndianDate(window.latest)}`;
  if (isFinancialYearClosed(financialYearOf(date), rules))
    throw refuse(
      'FINANCIAL_YEAR_CLOSED',
      `Financial year ${financialYearOf(date)} is closed; a bill can be dated ${range}`,
    );
  throw refuse('BILL_DATE_OUT_OF_RANGE', `A bill can be dated ${range}`);
}

/** An issued invoice of a closed financial year is final: no edit. */
export function assertFinancialYearOpen(financialYear: string, invoiceNumber: string, rules: BillDateRules) {
  if (isFinancialYearClosed(financialYear, rules))
    throw refuse(
      'FINANCIAL_YEAR_CLOSED',
      `Invoice ${invoiceNumber} belongs to financial year ${financialYear}, which is closed: it can no longer be changed`,
    );
}
