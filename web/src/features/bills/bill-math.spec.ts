import { describe, expect, it } from 'vitest';
import {
  billTotals,
  lineTaxBreakdown,
  lineTotalPaise,
  parseScaledDecimal,
  percentOfPaise,
  productLineTotalPaise,
  type ProductLineAmounts,
  type ServiceLineAmounts,
} from './bill-math';

// The same table as services/billing/src/domain/bill-math.spec.ts, so the form and the server agree.
describe('lineTotalPaise: amount × (1 + gst) × (1 − discount), half up to the paisa', () => {
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
    {
      case: 'fractional percentages on ₹1,234.56',
      amount: 123_456,
      gst: 1_800,
      discount: 750,
      total: 134_752,
    },
  ])('$case', ({ amount, gst, discount, total }) => {
    expect(lineTotalPaise(amount, gst, discount)).toBe(total);
  });

  it('takes a product amount as quantity × unit price, exactly', () => {
    const product = { gstBasisPoints: 1_200, discountBasisPoints: 0 };
    expect(productLineTotalPaise({ ...product, quantity: 3, unitPricePaise: 9_999 })).toBe(33_597);
  });

  it('multiplies quantity by unit price before the percentages', () => {
    expect(
      productLineTotalPaise({
        quantity: 3,
        unitPricePaise: 19_999,
        gstBasisPoints: 1_200,
        discountBasisPoints: 1_000,
      }),
    ).toBe(60_477);
  });

  it('refuses amounts the form never sends', () => {
    expect(() => lineTotalPaise(-1, 500, 500)).toThrow(RangeError);
    expect(() => lineTotalPaise(1.5, 500, 500)).toThrow(RangeError);
    expect(() => lineTotalPaise(100, 500, 10_001)).toThrow(RangeError);
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
      amountPaise: row.amount,
      discountPaise: row.amount - row.taxable,
      taxablePaise: row.taxable,
      cgstPaise: row.cgst,
      sgstPaise: row.sgst,
      totalPaise: row.total,
    });
    expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(line.totalPaise);
  });
});

describe('percentOfPaise', () => {
  it.each([
    { amount: 99_750, percent: 500, result: 4_988 },
    { amount: 99_749, percent: 500, result: 4_987 },
    { amount: 12_345, percent: 10_000, result: 12_345 },
    { amount: 12_345, percent: 0, result: 0 },
  ])('$percent bp of $amount paise is $result', ({ amount, percent, result }) => {
    expect(percentOfPaise(amount, percent)).toBe(result);
  });
});

