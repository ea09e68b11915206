import { describe, expect, it } from 'vitest';
import { paiseToRupees, providerAmount, rupeesToPaise } from './money.js';

describe('money', () => {
  it('turns paise into rupees with two decimals and back', () => {
    expect(paiseToRupees(149_950)).toBe(1499.5);
    expect(paiseToRupees(1)).toBe(0.01);
    expect(rupeesToPaise(1499.5)).toBe(149_950);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });

  it('asks the provider for price × 100, rounded, even where floats stray', () => {
    expect(providerAmount(649.99)).toBe(64_999);
    expect(providerAmount(1.005)).toBe(100);
    expect(providerAmount(2599.9)).toBe(259_990);
  });
});
