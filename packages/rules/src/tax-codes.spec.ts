import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRODUCT_GST_BP,
  DEFAULT_SERVICE_GST_BP,
  DEFAULT_SAC_CODE,
  GST_RATES_BP,
  gstBpProblem,
  gstRateLabel,
  hsnCodeFor,
  hsnCodeProblem,
  sacCodeFor,
  sacCodeProblem,
} from './tax-codes.js';

describe('sacCodeProblem', () => {
  it.each(['999723', '999721', '998599'])('accepts %j', (code) => {
    expect(sacCodeProblem(code)).toBeUndefined();
  });

  it.each(['', '99972', '9997233', '989723', '99972a', ' 999723', '9997 23'])('refuses %j', (code) => {
    expect(sacCodeProblem(code)).toBe('SAC code must be 6 digits starting with 99, e.g. 999723');
  });
});

describe('hsnCodeProblem', () => {
  it.each(['3304', '330499', '33049990', '0902'])('accepts %j', (code) => {
    expect(hsnCodeProblem(code)).toBeUndefined();
  });

  it.each(['', '330', '33049', '3304999', '330499901', '33o4', '3304 99'])('refuses %j', (code) => {
    expect(hsnCodeProblem(code)).toBe('HSN code must be 4, 6 or 8 digits, e.g. 3304');
  });
});

describe('GST rates', () => {
  it('keeps the current slabs (nil, 5, 18, 40) and the older 12 and 28', () => {
    expect(GST_RATES_BP.map(gstRateLabel)).toEqual(['0%', '5%', '12%', '18%', '28%', '40%']);
    for (const rate of GST_RATES_BP) expect(gstBpProblem(rate)).toBeUndefined();
  });

  it.each([1850, 18, 100, -1800, 10_000, 1800.5])(
    'refuses %j basis points, naming the allowed rates',
    (bp) => {
      expect(gstBpProblem(bp)).toBe('GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%');
    },
  );

  it('defaults a treatment to 999723 at 18%', () => {
    expect(DEFAULT_SAC_CODE).toBe('999723');
    expect(DEFAULT_SERVICE_GST_BP).toBe(500);
    expect(DEFAULT_PRODUCT_GST_BP).toBe(1800);
    expect(gstBpProblem(DEFAULT_SERVICE_GST_BP)).toBeUndefined();
    expect(sacCodeProblem(DEFAULT_SAC_CODE)).toBeUndefined();
    expect(gstBpProblem(DEFAULT_PRODUCT_GST_BP)).toBeUndefined();
  });
});

describe('sacCodeFor', () => {
  it.each([
    ['Swedish Massage', '999723'],
    ['Shirodhara', '999723'],
    ['Hydrating Glow Facial', '999722'],
    ['Spa Pedicure', '999722'],
    ['Full Arm Waxing', '999722'],
    ['Haircut & Blow Dry', '999721'],
    ['Beard Trim', '999721'],
    // A word inside another is no keyword: "chair" is not hair, "peeling" is not a peel.
    ['Chair Massage', '999723'],
  ])('%s → %s', (name, code) => {
    expect(sacCodeFor(name)).toBe(code);
  });
});

describe('hsnCodeFor', () => {
  it.each([
    ['Lavender Essential Oil', '3301'],
    ['Virgin Coconut Oil', '1513'],
    ['Tulsi Green Tea', '0902'],
    ['Jasmine Soy Candle', '3406'],
    ['Neem & Tulsi Soap', '3401'],
    ['Herbal Hair Oil', '3305'],
    ['Himalayan Pink Bath Salt', '3307'],
    ['Reed Diffuser Set', '3307'],
    ['Kumkumadi Face Serum', '3304'],
    ['Shea & Cocoa Body Butter', '3304'],
    // The narrower heading wins over the broad skin-care one ("face").
    ['Sandalwood Face Soap', '3401'],
  ])('%s → %s', (name, code) => {
    expect(hsnCodeFor(name)).toBe(code);
  });

  it.each(['Ceramic Aroma Diffuser', 'Chamomile Sleep Tea', 'Epsom Muscle Soak', 'Gift Voucher'])(
    'gives nothing for %j rather than guess',
    (name) => {
      expect(hsnCodeFor(name)).toBeUndefined();
    },
  );

  it('guesses only codes an HSN check accepts', () => {
    for (const name of ['Lavender Essential Oil', 'Tulsi Green Tea', 'Lip Balm'])
      expect(hsnCodeProblem(hsnCodeFor(name)!)).toBeUndefined();
  });
});
