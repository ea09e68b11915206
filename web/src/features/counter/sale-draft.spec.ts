import { describe, expect, it } from 'vitest';
import type { Sale, SaleLine } from './counter.api';
import { addonLine, checkDraft, draftOf, isDirty, productLine, taxSplit, tipLine } from './sale-draft';

function line(overrides: Partial<SaleLine>): SaleLine {
  return {
    id: 'line-1',
    kind: 'service',
    itemId: 'svc-1',
    name: 'Swedish Massage · 60 Min',
    taxCode: '999723',
    gstBp: 1800,
    quantity: 1,
    unitPricePaise: 250_000,
    lineDiscountPaise: 0,
    lineDiscountReason: '',
    saleDiscountSharePaise: 0,
    totalPaise: 250_000,
    appointmentId: 'apt-1',
    employeeId: 'emp-1',
    employeeName: 'Asha',
    roomNumber: '101',
    ...overrides,
  };
}

function sale(lines: SaleLine[] = [line({})]): Sale {
  return {
    id: 'sale-1',
    status: 'open',
    version: 3,
    customer: { id: 'cus-1', name: 'Meera', phone: '9800000000', email: 'meera@example.com', gstin: '' },
    appointmentIds: ['apt-1'],
    lines,
    saleDiscountPaise: 0,
    saleDiscountReason: '',
    discountApproval: 'none',
    tenders: [],
    totalPaise: 250_000,
    tipPaise: 0,
    discountPaise: 0,
    paidPaise: 0,
    balancePaise: 250_000,
    cashierName: 'Desk',
    openedAt: '2026-12-07T10:00:00Z',
    completedAt: null,
  };
}

describe('checkDraft: the PUT body', () => {
  it("never sends a visit line's price, so the desk cannot reprice a treatment", () => {
    const draft = draftOf(sale());
    draft.lines[0]!.unitPrice = '1';
    const { body } = checkDraft(draft);
    expect(body?.lines[0]).toEqual({
      id: 'line-1',
      kind: 'service',
      itemId: 'svc-1',
      quantity: 1,
      lineDiscountPaise: 0,
      lineDiscountReason: '',
      employeeId: 'emp-1',
      employeeName: 'Asha',
      appointmentId: 'apt-1',
    });
  });

  it('sends a new product by its item id without an id, and the desk lines with their price in paise', () => {
    const draft = draftOf(sale());
    draft.lines.push(productLine({ id: 'prd-9', name: 'Lavender oil', price: '499.50' }));
    draft.lines.push(addonLine('Hot stones', '300.10'));
    draft.lines.push(tipLine({ id: 'emp-1', name: 'Asha' }, '200'));
    const { body, errors } = checkDraft(draft);
    expect(errors).toEqual({});
    expect(body?.lines.slice(1)).toEqual([
      { kind: 'product', itemId: 'prd-9', quantity: 1, lineDiscountPaise: 0, lineDiscountReason: '' },
      {
        kind: 'addon',
        name: 'Hot stones',
        unitPricePaise: 30_010,
        quantity: 1,
        lineDiscountPaise: 0,
        lineDiscountReason: '',
      },
      {
        kind: 'tip',
        name: 'Tip for Asha',
        unitPricePaise: 20_000,
        employeeId: 'emp-1',
        employeeName: 'Asha',
        quantity: 1,
        lineDiscountPaise: 0,
        lineDiscountReason: '',
      },
    ]);
  });

  it('sends discounts in exact paise with their reasons, and refuses a discount without one', () => {
    const draft = draftOf(sale());
    draft.lines[0]!.lineDiscount = '100.10';
    draft.saleDiscount = '0.29';
    expect(checkDraft(draft).body).toBeUndefined();
    expect(checkDraft(draft).errors).toEqual({
      'lines.line-1.lineDiscountReason': 'Say why the discount is given',
      saleDiscountReason: 'Say why the discount is given',
    });
    draft.lines[0]!.lineDiscountReason = 'Regular';
    draft.saleDiscountReason = 'Round off';
    const { body } = checkDraft(draft);
    expect(body?.lines[0]).toMatchObject({ lineDiscountPaise: 10_010, lineDiscountReason: 'Regular' });
    expect(body).toMatchObject({ saleDiscountPaise: 29, saleDiscountReason: 'Round off' });
  });

  it('refuses a tip without a therapist, an unnamed add-on and a discount above its line', () => {
    const draft = draftOf(sale());
    const tip = tipLine({ id: '', name: '' }, '0');
    tip.employeeId = undefined;
    const addon = addonLine(' ', '10');
    draft.lines.push(tip, addon);
    draft.lines[0]!.lineDiscount = '2500.01';
    draft.lines[0]!.lineDiscountReason = 'x';
    const { errors, body } = checkDraft(draft);
    expect(body).toBeUndefined();
    expect(errors).toMatchObject({
      [`lines.${tip.key}.employee`]: 'Choose the therapist',
      [`lines.${tip.key}.unitPrice`]: 'Enter the tip',
      [`lines.${addon.key}.name`]: 'Name the add-on',
      'lines.line-1.lineDiscount': 'The discount is more than the line',
    });
  });

  it('refuses a sale discount above what is left to pay, with the rules’ message', () => {
    const draft = draftOf(sale());
    draft.saleDiscount = '2500.01';
    draft.saleDiscountReason = 'x';
    const check = checkDraft(draft);
    expect(check.body).toBeUndefined();
    expect(check.error).toMatch(/sale discount cannot be more/);
  });

  it('hints at a GSTIN failing its checksum without refusing the sale', () => {
    const draft = draftOf(sale());
    draft.customer.gstin = '27aapfu0939f1zv';
    expect(checkDraft(draft).gstinHint).toBeUndefined();
    expect(checkDraft(draft).body?.customer?.gstin).toBe('27AAPFU0939F1ZV');
    draft.customer.gstin = '27AAPFU0939F1ZX';
    expect(checkDraft(draft).gstinHint).toMatch(/checksum/);
    expect(checkDraft(draft).body).toBeDefined();
  });
});

