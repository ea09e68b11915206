import { describe, expect, it } from 'vitest';
import { hsnCodeFor, sacCodeFor } from './tax-codes.js';

describe('SAC codes of services', () => {
  it.each([
    ['Swedish Massage', '999723'],
    ['Aromatherapy Full Body', '999723'],
    ['Steam Bath', '999723'],
    ['Hair Spa', '999721'],
    ['Haircut & Blow Dry', '999721'],
    ['Classic Facial', '999722'],
    ['Gel Manicure', '999722'],
    ['Full Arms Waxing', '999722'],
    ['Bridal Make-up', '999722'],
  ])('%s → %s', (name, code) => {
    expect(sacCodeFor(name)).toBe(code);
  });
});

describe('HSN codes of products', () => {
  it.each([
    ['Lavender Essential Oil', '3301'],
    ['Rose Perfume', '3303'],
    ['Aloe Face Cream', '3304'],
    ['Vitamin C Serum', '3304'],
    ['Herbal Shampoo', '3305'],
    ['Hair Oil', '3305'],
    ['Himalayan Bath Salt', '3307'],
    ['Sandalwood Soap', '3401'],
  ])('%s → %s', (name, code) => {
    expect(hsnCodeFor(name)).toBe(code);
  });

  it('leaves the code blank rather than guess', () => {
    expect(hsnCodeFor('Gift Voucher')).toBeUndefined();
    expect(hsnCodeFor('Bamboo Towel')).toBeUndefined();
  });
});
