import { DEFAULT_DISCOUNT_LIMITS } from '@spa/rules';
import { describe, expect, it } from 'vitest';
import {
  approvalAfterEdit,
  cashChange,
  customerOf,
  moneyOf,
  planLines,
  refundOfLine,
  SaleRuleError,
  type LineInput,
  type ProductFacts,
  type SaleLine,
} from './sale.js';

let next = 0;
const newId = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

const visitLine: SaleLine = {
  id: 'visit-line',
  kind: 'service',
  itemId: 'svc-1',
  name: 'Swedish Massage · 60 Min',
  taxCode: '999722',
  gstBp: 1800,
  quantity: 1,
  unitPricePaise: 300_000,
  lineDiscountPaise: 0,
  lineDiscountReason: '',
  saleDiscountSharePaise: 0,
  totalPaise: 300_000,
  appointmentId: 'appt-1',
  employeeId: 'emp-asha',
  employeeName: 'Asha',
  roomNumber: '3',
  reservationKey: null,
  reservationStatus: null,
};

const oil: ProductFacts = {
  id: 'prod-oil',
  name: 'Sandalwood Oil',
  pricePaise: 50_000,
  hsnCode: '3304',
  gstBp: 1800,
  deleted: false,
};
const products = new Map([[oil.id, oil]]);

const line = (fields: Partial<LineInput> & Pick<LineInput, 'kind'>): LineInput => ({
  quantity: 1,
  lineDiscountPaise: 0,
  lineDiscountReason: '',
  ...fields,
});

const ruleOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof SaleRuleError) return error.code;
    throw error;
  }
  return 'no error';
};

describe('planLines', () => {
  it('keeps a visit treatment’s price whatever the desk sends for it', () => {
    const plan = planLines(
      [visitLine],
      [line({ id: visitLine.id, kind: 'service', unitPricePaise: 1, name: 'Cheap', quantity: 5 })],
      products,
      0,
      newId,
    );
    expect(plan.lines[0]).toMatchObject({
      unitPricePaise: 300_000,
      quantity: 1,
      name: visitLine.name,
      totalPaise: 300_000,
    });
  });

  it('refuses to drop a visit treatment (the sale is voided instead)', () => {
    expect(ruleOf(() => planLines([visitLine], [], products, 0, newId))).toBe('VISIT_LINE_REQUIRED');
  });

  it('prices a product from the mirror, not from the desk, and reserves it under its own line id', () => {
    const plan = planLines(
      [],
      [line({ kind: 'product', itemId: oil.id, quantity: 2, unitPricePaise: 1 })],
      products,
      0,
      newId,
    );
    const [product] = plan.lines;
    expect(product).toMatchObject({
      name: 'Sandalwood Oil',
      unitPricePaise: 50_000,
      taxCode: '3304',
      totalPaise: 100_000,
    });
    expect(product!.reservationKey).toBe(`sale-line:${product!.id}`);
    expect(plan.reserve).toEqual([product]);
  });

  it('keeps an unchanged product line and its reservation; a new quantity is a new line and the old one is released', () => {
    const first = planLines([], [line({ kind: 'product', itemId: oil.id })], products, 0, newId).lines;
    const same = planLines(
      first,
      [line({ id: first[0]!.id, kind: 'product', itemId: oil.id })],
      products,
      0,
      newId,
    );
    expect(same.reserve).toEqual([]);
    expect(same.release).toEqual([]);
    const more = planLines(
      first,
      [line({ id: first[0]!.id, kind: 'product', itemId: oil.id, quantity: 3 })],
      products,
      0,
      newId,
    );
    expect(more.replace.map((one) => one.id)).toEqual([first[0]!.id]);
    expect(more.release).toEqual([]);
    expect(more.reserve[0]!.id).not.toBe(first[0]!.id);
    const removed = planLines(first, [], products, 0, newId);
    expect(removed.release.map((one) => one.id)).toEqual([first[0]!.id]);
  });

  it('refuses a deleted or unknown product', () => {
    const gone = new Map([[oil.id, { ...oil, deleted: true }]]);
    expect(ruleOf(() => planLines([], [line({ kind: 'product', itemId: oil.id })], gone, 0, newId))).toBe(
      'PRODUCT_UNAVAILABLE',
    );
    expect(
      ruleOf(() => planLines([], [line({ kind: 'product', itemId: 'other' })], products, 0, newId)),
    ).toBe('PRODUCT_UNAVAILABLE');
  });

  it('gives a tip only to a therapist of the sale, with no GST, named after them', () => {
    expect(
      ruleOf(() => planLines([], [line({ kind: 'tip', unitPricePaise: 10_000 })], products, 0, newId)),
    ).toBe('TIP_NEEDS_THERAPIST');
    expect(
      ruleOf(() =>
        planLines(
          [],
          [line({ kind: 'tip', unitPricePaise: 10_000, employeeId: 'emp-asha' })],
          products,
          0,
          newId,
        ),
      ),
    ).toBe('TIP_NEEDS_THERAPIST');
    const plan = planLines(
      [visitLine],
      [
        line({ id: visitLine.id, kind: 'service' }),
        line({ kind: 'tip', unitPricePaise: 10_000, employeeId: 'emp-asha' }),
      ],
      products,
      0,
      newId,
    );
    expect(plan.lines[1]).toMatchObject({
      name: 'Tip · Asha',
      gstBp: 0,
      taxCode: '',
      appointmentId: 'appt-1',
      totalPaise: 10_000,
    });
    expect(
      ruleOf(() =>
        planLines(
          [visitLine],
          [
            line({ id: visitLine.id, kind: 'service' }),
            line({
              kind: 'tip',
              unitPricePaise: 10_000,
              employeeId: 'emp-asha',
              lineDiscountPaise: 100,
              lineDiscountReason: 'x',
            }),
          ],
          products,
          0,
          newId,
        ),
      ),
    ).toBe('TIP_INVALID');
  });

  it('needs a reason for a discount, and never shares the sale discount onto a tip', () => {
    expect(
      ruleOf(() =>
        planLines(
          [],
          [line({ kind: 'addon', name: 'Hot stones', unitPricePaise: 50_000, lineDiscountPaise: 100 })],
          products,
          0,
          newId,
        ),
      ),
    ).toBe('DISCOUNT_REASON_REQUIRED');
    const plan = planLines(
      [visitLine],
      [
        line({ id: visitLine.id, kind: 'service' }),
        line({ kind: 'tip', unitPricePaise: 10_000, employeeId: 'emp-asha' }),
      ],
      products,
      30_000,
      newId,
    );
    expect(plan.lines.map((one) => one.saleDiscountSharePaise)).toEqual([30_000, 0]);
    expect(moneyOf(plan.lines)).toEqual({
      totalPaise: 280_000,
      tipPaise: 10_000,
      discountPaise: 30_000,
      discountableGrossPaise: 300_000,
    });
  });

  it('refuses a discount larger than the items', () => {
    expect(
      ruleOf(() =>
        planLines([visitLine], [line({ id: visitLine.id, kind: 'service' })], products, 300_001, newId),
      ),
    ).toBe('SALE_INVALID');
  });

  it('refuses a visit treatment added by hand and a line id that is not on the sale', () => {
    expect(
      ruleOf(() =>
        planLines(
          [],
          [line({ kind: 'service', name: 'X', unitPricePaise: 1, appointmentId: 'a' })],
          products,
          0,
          newId,
        ),
      ),
    ).toBe('LINE_INVALID');
    expect(
      ruleOf(() =>
        planLines(
          [],
          [line({ id: 'nope', kind: 'addon', name: 'X', unitPricePaise: 1 })],
          products,
          0,
          newId,
        ),
      ),
    ).toBe('LINE_NOT_FOUND');
  });
});

