import { describe, expect, it } from 'vitest';
import {
  apportion,
  changeDue,
  discountNeedsApproval,
  priceSale,
  SaleInputError,
  splitInclusive,
  type SaleLineInput,
} from './counter.js';
import { gstStateCode, gstStateName } from './gst-states.js';

const service = (unitPrice: number, lineDiscount = 0): SaleLineInput => ({
  kind: 'service',
  quantity: 1,
  unitPrice,
  lineDiscount,
  gstBp: 1800,
});
const product = (quantity: number, unitPrice: number): SaleLineInput => ({
  kind: 'product',
  quantity,
  unitPrice,
  lineDiscount: 0,
  gstBp: 1800,
});
const tip = (amount: number): SaleLineInput => ({
  kind: 'tip',
  quantity: 1,
  unitPrice: amount,
  lineDiscount: 0,
  gstBp: 0,
});

describe('splitInclusive', () => {
  // Each case names the mistake it catches.
  it.each([
    // ₹1,180 at 18% is exactly ₹1,000 + ₹180: adding tax on top would charge ₹1,392.40.
    { total: 118_000, gst: 1800, intra: true, want: { taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 } },
    // Across states the whole tax is IGST, never split.
    { total: 118_000, gst: 1800, intra: false, want: { taxable: 100_000, cgst: 0, sgst: 0, igst: 18_000 } },
    // ₹999 at 18%: 84,661.0169… rounds to 84,661; tax 15,239 is odd, CGST takes the odd paisa.
    { total: 99_900, gst: 1800, intra: true, want: { taxable: 84_661, cgst: 7_620, sgst: 7_619, igst: 0 } },
    // A 0% line (an exempt item) has no tax at all.
    { total: 50_000, gst: 0, intra: true, want: { taxable: 50_000, cgst: 0, sgst: 0, igst: 0 } },
    // One paisa at 5% stays one paisa of taxable value (half-up), never a negative tax.
    { total: 1, gst: 500, intra: true, want: { taxable: 1, cgst: 0, sgst: 0, igst: 0 } },
  ])('$total paise at $gst bp (intra $intra)', ({ total, gst, intra, want }) => {
    const split = splitInclusive(total, gst, intra);
    expect(split).toEqual(want);
    expect(split.taxable + split.cgst + split.sgst + split.igst).toBe(total);
  });
});

describe('priceSale', () => {
  it('shares the sale discount over the items in proportion and never over a tip', () => {
    const sale = priceSale([service(300_000), product(2, 50_000), tip(20_000)], 40_000);
    // 300,000 : 100,000 → 30,000 : 10,000; the tip keeps its 20,000.
    expect(sale.lines.map((line) => line.saleDiscountShare)).toEqual([30_000, 10_000, 0]);
    expect(sale.lines.map((line) => line.total)).toEqual([270_000, 90_000, 20_000]);
    expect(sale).toMatchObject({ total: 380_000, tip: 20_000, discount: 40_000, discountableGross: 400_000 });
  });

  it('takes the line discount first and shares the rest on what is left of each line', () => {
    const sale = priceSale([service(100_000, 50_000), service(100_000)], 15_000);
    expect(sale.lines.map((line) => line.saleDiscountShare)).toEqual([5_000, 10_000]);
    expect(sale.total).toBe(200_000 - 50_000 - 15_000);
  });

  it('hands a remainder paisa to the largest remainder, ties to the earlier line', () => {
    expect(apportion(1, [100, 100, 100])).toEqual([1, 0, 0]);
    expect(apportion(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(apportion(2, [1, 2])).toEqual([1, 1]);
  });

  it.each([
    { name: 'a discount above the items', lines: [service(10_000), tip(50_000)], discount: 10_001 },
    { name: 'a discounted tip', lines: [{ ...tip(1_000), lineDiscount: 1 }], discount: 0 },
    { name: 'a taxed tip', lines: [{ ...tip(1_000), gstBp: 1800 }], discount: 0 },
    { name: 'a line discount above its line', lines: [service(1_000, 1_001)], discount: 0 },
    { name: 'a fractional price', lines: [service(10.5)], discount: 0 },
    { name: 'a zero quantity', lines: [product(0, 100)], discount: 0 },
    { name: 'a negative discount', lines: [service(1_000)], discount: -1 },
    { name: 'a rate above 100%', lines: [{ ...service(1_000), gstBp: 10_001 }], discount: 0 },
  ])('refuses $name', ({ lines, discount }) => {
    expect(() => priceSale(lines, discount)).toThrow(SaleInputError);
  });
});

describe('discount approval', () => {
  it.each([
    { role: 'employee', discount: 10_000, gross: 100_000, needs: false },
    // 10.001% is over a 10% limit: rounding down would let it through.
    { role: 'employee', discount: 10_001, gross: 100_000, needs: true },
    { role: 'admin', discount: 100_000, gross: 100_000, needs: false },
    // A role the counter does not know gives nothing unapproved.
    { role: 'user', discount: 1, gross: 100_000, needs: true },
    { role: 'employee', discount: 0, gross: 0, needs: false },
  ])('$role giving $discount of $gross needs approval: $needs', ({ role, discount, gross, needs }) => {
    expect(discountNeedsApproval(role, discount, gross)).toBe(needs);
  });
});

describe('changeDue', () => {
  it('gives change and refuses short cash', () => {
    expect(changeDue(45_000, 50_000)).toBe(5_000);
    expect(() => changeDue(45_000, 40_000)).toThrow(SaleInputError);
  });
});

describe('GST state codes', () => {
  it.each([
    ['Tamil Nadu', '33'],
    ['tamil  nadu ', '33'],
    ['TN', '33'],
    ['Jammu & Kashmir', '01'],
    ['Orissa', '21'],
    ['27', '27'],
    ['Atlantis', undefined],
  ])('%s → %s', (state, code) => {
    expect(gstStateCode(state)).toBe(code);
  });

  it('names a code', () => expect(gstStateName('29')).toBe('Karnataka'));
});
