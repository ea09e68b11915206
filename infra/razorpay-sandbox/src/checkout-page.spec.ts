import { describe, expect, it } from 'vitest';
import { checkoutFramePage, checkoutProblemPage, formatAmount } from './checkout-page.js';
import type { RazorpayOrder } from './store.js';

const order: RazorpayOrder = {
  id: 'order_AbCdEfGhIjKlMn',
  entity: 'order',
  amount: 1_234_550,
  amount_paid: 0,
  amount_due: 1_234_550,
  currency: 'INR',
  receipt: null,
  offer_id: null,
  status: 'created',
  attempts: 0,
  notes: [],
  created_at: 0,
};

const details = {
  keyId: 'rzp_test_sandbox',
  parentOrigin: 'http://127.0.0.1:8080',
  merchantName: 'Serenity Spa',
  description: 'Order #1',
  email: '',
  contact: '',
  notes: '',
  themeColor: '',
};

describe('the checkout modal page', () => {
  it('formats paise as rupees the Indian way', () => {
    expect(formatAmount(1_234_550, 'INR')).toBe('₹12,345.50');
    expect(formatAmount(100, 'INR')).toBe('₹1.00');
  });

  it('shows the merchant, description, amount and the three buttons', () => {
    const html = checkoutFramePage(order, details);

    expect(html).toContain('<h1>Serenity Spa</h1>');
    expect(html).toContain('Order #1');
    expect(html).toContain('₹12,345.50');
    for (const name of ['Pay', 'Fail', 'Dismiss']) expect(html).toContain(`>${name}</button>`);
  });

  it('escapes everything the merchant page passes in, in text and in attributes', () => {
    const html = checkoutFramePage(order, {
      ...details,
      merchantName: '<img src=x onerror=alert(1)>',
      description: '"><script>alert(2)</script>',
      notes: '{"a":"\'"}',
    });

    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('data-description="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(html).toContain('data-notes="{&quot;a&quot;:&quot;&#39;&quot;}"');
  });

  it('has no inline script or style: its CSP allows only its own files', () => {
    const html = checkoutFramePage(order, details) + checkoutProblemPage('<b>x</b>', details.parentOrigin);

    expect(html).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/);
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});
