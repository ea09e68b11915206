import { describe, expect, it } from 'vitest';
import { lastFinancialYearPastRetention, retentionEndOf } from './retention.js';

describe('GST invoice retention (CGST section 36, rule 56)', () => {
  it('keeps a year’s invoices 72 months from 31 December after it ends (the annual return’s due date)', () => {
    // 2017-18 ends 31 March 2018; its annual return is due 31 December 2018; 72 months on: 31 December 2024.
    expect(retentionEndOf('2017-18', 72).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(retentionEndOf('2019-20', 72).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(retentionEndOf('2019-20', 12).toISOString()).toBe('2022-01-01T00:00:00.000Z');
  });

  it('names the latest year past retention, never one still inside it', () => {
    expect(lastFinancialYearPastRetention(new Date('2026-11-25T06:00:00Z'), 72)).toBe('2018-19');
    expect(lastFinancialYearPastRetention(new Date('2026-12-31T23:59:59Z'), 72)).toBe('2018-19');
    expect(lastFinancialYearPastRetention(new Date('2027-01-01T00:00:00Z'), 72)).toBe('2019-20');
  });

  it('keeps everything when the setting is 0 (for ever)', () => {
    expect(lastFinancialYearPastRetention(new Date('2026-11-25T06:00:00Z'), 0)).toBeUndefined();
  });
});