describe('billTotals', () => {
  const service = (pricePaise: number, gst = 500, discount = 500): ServiceLineAmounts => ({
    pricePaise,
    gstBasisPoints: gst,
    discountBasisPoints: discount,
  });
  const product = (
    quantity: number,
    unitPricePaise: number,
    gst = 500,
    discount = 500,
  ): ProductLineAmounts => ({
    quantity,
    unitPricePaise,
    gstBasisPoints: gst,
    discountBasisPoints: discount,
  });

  it('discounts the sub total and adds the advance', () => {
    const totals = billTotals({
      services: [service(100_000)],
      products: [],
      discountPercentBasisPoints: 500,
      advancePaise: 20_000,
    });
    expect(totals).toEqual({
      serviceLineTotalsPaise: [99_750],
      productLineTotalsPaise: [],
      subTotalPaise: 99_750,
      discountPaise: 4_988,
      advancePaise: 20_000,
      totalPaise: 114_762,
    });
  });

  it('rounds each line before summing', () => {
    // 33.25 + 33.25 per line (33.249...) rather than rounding the 66.499... sum once.
    const totals = billTotals({
      services: [service(3_333), service(3_333)],
      products: [],
      discountPercentBasisPoints: 0,
      advancePaise: 0,
    });
    expect(totals.serviceLineTotalsPaise).toEqual([3_325, 3_325]);
    expect(totals.subTotalPaise).toBe(6_650);
  });

  it('gives 0 for a 100% overall discount without an advance', () => {
    const totals = billTotals({
      services: [service(250_000)],
      products: [product(2, 45_000)],
      discountPercentBasisPoints: 10_000,
      advancePaise: 0,
    });
    expect(totals.totalPaise).toBe(0);
    expect(totals.discountPaise).toBe(totals.subTotalPaise);
  });

  const pricedLine = (amount: number, gst: number, discount: number) => service(amount, gst, discount);

  it.each([
    {
      case: 'one default service line, 5% overall discount (half up)',
      lines: [pricedLine(100_000, 500, 500)],
      discountPercent: 500,
      advance: 0,
      expected: { lines: [99_750], subTotal: 99_750, discount: 4_988, total: 94_762 },
    },
    {
      case: 'the advance is added, not subtracted (as the spec states)',
      lines: [pricedLine(50_000, 0, 0)],
      discountPercent: 0,
      advance: 20_000,
      expected: { lines: [50_000], subTotal: 50_000, discount: 0, total: 70_000 },
    },
    {
      case: '100% overall discount leaves only the advance',
      lines: [pricedLine(100_000, 1_800, 0), pricedLine(2_500, 500, 500)],
      discountPercent: 10_000,
      advance: 10_050,
      expected: { lines: [118_000, 2_494], subTotal: 120_494, discount: 120_494, total: 10_050 },
    },
    {
      case: 'each line rounds before summing (3 × 10.5 paise is 33, not 32)',
      lines: [pricedLine(10, 500, 0), pricedLine(10, 500, 0), pricedLine(10, 500, 0)],
      discountPercent: 0,
      advance: 0,
      expected: { lines: [11, 11, 11], subTotal: 33, discount: 0, total: 33 },
    },
    {
      case: 'no lines',
      lines: [],
      discountPercent: 500,
      advance: 0,
      expected: { lines: [], subTotal: 0, discount: 0, total: 0 },
    },
  ])('$case', ({ lines, discountPercent, advance, expected }) => {
    const totals = billTotals({
      services: lines,
      products: [],
      discountPercentBasisPoints: discountPercent,
      advancePaise: advance,
    });
    expect(totals).toEqual({
      serviceLineTotalsPaise: expected.lines,
      productLineTotalsPaise: [],
      subTotalPaise: expected.subTotal,
      discountPaise: expected.discount,
      advancePaise: advance,
      totalPaise: expected.total,
    });
  });

  it("prices the billing service's large bill of 50 lines to the paisa", () => {
    const totals = billTotals({
      services: Array.from({ length: 25 }, () => service(100_000, 1_800, 1_000)),
      products: Array.from({ length: 25 }, () => product(2, 14_950)),
      discountPercentBasisPoints: 500,
      advancePaise: 50_000,
    });
    expect(totals.serviceLineTotalsPaise).toEqual(Array(25).fill(106_200));
    expect(totals.productLineTotalsPaise).toEqual(Array(25).fill(29_825));
    expect(totals.subTotalPaise).toBe(3_400_625);
    expect(totals.discountPaise).toBe(170_031);
    expect(totals.totalPaise).toBe(3_280_594);
  });

  it('adds a large bill of 50 lines to the paisa', () => {
    const totals = billTotals({
      services: Array.from({ length: 25 }, () => service(123_456, 1_800, 750)),
      products: Array.from({ length: 25 }, () => product(7, 8_999)),
      discountPercentBasisPoints: 1_250,
      advancePaise: 50_000,
    });
    expect(totals.serviceLineTotalsPaise.every((total) => total === 134_752)).toBe(true);
    expect(totals.productLineTotalsPaise.every((total) => total === 62_836)).toBe(true);
    expect(totals.subTotalPaise).toBe(4_939_700);
    expect(totals.discountPaise).toBe(617_463);
    expect(totals.totalPaise).toBe(4_372_237);
  });
});

describe('parseScaledDecimal', () => {
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
