import { describe, expect, it } from 'vitest';
import {
  billTotals,
  fromHundredths,
  lineTaxBreakdown,
  lineTotal,
  productAmount,
  toHundredths,
} from './bill-math.js';

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
  ])('$case', ({ amount, gst, discount, total }) => {
    expect(lineTotal(amount, gst, discount)).toBe(total);
  });

  it('takes a product amount as quantity × unit price, exactly', () => {
    expect(productAmount(3, 9_999)).toBe(29_997);
    expect(lineTotal(productAmount(3, 9_999), 1_200, 0)).toBe(33_597); // 33,596.64 paise
    expect(productAmount(10_000, 1_000_000_000)).toBe(10_000_000_000_000);
  });
});

describe('lineTaxBreakdown: taxable value plus CGST and SGST is the line total', () => {
  it.each([
    { amount: 100_000, gst: 500, discount: 500, taxable: 95_000, cgst: 2_375, sgst: 2_375, total: 99_750 },
    { amount: 10, gst: 500, discount: 0, taxable: 10, cgst: 1, sgst: 0, total: 11 },
    { amount: 100_000, gst: 1_800, discount: 10_000, taxable: 0, cgst: 0, sgst: 0, total: 0 },
    { amount: 100_000, gst: 0, discount: 500, taxable: 95_000, cgst: 0, sgst: 0, total: 95_000 },
    { amount: 33_333, gst: 1_800, discount: 750, taxable: 30_833, cgst: 2_775, sgst: 2_775, total: 36_383 },
  ])('₹$amount paise at gst $gst bp, discount $discount bp', (row) => {
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

describe('billTotals', () => {
  it.each([
    {
      case: 'one default service line, 5% overall discount (half up)',
      lines: [{ amount: 100_000, gst: 500, discount: 500 }],
      discountPercent: 500,
      advance: 0,
      expected: { lineTotals: [99_750], subTotal: 99_750, discountAmount: 4_988, totalPrice: 94_762 },
    },
    {
      case: 'the advance is added, not subtracted (as the spec states)',
      lines: [{ amount: 50_000, gst: 0, discount: 0 }],
      discountPercent: 0,
      advance: 20_000,
      expected: { lineTotals: [50_000], subTotal: 50_000, discountAmount: 0, totalPrice: 70_000 },
    },
    {
      case: '100% overall discount leaves only the advance',
      lines: [
        { amount: 100_000, gst: 1_800, discount: 0 },
        { amount: 2_500, gst: 500, discount: 500 },
      ],
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
      case: 'each line rounds before summing (3 × 10.5 paise is 33, not 32)',
      lines: [
        { amount: 10, gst: 500, discount: 0 },
        { amount: 10, gst: 500, discount: 0 },
        { amount: 10, gst: 500, discount: 0 },
      ],
      discountPercent: 0,
      advance: 0,
      expected: { lineTotals: [11, 11, 11], subTotal: 33, discountAmount: 0, totalPrice: 33 },
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
    const services = Array.from({ length: 25 }, () => ({ amount: 100_000, gst: 1_800, discount: 1_000 }));
    // 25 products, 2 × ₹149.50 at gst 5%, discount 5%: 298.2525 rounds to 298.25 each.
    const products = Array.from({ length: 25 }, () => ({
      amount: productAmount(2, 14_950),
      gst: 500,
      discount: 500,
    }));
    const totals = billTotals([...services, ...products], 500, 50_000);
    expect(totals.lineTotals.slice(0, 25)).toEqual(Array(25).fill(106_200));
    expect(totals.lineTotals.slice(25)).toEqual(Array(25).fill(29_825));
    expect(totals.subTotal).toBe(3_400_625); // 26,550.00 + 7,456.25
    expect(totals.discountAmount).toBe(170_031); // 5% of 34,006.25 = 1,700.3125
    expect(totals.totalPrice).toBe(3_280_594); // ₹32,805.94
  });
});

describe('toHundredths and fromHundredths', () => {
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
  });

  it.each([1.005, 0.001, -1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, 1e21])(
    'refuses %d',
    (value) => {
      expect(toHundredths(value)).toBeUndefined();
    },
  );
});
