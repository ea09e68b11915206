import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, paiseToRupees, priceProblem, rupeesToPaise } from './money.js';

describe('money', () => {
  it('converts rupees to integer paise without float drift', () => {
    expect(rupeesToPaise(1499.5)).toBe(149950);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(paiseToRupees(149950)).toBe(1499.5);
    expect(paiseToRupees(1999)).toBe(19.99);
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(100)).toBe(true);
  });

  it('names what is wrong with a price', () => {
    expect(priceProblem(-1)).toBe('Price cannot be negative');
    expect(priceProblem(1.234)).toBe('Price can have at most 2 decimal places');
    expect(priceProblem(20_000_000)).toBe('Price cannot be more than 10000000');
    expect(priceProblem(0)).toBeUndefined();
    expect(priceProblem(999.99)).toBeUndefined();
  });
});
