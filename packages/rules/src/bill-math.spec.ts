import { describe, expect, it } from 'vitest';
import {
  billTotals,
  fromHundredths,
  lineTaxBreakdown,
  lineTotal,
  parseScaledDecimal,
  percentOf,
  productAmount,
  roundToHundredths,
  toHundredths,
  type PricedLine,
} from './bill-math.js';

// One table for the billing service's stored totals and the web form's live ones, so the two cannot
// disagree.
describe('lineTotal: amount × (1 + gst) × (1 − discount), half up to the paisa', () => {
  it.each([
    { case: 'spec defaults (gst 5, discount 5)', amount: 100_000, gst: 500, discount: 500, total: 99_750 },
    { case: '0 gst and no discount', amount: 100_000, gst: 0, discount: 0, total: 100_000 },
    { case: '0 gst with a discount', amount: 100_000, gst: 0, discount: 1_000, total: 90_000 },
    { case: '100% discount', amount: 100_000, gst: 1_800, discount: 10_000, total: 0 },
    { case: '100% gst', amount: 12_345, gst: 10_000, discount: 0, total: 24_690 },
    { case: 'free line', amount: 0, gst: 1_800, discount: 500, total: 0 },
    { case: 'exactly half a paisa rounds up', amount: 10, gst: 500, discount: 0, total: 11 },
    { case: 'below half a paisa rounds down', amount: 10, gst: 400, discount: 0, total: 10 },
    { case: 'just above half rounds up', amount: 1, gst: 5_001, discount: 0, total: 2 },
    { case: 'fractional paise, 2-decimal rates', amount: 33_333, gst: 1_800, discount: 750, total: 36_383 },
    { case: 'gst 2.25%, discount 0.5%', amount: 10_000, gst: 225, discount: 50, total: 10_174 },
    { case: 'a crore at 28% gst', amount: 1_000_000_000, gst: 2_800, discount: 1, total: 1_279_872_000 },
    { case: 'defaults on ₹333.33 (332.496675)', amount: 33_333, gst: 500, discount: 500, total: 33_250 },
    { case: 'fractional rates on ₹1,234.56', amount: 123_456, gst: 1_800, discount: 750, total: 134_752 },
  ])('$case', ({ amount, gst, discount, total }) => {
    expect(lineTotal(amount, gst, discount)).toBe(total);
  });

  it('takes a product amount as quantity × unit price, exactly, before the rates', () => {
    expect(productAmount(3, 9_999)).toBe(29_997);
    expect(lineTotal(productAmount(3, 9_999), 1_200, 0)).toBe(33_597); // 33,596.64 paise
    expect(lineTotal(productAmount(3, 19_999), 1_200, 1_000)).toBe(60_477);
    expect(productAmount(10_000, 1_000_000_000)).toBe(10_000_000_000_000);
  });

  it('refuses amounts and rates outside the rules', () => {
    expect(() => lineTotal(-1, 500, 500)).toThrow(RangeError);
    expect(() => lineTotal(1.5, 500, 500)).toThrow(RangeError);
    expect(() => lineTotal(100, 500, 10_001)).toThrow(RangeError);
    expect(() => productAmount(1.5, 100)).toThrow(RangeError);
    // A product amount past 2^53 cannot be priced exactly.
    expect(() => lineTotal(productAmount(10_000_000, 1_000_000_000_000), 0, 0)).toThrow(RangeError);
  });
});

describe('lineTaxBreakdown: taxable value plus CGST and SGST is the line total', () => {
  it.each([
    { amount: 100_000, gst: 500, discount: 500, taxable: 95_000, cgst: 2_375, sgst: 2_375, total: 99_750 },
    { amount: 10, gst: 500, discount: 0, taxable: 10, cgst: 1, sgst: 0, total: 11 },
    { amount: 100_000, gst: 1_800, discount: 10_000, taxable: 0, cgst: 0, sgst: 0, total: 0 },
    { amount: 100_000, gst: 0, discount: 500, taxable: 95_000, cgst: 0, sgst: 0, total: 95_000 },
    { amount: 33_333, gst: 1_800, discount: 750, taxable: 30_833, cgst: 2_775, sgst: 2_775, total: 36_383 },
  ])('$amount paise at gst $gst bp, discount $discount bp', (row) => {
    const line = lineTaxBreakdown(row.amount, row.gst, row.discount);
    expect(line).toEqual({
      amount: row.amount,
      discountAmount: row.amount - row.taxable,
      taxableValue: row.taxable,
      cgst: row.cgst,
      sgst: row.sgst,
      total: row.total,
    });
    expect(line.taxableValue + line.cgst + line.sgst).toBe(line.total);
  });
});

describe('percentOf: a rate of an amount, half up', () => {
  it.each([
    { amount: 99_750, rate: 500, result: 4_988 },
    { amount: 99_749, rate: 500, result: 4_987 },
    { amount: 12_345, rate: 10_000, result: 12_345 },
    { amount: 12_345, rate: 0, result: 0 },
  ])('$rate bp of $amount paise is $result', ({ amount, rate, result }) => {
    expect(percentOf(amount, rate)).toBe(result);
  });
});

