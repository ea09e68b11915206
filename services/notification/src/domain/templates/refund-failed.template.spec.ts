import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { commerceV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { brand } from '../brand.js';
import { renderEmail } from '../render-email.js';
import { emailTemplates } from './index.js';
import { refundFailedTemplate } from './refund-failed.template.js';

/** These templates attach no invoice: asking for one is a bug. */
const noInvoices = {
  pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')),
};

const context = { appUrl: 'https://aranya.example/', invoices: noInvoices };

const failed = create(commerceV1.PaymentRefundFailedSchema, {
  refundId: 'b0e6a9c2-3f1d-4c55-8f0e-1d2c3b4a5f60',
  paymentId: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
  purpose: 'order',
  orderId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  customerId: 'u1',
  amountPaise: 129_950n,
  providerPaymentId: 'pay_ABCDEFGHIJKLMN',
  providerRefundId: 'rfnd_ABCDEFGHIJKLMN',
  reason: 'admin',
  failureReason: 'The bank <b>declined</b> the refund',
  failedAt: timestampFromDate(new Date('2026-11-25T07:35:00Z')),
});

const render = async (payload: unknown) =>
  renderEmail(await refundFailedTemplate.compose(payload as never, context), context);

describe('the failed-refund alert', () => {
  it('is registered for commerce.payment.refund_failed and goes to the spa’s own inbox', () => {
    expect(emailTemplates.get('commerce.payment.refund_failed')).toBe(refundFailedTemplate);
    expect(refundFailedTemplate.recipient(failed as never)).toEqual({
      address: brand.email,
      name: brand.name,
    });
  });

  it('says how much, for what, when, why, and where to act', async () => {
    const email = await render(failed);
    expect(email.subject).toBe('Action needed: a refund of ₹1,299.50 failed');
    expect(email.text).toContain(
      'The payment provider did not refund ₹1,299.50 for order 7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6 (Wednesday, 25 November 2026, 1:05 PM IST)',
    );
    expect(email.text).toContain('Why: The bank <b>declined</b> the refund');
    expect(email.text).toContain('Refund reference: rfnd_ABCDEFGHIJKLMN');
    expect(email.text).toContain('https://aranya.example/dashboard');
    // Provider text is escaped in the HTML.
    expect(email.html).not.toContain('<b>declined');
  });

  it('names an appointment and leaves out a refund reference the provider never gave', async () => {
    const refused = create(commerceV1.PaymentRefundFailedSchema, {
      ...failed,
      purpose: 'appointment',
      orderId: '',
      appointmentId: '5b0d3c1e-6d8c-4b55-9a43-0a4c1f3a9e01',
      providerRefundId: '',
      failureReason: '',
    });
    const email = await render(refused);
    expect(email.text).toContain('for appointment 5b0d3c1e-6d8c-4b55-9a43-0a4c1f3a9e01');
    expect(email.text).toContain('Open the appointment in the admin panel');
    expect(email.text).toContain('Why: The provider gave no reason');
    expect(email.text).not.toContain('Refund reference');
  });
});
