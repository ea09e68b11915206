import { describe, expect, it } from 'vitest';
import { invoiceLines, invoiceTaxTotals } from './invoice-lines';

describe('invoiceLines', () => {
  const lines = invoiceLines({
    services: [
      {
        serviceName: 'Swedish Massage',
        duration: '60 Min',
        staffAssigned: 'Meera',
        price: 1000,
        gst: 5,
        discount: 5,
        total: 997.5,
        sacCode: '999723',
      },
    ],
    products: [
      { productName: 'Lavender Oil', quantity: 3, unitPrice: 99.99, gst: 12, discount: 0, total: 335.97 },
    ],
  });

  it('splits each line into taxable value and CGST and SGST halves', () => {
    expect(lines[0]).toMatchObject({
      kind: 'service',
      description: 'Swedish Massage',
      detail: '60 Min · Meera',
      code: '999723',
      amountPaise: 100_000,
      discountPaise: 5_000,
      taxablePaise: 95_000,
      halfGstPercent: 2.5,
      cgstPaise: 2_375,
      sgstPaise: 2_375,
      totalPaise: 99_750,
    });
    expect(lines[1]).toMatchObject({
      kind: 'product',
      quantity: 3,
      unitPricePaise: 9_999,
      amountPaise: 29_997,
      taxablePaise: 29_997,
      halfGstPercent: 6,
      // 335.9664 rounds to 335.97: ₹36.00 of tax, halved.
      cgstPaise: 1_800,
      sgstPaise: 1_800,
      totalPaise: 33_597,
    });
  });

  it('adds up the tax columns', () => {
    expect(invoiceTaxTotals(lines)).toEqual({ taxablePaise: 124_997, cgstPaise: 4_175, sgstPaise: 4_175 });
  });
});
