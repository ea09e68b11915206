import { describe, expect, it } from 'vitest';
import { AppError } from '@spa/kit/errors';
import {
  addDays,
  assertBillDateAllowed,
  assertFinancialYearOpen,
  billDateWindow,
  BILL_DATE_DEFAULTS,
  isFinancialYear,
} from './bill-dates.js';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    const appError = error as AppError;
    return { status: appError.statusCode, code: appError.code, message: appError.message };
  }
  return undefined;
};

describe('the bill date window', () => {
  it('is seven days back to today by default', () => {
    expect(billDateWindow('2026-11-25', BILL_DATE_DEFAULTS)).toEqual({
      earliest: '2026-11-18',
      latest: '2026-11-25',
    });
    expect(
      refusal(() => assertBillDateAllowed('2026-11-18', '2026-11-25', BILL_DATE_DEFAULTS)),
    ).toBeUndefined();
    expect(refusal(() => assertBillDateAllowed('2026-11-17', '2026-11-25', BILL_DATE_DEFAULTS))).toEqual({
      status: 422,
      code: 'BILL_DATE_OUT_OF_RANGE',
      message: 'A bill can be dated from 18/11/2026 to 25/11/2026',
    });
    expect(refusal(() => assertBillDateAllowed('2026-11-26', '2026-11-25', BILL_DATE_DEFAULTS))?.code).toBe(
      'BILL_DATE_OUT_OF_RANGE',
    );
  });

  it('never reaches into the next financial year, whatever the days ahead', () => {
    const rules = { daysBack: 7, daysAhead: 10 };
    expect(billDateWindow('2027-03-28', rules)).toEqual({ earliest: '2027-03-21', latest: '2027-03-31' });
    expect(refusal(() => assertBillDateAllowed('2027-04-01', '2027-03-28', rules))?.code).toBe(
      'BILL_DATE_OUT_OF_RANGE',
    );
  });

  it('stops at the first day after a closed financial year', () => {
    const rules = { daysBack: 7, daysAhead: 0, closedFinancialYear: '2025-26' };
    expect(billDateWindow('2026-04-03', rules)).toEqual({ earliest: '2026-04-01', latest: '2026-04-03' });
    expect(refusal(() => assertBillDateAllowed('2026-03-31', '2026-04-03', rules))).toEqual({
      status: 422,
      code: 'FINANCIAL_YEAR_CLOSED',
      message: 'Financial year 2025-26 is closed; a bill can be dated from 01/04/2026 to 03/04/2026',
    });
    // Without the closed year, the last days of March are still open early in April.
    expect(billDateWindow('2026-04-03', { daysBack: 7, daysAhead: 0 })?.earliest).toBe('2026-03-27');
  });

  it('allows no date when today itself is in a closed year', () => {
    const rules = { daysBack: 7, daysAhead: 0, closedFinancialYear: '2026-27' };
    expect(billDateWindow('2026-11-25', rules)).toBeUndefined();
    expect(refusal(() => assertBillDateAllowed('2026-11-25', '2026-11-25', rules))?.code).toBe(
      'FINANCIAL_YEAR_CLOSED',
    );
  });

  it('keeps the invoices of a closed year final', () => {
    const rules = { daysBack: 7, daysAhead: 0, closedFinancialYear: '2025-26' };
    expect(refusal(() => assertFinancialYearOpen('2024-25', 'INV/24-25/000001', rules))?.code).toBe(
      'FINANCIAL_YEAR_CLOSED',
    );
    expect(refusal(() => assertFinancialYearOpen('2026-27', 'INV/26-27/000001', rules))).toBeUndefined();
  });

  it('counts days across months and leap years, and knows a financial year when it sees one', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isFinancialYear('2025-26')).toBe(true);
    expect(isFinancialYear('2099-00')).toBe(true);
    expect(isFinancialYear('2025-27')).toBe(false);
    expect(isFinancialYear('25-26')).toBe(false);
  });
});
