import type { CalendarDate } from './calendar.js';

/**
 * Invoice numbers run per Indian financial year (1 April to 31 March): INV/26-27/000123. A bill
 * belongs to the financial year of its date. The sequence itself comes from the database (a counter
 * row per year, incremented in the bill's own transaction), which is what keeps it gapless.
 */
export function financialYearOf(date: CalendarDate): string {
  const [yearText, monthText] = date.split('-');
  const year = Number(yearText);
  const startYear = Number(monthText) >= 4 ? year : year - 1;
  return formatFinancialYear(startYear);
}

/** The financial year starting in April of `startYear`, as billing keys it: 2026 → "2026-27". */
export function formatFinancialYear(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The first and last day of a financial year such as 2026-27. */
export function financialYearBounds(financialYear: string): { start: CalendarDate; end: CalendarDate } {
  const startYear = Number(financialYear.slice(0, 4));
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31` };
}

/**
 * A number of a series: PREFIX/26-27/000123. GST caps a document's serial number at 16 characters
 * (CGST rules 46(b) and 53) and the portal refuses a longer one in GSTR-1, so the financial year is
 * written short ("2026-27" as "26-27"): INV/ numbers stay within 16 characters up to sequence 999999.
 * Everywhere else (the financial_year columns, the counters) the year keeps its long form.
 */
export function formatSeriesNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/**
 * The financial year (long form) and sequence of a number formatSeriesNumber wrote, or of one issued
 * while the year was written long (PREFIX/2026-27/000123): both stay valid. Undefined for anything
 * else, a year whose two halves are not consecutive included.
 */
export function parseSeriesNumber(
  prefix: string,
  number: string,
): { financialYear: string; sequence: number } | undefined {
  if (!number.startsWith(`${prefix}/`)) return undefined;
  const match = /^(\d{4}|\d{2})-(\d{2})\/(\d{6,})$/.exec(number.slice(prefix.length + 1));
  if (!match) return undefined;
  // Two digits are a year of the 2000s: GST began in 2017.
  const startYear = Number(match[1]!.length === 2 ? `20${match[1]}` : match[1]);
  const financialYear = formatFinancialYear(startYear);
  if (financialYear.slice(5) !== match[2]) return undefined;
  const sequence = Number(match[3]);
  return Number.isSafeInteger(sequence) && sequence > 0 ? { financialYear, sequence } : undefined;
}

export function formatInvoiceNumber(financialYear: string, sequence: number): string {
  return formatSeriesNumber('INV', financialYear, sequence);
}

/** The PDF's file name: the invoice number with its slashes made safe for a file system. */
export function invoiceFileName(invoiceNumber: string): string {
  return `Invoice_${invoiceNumber.replaceAll('/', '-')}.pdf`;
}

/** The financial year and sequence of an invoice number, its year written short or long; else undefined. */
export function parseInvoiceNumber(
  invoiceNumber: string,
): { financialYear: string; sequence: number } | undefined {
  return parseSeriesNumber('INV', invoiceNumber);
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