describe('approvalAfterEdit', () => {
  const money = (discountPaise: number) => ({
    totalPaise: 0,
    tipPaise: 0,
    discountPaise,
    discountableGrossPaise: 100_000,
  });
  const none = { approval: 'none' as const, discountPaise: 0 };

  it('sends a cashier’s discount above 10% to an admin, not an admin’s', () => {
    expect(approvalAfterEdit('employee', DEFAULT_DISCOUNT_LIMITS, money(10_000), none)).toBe('none');
    expect(approvalAfterEdit('employee', DEFAULT_DISCOUNT_LIMITS, money(10_001), none)).toBe('pending');
    expect(approvalAfterEdit('admin', DEFAULT_DISCOUNT_LIMITS, money(90_000), none)).toBe('none');
  });

  it('keeps an approval only while the discount does not grow', () => {
    const approved = { approval: 'approved' as const, discountPaise: 20_000 };
    expect(approvalAfterEdit('employee', DEFAULT_DISCOUNT_LIMITS, money(20_000), approved)).toBe('approved');
    expect(approvalAfterEdit('employee', DEFAULT_DISCOUNT_LIMITS, money(25_000), approved)).toBe('pending');
  });
});

describe('customerOf', () => {
  it('accepts a GSTIN with a good checksum and refuses one with a bad one', () => {
    expect(customerOf({ name: 'Acme', gstin: '27aapfu0939f1zv' }).customerGstin).toBe('27AAPFU0939F1ZV');
    expect(ruleOf(() => customerOf({ name: 'Acme', gstin: '27AAPFU0939F1ZW' }))).toBe('GSTIN_INVALID');
    expect(ruleOf(() => customerOf({ name: '  ' }))).toBe('CUSTOMER_INVALID');
  });
});

describe('cashChange', () => {
  it('gives change back and refuses cash short of the amount', () => {
    expect(cashChange(45_000, 50_000)).toBe(5_000);
    expect(cashChange(45_000, undefined)).toBe(0);
    expect(ruleOf(() => cashChange(45_000, 40_000))).toBe('CASH_SHORT');
  });
});

describe('refundOfLine', () => {
  it('gives back exactly the line’s total when every unit comes back, in any steps', () => {
    const line = { quantity: 3, totalPaise: 100_000 };
    const steps = [refundOfLine(line, 0, 1), refundOfLine(line, 1, 1), refundOfLine(line, 2, 1)];
    expect(steps.reduce((total, step) => total + step, 0)).toBe(100_000);
    expect(refundOfLine(line, 0, 3)).toBe(100_000);
  });

  it('never gives back more units than were sold', () => {
    expect(ruleOf(() => refundOfLine({ quantity: 2, totalPaise: 1000 }, 1, 2))).toBe('REFUND_EXCEEDS_SOLD');
  });
});
