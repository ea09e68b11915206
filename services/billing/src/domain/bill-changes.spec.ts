import { describe, expect, it } from 'vitest';
import { billChanges } from './bill-changes.js';
import { parseBillInput, priceBill, type BillInput } from './bill-input.js';
import type { Bill } from './bill.js';

const now = new Date('2026-11-21T06:00:00Z');
const base: BillInput = {
  name: 'Asha Verma',
  phone: '98765 43210',
  customerId: 'C-1',
  services: [{ serviceName: 'Swedish Massage', price: 1000, staffAssigned: 'Meera' }],
  products: [{ productName: 'Soap', unitPrice: 50 }],
};

function stored(input: BillInput): Bill {
  const priced = priceBill(parseBillInput(input, now));
  return {
    ...priced,
    id: 'bill',
    invoiceNumber: 'INV/26-27/000001',
    financialYear: '2026-27',
    services: priced.services.map((line, index) => ({ ...line, id: `s${index}` })),
    products: priced.products.map((line, index) => ({ ...line, id: `p${index}` })),
    subTotal: priced.totals.subTotal,
    discountAmount: priced.totals.discountAmount,
    totalPrice: priced.totals.totalPrice,
    revision: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: { id: 'a', name: 'Admin' },
  };
}

const edit = (input: BillInput) => priceBill(parseBillInput(input, now));

describe('billChanges', () => {
  it('finds nothing when the content is the same, whatever ids or client totals say', () => {
    const before = stored(base);
    const same = edit({
      ...base,
      services: [{ ...base.services![0]!, _id: 'other', total: 1 }],
      totalPrice: 9,
    });
    expect(billChanges(before, same)).toEqual([]);
  });

  it('lists each changed field with its old and new value in API units', () => {
    const changes = billChanges(
      stored(base),
      edit({
        ...base,
        phone: '91234 56789',
        discountPercent: 10,
        products: [{ productName: 'Soap', unitPrice: 50, quantity: 2 }],
      }),
    );
    expect(changes).toEqual([
      { field: 'phone', from: '98765 43210', to: '91234 56789' },
      {
        field: 'products',
        from: [{ productName: 'Soap', quantity: 1, unitPrice: 50, gst: 5, discount: 5 }],
        to: [{ productName: 'Soap', quantity: 2, unitPrice: 50, gst: 5, discount: 5 }],
      },
      { field: 'discountPercent', from: 5, to: 10 },
      { field: 'subTotal', from: 1047.38, to: 1097.25 },
      { field: 'discountAmount', from: 52.37, to: 109.73 },
      { field: 'totalPrice', from: 995.01, to: 987.52 },
    ]);
  });
});
