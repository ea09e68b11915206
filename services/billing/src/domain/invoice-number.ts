import type { CalendarDate } from './calendar.js';

/**
 * Invoice numbers run per Indian financial year (1 April to 31 March): INV/2026-27/000123. A bill
 * belongs to the financial year of its date. The sequence itself comes from the database (a counter
 * row per year, incremented in the bill's own transaction), which is what keeps it gapless.
 */
export function financialYearOf(date: CalendarDate): string {
  const [yearText, monthText] = date.split('-');
  const year = Number(yearText);
  const startYear = Number(monthText) >= 4 ? year : year - 1;
  return formatFinancialYear(startYear);
}

/** The financial year starting in April of `startYear`, as invoices name it: 2026 → "2026-27". */
export function formatFinancialYear(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The first and last day of a financial year such as 2026-27. */
export function financialYearBounds(financialYear: string): { start: CalendarDate; end: CalendarDate } {
  const startYear = Number(financialYear.slice(0, 4));
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31` };
}

export function formatInvoiceNumber(financialYear: string, sequence: number): string {
  return `INV/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/** The PDF's file name: the invoice number with its slashes made safe for a file system. */
export function invoiceFileName(invoiceNumber: string): string {
  return `Invoice_${invoiceNumber.replaceAll('/', '-')}.pdf`;
}

/** The financial year and sequence of an invoice number formatInvoiceNumber wrote; undefined for anything else. */
export function parseInvoiceNumber(
  invoiceNumber: string,
): { financialYear: string; sequence: number } | undefined {
  const match = /^INV\/(\d{4}-\d{2})\/(\d{6,})$/.exec(invoiceNumber);
  if (!match) return undefined;
  const sequence = Number(match[2]);
  return Number.isSafeInteger(sequence) && sequence > 0 ? { financialYear: match[1]!, sequence } : undefined;
}

/** The highest sequence per financial year among these invoice numbers (others are ignored). */
export function highestSequences(invoiceNumbers: Iterable<string>): Map<string, number> {
  const highest = new Map<string, number>();
  for (const invoiceNumber of invoiceNumbers) {
    const parsed = parseInvoiceNumber(invoiceNumber);
    if (!parsed) continue;
    highest.set(parsed.financialYear, Math.max(highest.get(parsed.financialYear) ?? 0, parsed.sequence));
  }
  return highest;
}
