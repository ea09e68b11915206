import { describe, expect, it } from 'vitest';
import { gstr1FileName, monthProblem, previousMonth, sheetsWithRows } from './gstr1';

describe('GSTR-1 on the reports page', () => {
  it('offers last month in India’s time, December when it is January', () => {
    // 31 Dec 2026 20:00 UTC is already 1 January 2027 in India.
    expect(previousMonth(Date.parse('2026-12-31T20:00:00Z'))).toBe('2026-12');
    expect(previousMonth(Date.parse('2026-11-15T12:00:00Z'))).toBe('2026-10');
  });

  it('refuses a month the server would refuse', () => {
    expect(monthProblem('')).toBe('Choose a month');
    expect(monthProblem('2026-13')).toBe('Choose a month');
    expect(monthProblem('2017-06')).toBe('GST returns begin with July 2017');
    expect(monthProblem('2026-11')).toBeUndefined();
  });

  it('downloads only the sheets the return has rows for (not nine empty files)', () => {
    expect(
      sheetsWithRows({ gstin: 'x', fp: '112026', b2cs: [{}], hsn: { hsn_b2c: [{}] }, doc_issue: {} }),
    ).toEqual(['b2cs', 'hsn_b2c', 'docs']);
    expect(sheetsWithRows({ gstin: 'x', fp: '112026' })).toEqual([]);
  });

  it('names the files by the return period', () => {
    expect(gstr1FileName('2026-11')).toBe('GSTR1_112026.json');
    expect(gstr1FileName('2026-11', 'b2cs')).toBe('GSTR1_112026_b2cs.csv');
  });
});
