import { formatFinancialYear } from './invoice-number.js';

/**
 * How long a GST invoice's personal details must be kept. The CGST Act (section 36) and rule 56 keep
 * accounts for 72 months from the due date of the annual return for the year they relate to; the
 * annual return (GSTR-9) is due on 31 December after the financial year ends. So the invoices of
 * financial year Y-(Y+1) must be kept until the end of December of Y+1 plus `months` months.
 */
export function retentionEndOf(financialYear: string, months: number): Date {
  const startYear = Number(financialYear.slice(0, 4));
  // Day 0 of the following month is the last day of the month that is `months` after December.
  return new Date(Date.UTC(startYear + 1, 12 + months, 1));
}

/**
 * The latest financial year whose invoices are past retention at `now` (every earlier one is too), or
 * undefined when none is. `months` 0 or less means keep for ever.
 */
export function lastFinancialYearPastRetention(now: Date, months: number): string | undefined {
  if (months <= 0) return undefined;
  for (let startYear = now.getUTCFullYear(); startYear > 1900; startYear--) {
    const year = formatFinancialYear(startYear);
    if (now.getTime() >= retentionEndOf(year, months).getTime()) return year;
  }
  return undefined;
}
