import { describe, expect, it } from 'vitest';
import { parseBillInput, priceBill } from './bill-input.js';
import type { Bill } from './bill.js';
import { formatRate, formatRupees, invoiceView } from './invoice-view.js';
import { escapeHtml, invoiceHtml } from './invoice-template.js';

const seller = {
  name: 'Aranya Spa & Wellness',
  address: 'Vijay Nagar, Indore, Madhya Pradesh 452010',
  gstin: '23ABCDE1234F1Z8',
  phone: '+91 731 400 5678',
  email: 'billing@aranyaspa.in',
};

function bill(name: string, serviceName = 'Swedish Massage'): Bill {
  const priced = priceBill(
    parseBillInput(
      {
        name,
        phone: '98765 43210',
        customerId: 'C-1',
        date: '2026-11-21',
        services: [{ serviceName, price: 2500, staffAssigned: 'Meera' }],
        products: [{ productName: 'Lavender Essential Oil', quantity: 2, unitPrice: 649.99 }],
        advanceAmount: 500,
      },
      new Date('2026-11-21T06:00:00Z'),
    ),
  );
  return {
    ...priced,
    id: 'b',
    invoiceNumber: 'INV/26-27/000123',
    financialYear: '2026-27',
    services: priced.services.map((line, index) => ({ ...line, id: `s${index}` })),
    products: priced.products.map((line, index) => ({ ...line, id: `p${index}` })),
    subTotal: priced.totals.subTotal,
    discountAmount: priced.totals.discountAmount,
    totalPrice: priced.totals.totalPrice,
    revision: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
    createdBy: { id: 'a', name: 'A' },
  };
}

describe('formatting for India', () => {
  it('uses the rupee sign and lakh/crore digit grouping', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(12_345_678_950)).toBe('₹12,34,56,789.50');
    expect(formatRupees(100_000)).toBe('₹1,000.00');
  });

  it('prints rates as percent, halves with up to 3 decimals', () => {
    expect(formatRate(1_800)).toBe('18%');
    expect(formatRate(250)).toBe('2.5%');
    expect(formatRate(225 / 2)).toBe('1.125%');
  });
});

describe('invoiceView', () => {
  it('splits each line into taxable value, CGST and SGST that add up to the line total', () => {
    const view = invoiceView(bill('Asha'), seller);
    expect(view.services[0]).toMatchObject({
      number: 1,
      code: '999723',
      detail: '60 Min · Staff: Meera',
      taxableValue: '₹2,375.00',
      cgstRate: '2.5%',
      cgst: '₹59.38',
      sgst: '₹59.37',
      total: '₹2,493.75',
    });
    expect(view.products[0]).toMatchObject({ number: 2, code: '3301', quantity: '2', total: '₹1,296.73' });
    expect(view.totals).toMatchObject({
      subTotal: '₹3,790.48',
      discountAmount: '₹189.52',
      advance: '₹500.00',
      total: '₹4,100.96',
      totalInWords: 'Rupees Four Thousand One Hundred and Ninety-Six Paise Only',
    });
    expect(view.invoiceDate).toBe('21/11/2026');
    expect(view.placeOfSupply).toBe('Madhya Pradesh (23)');
  });
});

describe('invoiceHtml', () => {
  it('escapes every character that could start markup', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('never lets typed text become markup and loads nothing from outside', () => {
    const html = invoiceHtml(
      invoiceView(bill('<img src=http://evil/x>', '</td><script>alert(1)</script>'), seller),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=http://evil/x&gt;');
    expect(html).toContain('&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(`content="default-src 'none'`);
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  it('shows the seller, the invoice number and the words of the total', () => {
    const html = invoiceHtml(invoiceView(bill('Asha'), seller));
    expect(html).toContain('TAX INVOICE');
    expect(html).toContain('Aranya Spa &amp; Wellness');
    expect(html).toContain('GSTIN: 23ABCDE1234F1Z8');
    expect(html).toContain('INV/26-27/000123');
    expect(html).toContain('<span class="nowrap">Ninety-Six</span>');
  });
});
