import { describe, expect, it } from 'vitest';
import { paymentLinkPage, paymentLinkProblemPage } from './payment-link-page.js';
import type { RazorpayPaymentLink } from './payment-links.js';

const link: RazorpayPaymentLink = {
  id: 'plink_AbCdEfGhIjKlMn',
  accept_partial: false,
  amount: 1_234_550,
  amount_paid: 0,
  callback_method: '',
  callback_url: '',
  cancelled_at: 0,
  created_at: 0,
  currency: 'INR',
  customer: {},
  description: 'Counter sale',
  expire_by: 0,
  expired_at: 0,
  first_min_partial_amount: 0,
  notes: null,
  notify: { email: false, sms: false, whatsapp: false },
  payments: null,
  reference_id: 'sale-1',
  reminder_enable: false,
  reminders: [],
  short_url: 'http://127.0.0.1:4010/pl/plink_AbCdEfGhIjKlMn',
  status: 'created',
  updated_at: 0,
  upi_link: false,
  user_id: '',
};

describe('the payment link page', () => {
  it('shows the amount in rupees and a form posting each button to the link', () => {
    const html = paymentLinkPage(link);

    expect(html).toContain('₹12,345.50');
    expect(html).toContain('action="/pl/plink_AbCdEfGhIjKlMn/pay"');
    expect(html).toContain('name="method" value="upi">Pay with UPI</button>');
    expect(html).toContain('name="method" value="card">Pay by card</button>');
    expect(html).toContain('name="outcome" value="failed">Fail</button>');
    expect(html).not.toContain('The last payment failed');
  });

  it('offers no button once the link is paid, cancelled or expired', () => {
    for (const [status, text] of [
      ['paid', 'Paid. Thank you!'],
      ['cancelled', 'This payment link was cancelled.'],
      ['expired', 'This payment link has expired.'],
    ] as const) {
      const html = paymentLinkPage({ ...link, status });
      expect(html).toContain(text);
      expect(html).not.toMatch(/<button|<form/);
    }
  });

  it('escapes the merchant’s description and the problem it reports', () => {
    const html =
      paymentLinkPage({ ...link, description: '<img src=x onerror=alert(1)>' }) +
      paymentLinkProblemPage('<b>x</b>');

    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('runs no inline script or style: its CSP allows only its own style sheet', () => {
    const html =
      paymentLinkPage(link) +
      paymentLinkPage({ ...link, payments: [], status: 'paid' }) +
      paymentLinkProblemPage('x');

    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/);
  });
});
