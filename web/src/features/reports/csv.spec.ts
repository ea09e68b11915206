import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('a report as CSV', () => {
  const columns = [
    { header: 'Treatment', value: (row: { name: string; revenue: number }) => row.name },
    { header: 'Revenue (₹)', value: (row: { name: string; revenue: number }) => row.revenue },
  ];

  it('has a header row and a row per record, with CRLF line ends', () => {
    expect(toCsv([{ name: 'Swedish Massage', revenue: 4499.5 }], columns)).toBe(
      'Treatment,Revenue (₹)\r\nSwedish Massage,4499.5\r\n',
    );
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv([{ name: 'Head, Neck "and" Shoulders\nRitual', revenue: 0 }], columns)).toBe(
      'Treatment,Revenue (₹)\r\n"Head, Neck ""and"" Shoulders\nRitual",0\r\n',
    );
  });

  it('never lets a spreadsheet run a name as a formula', () => {
    expect(toCsv([{ name: '=HYPERLINK("x")', revenue: 1 }], columns)).toBe(
      'Treatment,Revenue (₹)\r\n"\'=HYPERLINK(""x"")",1\r\n',
    );
    expect(toCsv([{ name: '-5 off', revenue: 1 }], columns)).toContain("'-5 off");
  });

  it('leaves a number that is not finite empty', () => {
    expect(toCsv([{ name: 'x', revenue: Number.NaN }], columns)).toBe('Treatment,Revenue (₹)\r\nx,\r\n');
  });
});