describe('billTotals', () => {
  const line = (amount: number, gst = 500, discount = 500): PricedLine => ({ amount, gst, discount });

  it.each([
    {
      case: 'one default service line, 5% overall discount (half up)',
      lines: [line(100_000)],
      discountPercent: 500,
      advance: 0,
      expected: { lineTotals: [99_750], subTotal: 99_750, discountAmount: 4_988, totalPrice: 94_762 },
    },
    {
      case: 'the discount comes off the sub total and the advance is added',
      lines: [line(100_000)],
      discountPercent: 500,
      advance: 20_000,
      expected: { lineTotals: [99_750], subTotal: 99_750, discountAmount: 4_988, totalPrice: 114_762 },
    },
    {
      case: 'the advance is added, not subtracted (as the spec states)',
      lines: [line(50_000, 0, 0)],
      discountPercent: 0,
      advance: 20_000,
      expected: { lineTotals: [50_000], subTotal: 50_000, discountAmount: 0, totalPrice: 70_000 },
    },
    {
      case: '100% overall discount leaves only the advance',
      lines: [line(100_000, 1_800, 0), line(2_500)],
      discountPercent: 10_000,
      advance: 10_050,
      expected: {
        lineTotals: [118_000, 2_494],
        subTotal: 120_494,
        discountAmount: 120_494,
        totalPrice: 10_050,
      },
    },
    {
      case: '100% overall discount without an advance is 0',
      lines: [line(250_000), line(productAmount(2, 45_000))],
      discountPercent: 10_000,
      advance: 0,
      expected: { lineTotals: [249_375, 89_775], subTotal: 339_150, discountAmount: 339_150, totalPrice: 0 },
    },
    {
      case: 'each line rounds before summing (3 × 10.5 paise is 33, not 32)',
      lines: [line(10, 500, 0), line(10, 500, 0), line(10, 500, 0)],
      discountPercent: 0,
      advance: 0,
      expected: { lineTotals: [11, 11, 11], subTotal: 33, discountAmount: 0, totalPrice: 33 },
    },
    {
      case: 'each line rounds before summing (2 × 33.249... is 66.50, not 66.49)',
      lines: [line(3_333), line(3_333)],
      discountPercent: 0,
      advance: 0,
      expected: { lineTotals: [3_325, 3_325], subTotal: 6_650, discountAmount: 0, totalPrice: 6_650 },
    },
    {
      case: 'no lines',
      lines: [],
      discountPercent: 500,
      advance: 0,
      expected: { lineTotals: [], subTotal: 0, discountAmount: 0, totalPrice: 0 },
    },
  ])('$case', ({ lines, discountPercent, advance, expected }) => {
    expect(billTotals(lines, discountPercent, advance)).toEqual({ ...expected, advance });
  });

  it('prices a large bill of 50 lines to the paisa', () => {
    // 25 services of ₹1,000 at gst 18%, discount 10%: 1,062.00 each.
    const services = Array.from({ length: 25 }, () => line(100_000, 1_800, 1_000));
    // 25 products, 2 × ₹149.50 at gst 5%, discount 5%: 298.2525 rounds to 298.25 each.
    const products = Array.from({ length: 25 }, () => line(productAmount(2, 14_950)));
    const totals = billTotals([...services, ...products], 500, 50_000);
    expect(totals.lineTotals.slice(0, 25)).toEqual(Array(25).fill(106_200));
    expect(totals.lineTotals.slice(25)).toEqual(Array(25).fill(29_825));
    expect(totals.subTotal).toBe(3_400_625); // 26,550.00 + 7,456.25
    expect(totals.discountAmount).toBe(170_031); // 5% of 34,006.25 = 1,700.3125
    expect(totals.totalPrice).toBe(3_280_594); // ₹32,805.94
  });

  it('adds another large bill of 50 lines with fractional rates to the paisa', () => {
    const services = Array.from({ length: 25 }, () => line(123_456, 1_800, 750));
    const products = Array.from({ length: 25 }, () => line(productAmount(7, 8_999)));
    const totals = billTotals([...services, ...products], 1_250, 50_000);
    expect(totals.lineTotals.slice(0, 25)).toEqual(Array(25).fill(134_752));
    expect(totals.lineTotals.slice(25)).toEqual(Array(25).fill(62_836));
    expect(totals.subTotal).toBe(4_939_700);
    expect(totals.discountAmount).toBe(617_463);
    expect(totals.totalPrice).toBe(4_372_237);
  });

  it('refuses an overall discount above 100% and a fractional advance', () => {
    expect(() => billTotals([line(100)], 10_001, 0)).toThrow(RangeError);
    expect(() => billTotals([line(100)], 0, 0.5)).toThrow(RangeError);
  });
});

describe('toHundredths and fromHundredths (what a client sends, validated)', () => {
  it.each([
    [0, 0],
    [5, 500],
    [0.29, 29],
    [1.1, 110],
    [19.99, 1_999],
    [1234.56, 123_456],
    [18.25, 1_825],
    [100, 10_000],
    [10_000_000, 1_000_000_000],
  ])('%d becomes %d hundredths', (value, hundredths) => {
    expect(toHundredths(value)).toBe(hundredths);
    expect(fromHundredths(hundredths)).toBe(value);
    expect(roundToHundredths(value)).toBe(hundredths);
  });

  it.each([1.005, 0.001, -1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, 1e21])(
    'refuses %d',
    (value) => {
      expect(toHundredths(value)).toBeUndefined();
    },
  );
});

describe('parseScaledDecimal (what a person types)', () => {
  it.each([
    ['5', 500],
    ['5.5', 550],
    ['0.01', 1],
    ['.5', 50],
    ['12.', 1_200],
    [' 1000.00 ', 100_000],
    ['0', 0],
  ])('reads %j as %i', (text, value) => {
    expect(parseScaledDecimal(text)).toBe(value);
  });

  it.each(['', '.', '-1', '1.234', 'abc', '1e3', '1,000'])('refuses %j', (text) => {
    expect(parseScaledDecimal(text)).toBeNull();
  });

  it('reads whole numbers with scale 0', () => {
    expect(parseScaledDecimal('3', 0)).toBe(3);
    expect(parseScaledDecimal('3.5', 0)).toBeNull();
  });
});
