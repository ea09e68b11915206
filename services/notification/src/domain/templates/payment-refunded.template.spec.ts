import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { commerceV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render-email.js';
import { emailTemplates } from './index.js';
import { paymentRefundedTemplate } from './payment-refunded.template.js';

/** These templates attach no invoice: asking for one is a bug. */
const noInvoices = {
  pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')),
};

const context = { appUrl: 'https://aranya.example', invoices: noInvoices };

// Confirmed by the provider on Wednesday 25 November 2026 at 1:05 PM in India.
const full = create(commerceV1.PaymentRefundedSchema, {
  refundId: 'b0e6a9c2-3f1d-4c55-8f0e-1d2c3b4a5f60',
  paymentId: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
  purpose: 'appointment',
  appointmentId: '5b0d3c1e-6d8c-4b55-9a43-0a4c1f3a9e01',
  customerId: 'u1',
  customerEmail: 'priya@example.com',
  customerName: 'Priya <b>Sharma</b>',
  description: 'Swedish Massage (60 min)',
  amountPaise: 449_900n,
  refundedTotalPaise: 449_900n,
  capturedPaise: 449_900n,
  paymentStatus: 'refunded',
  providerPaymentId: 'pay_ABCDEFGHIJKLMN',
  providerRefundId: 'rfnd_ABCDEFGHIJKLMN',
  reason: 'appointment_cancelled',
  refundedAt: timestampFromDate(new Date('2026-11-25T07:35:00Z')),
});

const render = async (payload: unknown) =>
  renderEmail(await paymentRefundedTemplate.compose(payload as never, context), context);

describe('the refund email', () => {
  it('is registered for commerce.payment.refunded', () => {
    expect(emailTemplates.get('commerce.payment.refunded')).toBe(paymentRefundedTemplate);
  });

  it('says how much was refunded, when (in India) and for what', async () => {
    const email = await render(full);
    expect(email.to).toEqual({ address: 'priya@example.com', name: 'Priya <b>Sharma</b>' });
    expect(email.subject).toBe('Refund of ₹4,499.00 processed');
    expect(email.text).toContain('Hello Priya,');
    expect(email.text).toContain(
      'We refunded ₹4,499.00 for Swedish Massage (60 min) on Wednesday, 25 November 2026, 1:05 PM IST',
    );
    expect(email.text).toContain('That is the whole of your payment of ₹4,499.00.');
    expect(email.text).toContain('Refund reference: rfnd_ABCDEFGHIJKLMN');
    expect(email.text).toContain('Payment reference: pay_ABCDEFGHIJKLMN');
    expect(email.text).not.toContain('Refunded so far');
    expect(email.html).not.toContain('<b>Sharma');
  });

  it('tells a partial refund apart: how much has gone back so far of the payment', async () => {
    const partial = create(commerceV1.PaymentRefundedSchema, {
      ...full,
      purpose: 'order',
      description: 'Order 1A2B3C4D',
      amountPaise: 100_050n,
      refundedTotalPaise: 150_050n,
      capturedPaise: 300_000n,
      paymentStatus: 'partially_refunded',
    });
    const email = await render(partial);
    expect(email.subject).toBe('Refund of ₹1,000.50 processed');
    expect(email.text).toContain('We refunded ₹1,000.50 for Order 1A2B3C4D');
    expect(email.text).toContain('₹1,500.50 has been refunded so far');
    expect(email.text).toContain('Refunded so far: ₹1,500.50 of ₹3,000.00');
  });

  it('is not sent when commerce does not know the customer’s email, and refuses a bad one', () => {
    expect(paymentRefundedTemplate.wanted!(full as never)).toBe(true);
    expect(paymentRefundedTemplate.wanted!({ ...full, customerEmail: '' } as never)).toBe(false);
    expect(() =>
      paymentRefundedTemplate.recipient({ ...full, customerEmail: 'not an email' } as never),
    ).toThrow();
    expect(() =>
      paymentRefundedTemplate.compose({ ...full, refundedAt: undefined } as never, context),
    ).toThrow('The refund event carries no time');
  });
});
