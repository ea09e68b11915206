import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words';

describe('integerInWords', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [40, 'Forty'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [105, 'One Hundred Five'],
    [1_000, 'One Thousand'],
    [1_234, 'One Thousand Two Hundred Thirty-Four'],
    [100_000, 'One Lakh'],
    [1_234_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [10_000_000, 'One Crore'],
    [10_000_001, 'One Crore One'],
    [1_000_000_000, 'One Hundred Crore'],
    [9_999_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
  ])('%i → %s', (value, words) => {
    expect(integerInWords(value)).toBe(words);
  });
});

describe('amountInWords', () => {
  // The billing service's table (services/billing/src/domain/amount-in-words.spec.ts): the page and the PDF agree.
  it.each([
    [0, 'Rupees Zero Only'],
    [50, 'Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1_101, 'Rupees Eleven and One Paise Only'],
    [123_450, 'Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only'],
    [2_000_000, 'Rupees Twenty Thousand Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [14_598_223, 'Rupees One Lakh Forty-Five Thousand Nine Hundred Eighty-Two and Twenty-Three Paise Only'],
    [
      1_234_567_899,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety-Nine Paise Only',
    ],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [1_050_000_000_000, 'Rupees One Thousand Fifty Crore Only'],
  ])('%d paise is "%s"', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('writes rupees and paise', () => {
    expect(amountInWords(123_456_789)).toBe(
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only',
    );
  });

  it('leaves out paise when there are none', () => {
    expect(amountInWords(99_750)).toBe('Rupees Nine Hundred Ninety-Seven and Fifty Paise Only');
    expect(amountInWords(100_000)).toBe('Rupees One Thousand Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });

  it('writes less than a rupee', () => {
    expect(amountInWords(5)).toBe('Five Paise Only');
  });

  it('refuses fractions of a paisa', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
