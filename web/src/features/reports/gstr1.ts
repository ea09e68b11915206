import { businessDate } from './report-range';

/**
 * GSTR-1 on the reports page: which month to offer and which of the offline tool's CSV sheets a
 * return has something in (billing answers every sheet; an empty one is only its header row).
 */

/** The month before this one in India's time (the return filed this month), as YYYY-MM. */
export function previousMonth(now = Date.now()): string {
  const [year, month] = businessDate(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** This month in India's time, the latest a return can be asked for. */
export const currentMonth = (now = Date.now()) => businessDate(now).slice(0, 7);

/** What is wrong with the month picked, or undefined (the server checks the same). */
export function monthProblem(month: string): string | undefined {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return 'Choose a month';
  if (month < '2017-07') return 'GST returns begin with July 2017';
  return undefined;
}

/** Each CSV sheet and the part of the portal JSON it is written from. */
const SHEETS: ReadonlyArray<{ section: string; has: (json: Record<string, unknown>) => boolean }> = [
  { section: 'b2b', has: (json) => Boolean(json.b2b) },
  { section: 'b2cl', has: (json) => Boolean(json.b2cl) },
  { section: 'b2cs', has: (json) => Boolean(json.b2cs) },
  { section: 'cdnr', has: (json) => Boolean(json.cdnr) },
  { section: 'cdnur', has: (json) => Boolean(json.cdnur) },
  { section: 'exemp', has: (json) => Boolean(json.nil) },
  { section: 'hsn_b2b', has: (json) => Boolean((json.hsn as Record<string, unknown> | undefined)?.hsn_b2b) },
  { section: 'hsn_b2c', has: (json) => Boolean((json.hsn as Record<string, unknown> | undefined)?.hsn_b2c) },
  { section: 'docs', has: (json) => Boolean(json.doc_issue) },
];

/** The sheets a return has rows for, in the offline tool's order. */
export function sheetsWithRows(json: Record<string, unknown>): string[] {
  return SHEETS.filter((sheet) => sheet.has(json)).map((sheet) => sheet.section);
}

/** "GSTR1_112026_b2cs.csv", "GSTR1_112026.json". */
export function gstr1FileName(month: string, section?: string): string {
  const period = `${month.slice(5, 7)}${month.slice(0, 4)}`;
  return section ? `GSTR1_${period}_${section}.csv` : `GSTR1_${period}.json`;
}