describe('checkDraft: the live totals', () => {
  it('prices as the server does: tax-inclusive, the sale discount shared over items but never the tip', () => {
    const draft = draftOf(sale());
    draft.lines.push(productLine({ id: 'prd-9', name: 'Oil', price: 500, gstBp: 1200 }));
    draft.lines.push(tipLine({ id: 'emp-1', name: 'Asha' }, '100'));
    draft.saleDiscount = '300';
    draft.saleDiscountReason = 'Loyalty';
    const { totals } = checkDraft(draft);
    expect(totals?.total).toBe(250_000 + 50_000 + 10_000 - 30_000);
    expect(totals?.tip).toBe(10_000);
    expect(totals?.lines.map((priced) => priced.saleDiscountShare)).toEqual([25_000, 5_000, 0]);
  });

  it('splits the GST out of the totals per rate, CGST taking the odd paisa, tips outside', () => {
    const draft = draftOf(sale());
    draft.lines.push(tipLine({ id: 'emp-1', name: 'Asha' }, '100'));
    const split = taxSplit(checkDraft(draft).totals!);
    // ₹2,500 inclusive of 18%: taxable 2118.64, tax 381.36 = 190.68 + 190.68.
    expect(split).toEqual({
      rows: [{ gstBp: 1800, taxable: 211_864, cgst: 19_068, sgst: 19_068 }],
      taxable: 211_864,
      tax: 38_136,
    });
  });
});

describe('isDirty', () => {
  it('is false for a fresh draft and true after an edit', () => {
    const saved = sale();
    const draft = draftOf(saved);
    expect(isDirty(draft, saved)).toBe(false);
    draft.customer.phone = '9811111111';
    expect(isDirty(draft, saved)).toBe(true);
  });
});
