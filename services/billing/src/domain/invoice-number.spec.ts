import { describe, expect, it } from 'vitest';
import {
  financialYearBounds,
  financialYearOf,
  formatFinancialYear,
  formatInvoiceNumber,
  highestSequences,
  invoiceFileName,
  parseInvoiceNumber,
} from './invoice-number.js';
import { formatCreditNoteNumber } from './tax-document.js';

describe('invoice numbers per Indian financial year', () => {
  it.each([
    ['2026-04-01', '2026-27'],
    ['2027-03-31', '2026-27'],
    ['2026-03-31', '2025-26'],
    ['2026-12-31', '2026-27'],
    ['2099-06-01', '2099-00'],
    ['2000-01-15', '1999-00'],
  ])('%s is in financial year %s', (date, year) => {
    expect(financialYearOf(date)).toBe(year);
  });

  it('knows the first and last day of a year', () => {
    expect(financialYearBounds('2026-27')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
  });

  it('writes the year short and pads the sequence to six digits, growing past them', () => {
    expect(formatInvoiceNumber('2026-27', 123)).toBe('INV/26-27/000123');
    expect(formatInvoiceNumber('2099-00', 1)).toBe('INV/99-00/000001');
    expect(formatInvoiceNumber('2026-27', 1_234_567)).toBe('INV/26-27/1234567');
  });

  it('never writes a number longer than the 16 characters GST allows, up to sequence 999999', () => {
    // CGST rules 46(b) and 53; the portal refuses a longer document number in GSTR-1.
    const formatters = [formatInvoiceNumber, formatCreditNoteNumber];
    for (let startYear = 2017; startYear <= 2099; startYear += 1) {
      const year = formatFinancialYear(startYear);
      for (const format of formatters) expect(format(year, 999_999).length).toBeLessThanOrEqual(16);
    }
    const tooLong: string[] = [];
    for (const format of formatters)
      for (let sequence = 1; sequence <= 999_999; sequence += 1) {
        const number = format('2026-27', sequence);
        if (number.length > 16) tooLong.push(number);
      }
    expect(tooLong).toEqual([]);
  });

  it('names the PDF after the invoice with file-safe separators', () => {
    expect(invoiceFileName('INV/26-27/000123')).toBe('Invoice_INV-26-27-000123.pdf');
    expect(invoiceFileName('INV/2026-27/000123')).toBe('Invoice_INV-2026-27-000123.pdf');
  });

  it('reads back the numbers it writes and those issued with the year written long, and nothing else', () => {
    for (const [financialYear, sequence] of [
      ['2026-27', 1],
      ['2026-27', 123],
      ['2099-00', 999_999],
      ['2017-18', 1_234_567],
    ] as const) {
      expect(parseInvoiceNumber(formatInvoiceNumber(financialYear, sequence))).toEqual({
        financialYear,
        sequence,
      });
    }
    expect(parseInvoiceNumber('INV/26-27/000123')).toEqual({ financialYear: '2026-27', sequence: 123 });
    expect(parseInvoiceNumber('INV/2026-27/000123')).toEqual({ financialYear: '2026-27', sequence: 123 });
    expect(parseInvoiceNumber('INV/2099-00/000001')).toEqual({ financialYear: '2099-00', sequence: 1 });
    for (const other of [
      '',
      'INV/2026-27/123',
      'INV/26-27/123',
      'INV/2026/000001',
      'INV/26/000001',
      'INV/2026-27/000000',
      'INV/26-27/000000',
      'INV/26-28/000001',
      'INV/2026-28/000001',
      'INV/026-27/000001',
      'INV/26-27/000001/',
      'CN/26-27/000001',
      'X/2026-27/000001',
    ]) {
      expect(parseInvoiceNumber(other)).toBeUndefined();
    }
  });

  it('finds the highest sequence of each year, whichever way its numbers write the year', () => {
    expect(
      highestSequences([
        'INV/2026-27/000002',
        'INV/25-26/000009',
        'INV/2026-27/000011',
        'junk',
        'INV/26-27/000003',
      ]),
    ).toEqual(
      new Map([
        ['2026-27', 11],
        ['2025-26', 9],
      ]),
    );
  });
});
