import { describe, expect, it } from 'vitest';
import {
  financialYearBounds,
  financialYearOf,
  formatInvoiceNumber,
  highestSequences,
  invoiceFileName,
  parseInvoiceNumber,
} from './invoice-number.js';

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

  it('pads the sequence to six digits and grows past them', () => {
    expect(formatInvoiceNumber('2026-27', 123)).toBe('INV/2026-27/000123');
    expect(formatInvoiceNumber('2026-27', 1_234_567)).toBe('INV/2026-27/1234567');
  });

  it('names the PDF after the invoice with file-safe separators', () => {
    expect(invoiceFileName('INV/2026-27/000123')).toBe('Invoice_INV-2026-27-000123.pdf');
  });

  it('reads back the numbers it wrote, and nothing else', () => {
    expect(parseInvoiceNumber('INV/2026-27/000123')).toEqual({ financialYear: '2026-27', sequence: 123 });
    expect(parseInvoiceNumber(formatInvoiceNumber('2026-27', 1_234_567))).toEqual({
      financialYear: '2026-27',
      sequence: 1_234_567,
    });
    for (const other of [
      '',
      'INV/2026-27/123',
      'INV/2026/000001',
      'INV/2026-27/000000',
      'X/2026-27/000001',
    ]) {
      expect(parseInvoiceNumber(other)).toBeUndefined();
    }
  });

  it('finds the highest sequence of each year', () => {
    expect(
      highestSequences([
        'INV/2026-27/000002',
        'INV/2025-26/000009',
        'INV/2026-27/000011',
        'junk',
        'INV/2026-27/000003',
      ]),
    ).toEqual(
      new Map([
        ['2026-27', 11],
        ['2025-26', 9],
      ]),
    );
  });
});
