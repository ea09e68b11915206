import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words.js';

// One table for the billing service's PDF and the web's invoice page, so the two cannot disagree.
describe('amountInWords (Indian numbering)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [5, 'Five Paise Only'],
    [50, 'Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1_101, 'Rupees Eleven and One Paise Only'],
    [99_750, 'Rupees Nine Hundred Ninety-Seven and Fifty Paise Only'],
    [100_000, 'Rupees One Thousand Only'],
    [123_450, 'Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only'],
    [2_000_000, 'Rupees Twenty Thousand Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [14_598_223, 'Rupees One Lakh Forty-Five Thousand Nine Hundred Eighty-Two and Twenty-Three Paise Only'],
    [
      123_456_789,
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only',
    ],
    [
      1_234_567_899,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety-Nine Paise Only',
    ],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [1_050_000_000_000, 'Rupees One Thousand Fifty Crore Only'],
  ])('%d paise is "%s"', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses fractions of a paisa and negative amounts', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});

describe('numberInWords', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [40, 'Forty'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [105, 'One Hundred Five'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1_000, 'One Thousand'],
    [1_234, 'One Thousand Two Hundred Thirty-Four'],
    [100_000, 'One Lakh'],
    [1_234_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [9_999_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [10_000_000, 'One Crore'],
    [10_000_001, 'One Crore One'],
    [1_000_000_000, 'One Hundred Crore'],
  ])('%d is "%s"', (value, words) => {
    expect(numberInWords(value)).toBe(words);
  });
});
