import type { Paise } from './bill-math.js';

/**
 * An amount in words in the Indian numbering system (thousand, lakh, crore), as Indian tax invoices
 * print it: "Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only". The billing service's
 * PDF and the web's invoice page both write it with these functions.
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

function belowHundred(value: number): string {
  if (value < 20) return ONES[value]!;
  const unit = value % 10;
  return unit === 0 ? TENS[Math.floor(value / 10)]! : `${TENS[Math.floor(value / 10)]}-${ONES[unit]}`;
}

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  return [hundreds > 0 ? `${ONES[hundreds]} Hundred` : '', rest > 0 ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

function assertWhole(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`expected ${what} as a whole number ≥ 0`);
}

/** A whole number in words; crores repeat for amounts of a hundred crore and more. */
export function numberInWords(value: number): string {
  assertWhole(value, 'a number');
  if (value === 0) return 'Zero';
  const crores = Math.floor(value / 10_000_000);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  const thousands = Math.floor((value % 100_000) / 1_000);
  const rest = value % 1_000;
  return [
    crores > 0 ? `${numberInWords(crores)} Crore` : '',
    lakhs > 0 ? `${belowHundred(lakhs)} Lakh` : '',
    thousands > 0 ? `${belowHundred(thousands)} Thousand` : '',
    rest > 0 ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Less than a rupee reads as paise alone; whole rupees leave the paise out. */
export function amountInWords(amount: Paise): string {
  assertWhole(amount, 'paise');
  const rupees = Math.floor(amount / 100);
  const paise = amount % 100;
  if (rupees === 0 && paise > 0) return `${numberInWords(paise)} Paise Only`;
  const paisePart = paise > 0 ? ` and ${numberInWords(paise)} Paise` : '';
  return `Rupees ${numberInWords(rupees)}${paisePart} Only`;
}
