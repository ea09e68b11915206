import { describe, expect, it } from 'vitest';
import { formatPaise, paiseToRupeesText, rupeesToPaise } from './money';

describe('rupeesToPaise', () => {
  it.each([
    ['1250', 125_000],
    ['1250.5', 125_050],
    ['0.1', 10],
    // 0.29 * 100 is 28.999999999999996 in floating point: a Math.round of a float would still pass,
    // a Math.floor would lose a paisa. The decimal is read as text, so neither can happen.
    ['0.29', 29],
    ['1,25,000.75', 12_500_075],
    ['₹ 99', 9_900],
    ['.5', 50],
  ])('reads %s as %d paise', (text, paise) => {
    expect(rupeesToPaise(text)).toBe(paise);
  });

  it.each(['', ' ', '-5', '1.234', 'abc', '1e3', '12.3.4'])('refuses %j', (text) => {
    expect(rupeesToPaise(text)).toBeNull();
  });
});

describe('paiseToRupeesText', () => {
  it('writes what rupeesToPaise reads back to the same paise', () => {
    for (const paise of [0, 5, 50, 99, 100, 12_345, 125_050]) {
      expect(rupeesToPaise(paiseToRupeesText(paise))).toBe(paise);
    }
    expect(paiseToRupeesText(125_005)).toBe('1250.05');
  });
});

describe('formatPaise', () => {
  it('shows paise as rupees, not a hundred times too much', () => {
    expect(formatPaise(125_050)).toBe('₹1,250.50');
    expect(formatPaise(null)).toBe('—');
  });
});
