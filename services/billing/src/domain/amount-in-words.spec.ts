import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words.js';

describe('amountInWords (Indian numbering)', () => {
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

  it.each([
    [7, 'Seven'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety-Nine'],
    [100_000, 'One Lakh'],
    [9_999_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [10_000_001, 'One Crore One'],
  ])('%d is "%s"', (value, words) => {
    expect(numberInWords(value)).toBe(words);
  });
});
