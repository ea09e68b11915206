import { AppError } from '@spa/kit/errors';
import { describe, expect, it } from 'vitest';
import { cleanGstBp, cleanHsnCode, cleanSacCode } from './tax-codes.js';

function refusal(clean: () => unknown): AppError {
  try {
    clean();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('tax fields of the forms', () => {
  it('defaults a treatment to SAC 999723 and anything to 18%, and leaves a product unclassified', () => {
    expect(cleanSacCode(undefined)).toBe('999723');
    expect(cleanGstBp(undefined, 'service')).toBe(500);
    expect(cleanGstBp(undefined, 'product')).toBe(1800);
    expect(cleanHsnCode(undefined)).toBeNull();
    expect(cleanHsnCode(null)).toBeNull();
    expect(cleanHsnCode('  ')).toBeNull();
  });

  it('keeps valid codes trimmed and valid rates as given', () => {
    expect(cleanSacCode(' 999722 ')).toBe('999722');
    expect(cleanHsnCode(' 33049990 ')).toBe('33049990');
    expect(cleanGstBp(500, 'product')).toBe(500);
    expect(cleanGstBp(0, 'product')).toBe(0);
  });

  it('refuses a bad SAC code with 422 naming sacCode, and a blank one rather than store nothing', () => {
    for (const code of ['', '99972', '989723', '99972X']) {
      const error = refusal(() => cleanSacCode(code));
      expect(error.statusCode, code).toBe(422);
      expect(error.toBody()).toEqual({
        message: 'SAC code must be 6 digits starting with 99, e.g. 999723',
        code: 'INVALID_TAX_CODE',
        details: [{ field: 'sacCode', message: 'SAC code must be 6 digits starting with 99, e.g. 999723' }],
      });
    }
  });

  it('refuses a bad HSN code with 422 naming hsnCode', () => {
    const error = refusal(() => cleanHsnCode('33049'));
    expect(error.statusCode).toBe(422);
    expect(error.toBody()).toMatchObject({ code: 'INVALID_TAX_CODE', details: [{ field: 'hsnCode' }] });
  });

  it('refuses a rate given in percent rather than basis points with 422 naming gstBp', () => {
    const error = refusal(() => cleanGstBp(18, 'product'));
    expect(error.statusCode).toBe(422);
    expect(error.toBody()).toEqual({
      message: 'GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%',
      code: 'INVALID_GST_RATE',
      details: [{ field: 'gstBp', message: 'GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%' }],
    });
  });
});
