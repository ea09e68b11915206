/**
 * The total in words as an Indian tax invoice writes it, with the Indian scale (thousand, lakh, crore):
 * 123456789 paise → "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only".
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0..99 */
function twoDigits(value: number): string {
  if (value < 20) return ONES[value]!;
  const tens = TENS[Math.floor(value / 10)]!;
  const ones = value % 10;
  return ones ? `${tens}-${ONES[ones]}` : tens;
}

/** 0..999 */
function threeDigits(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? twoDigits(rest) : ''].filter(Boolean).join(' ');
}

const INDIAN_SCALE: readonly [number, string][] = [
  [10_000_000, 'Crore'],
  [100_000, 'Lakh'],
  [1_000, 'Thousand'],
];

/** A whole number in words; beyond 99 crore the crores themselves are spelled in the same scale. */
export function integerInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('expected a whole number ≥ 0');
  if (value === 0) return 'Zero';
  const words: string[] = [];
  let rest = value;
  for (const [size, name] of INDIAN_SCALE) {
    const count = Math.floor(rest / size);
    if (count) words.push(`${size === 10_000_000 ? integerInWords(count) : twoDigits(count)} ${name}`);
    rest %= size;
  }
  if (rest) words.push(threeDigits(rest));
  return words.join(' ');
}

export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('expected paise as a whole number ≥ 0');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  // Less than a rupee reads as paise alone, as the billing service's PDF writes it.
  if (rupees === 0 && rest > 0) return `${twoDigits(rest)} Paise Only`;
  const rupeeWords = `Rupees ${integerInWords(rupees)}`;
  return rest ? `${rupeeWords} and ${twoDigits(rest)} Paise Only` : `${rupeeWords} Only`;
}
