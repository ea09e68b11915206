import { create } from '@bufbuild/protobuf';
import { billingV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { InvalidEmailData } from '../html.js';
import { emailTemplates } from './index.js';
import { invoiceFileName, invoiceIssuedTemplate, invoiceUpdatedTemplate } from './invoice.template.js';

const bill = (email: string) =>
  create(billingV1.BillSchema, {
    billId: '4f8a0c1e-6a51-4d1f-9d3e-2b7c5e9a1f00',
    invoiceNumber: 'INV/26-27/000042',
    customerName: 'Asha Verma',
    email,
    billDate: '2026-11-21',
    paymentMethod: 'UPI',
    totalPaise: 145_982_23n,
    revision: 1,
  });

const issued = (email: string) =>
  create(billingV1.BillIssuedSchema, { bill: bill(email), issuedById: 'admin' });
const updated = (email: string, changedFields: string[]) =>
  create(billingV1.BillUpdatedSchema, { bill: bill(email), changedFields, updatedById: 'admin' });

describe('invoice emails', () => {
  it('are registered for the bill events', () => {
    expect(emailTemplates.get('billing.bill.issued')).toBe(invoiceIssuedTemplate);
    expect(emailTemplates.get('billing.bill.updated')).toBe(invoiceUpdatedTemplate);
  });

  it('go out for a bill that carries an email address, and only then', () => {
    expect(invoiceIssuedTemplate.wanted?.(issued('asha@example.com'))).toBe(true);
    expect(invoiceIssuedTemplate.wanted?.(issued(''))).toBe(false);
    expect(invoiceIssuedTemplate.wanted?.(issued('   '))).toBe(false);
    expect(invoiceIssuedTemplate.recipient(issued('asha@example.com'))).toEqual({
      address: 'asha@example.com',
      name: 'Asha Verma',
    });
  });

  it('go out again after an edit only when the address or the money changed', () => {
    expect(invoiceUpdatedTemplate.wanted?.(updated('asha@example.com', ['email']))).toBe(true);
    expect(invoiceUpdatedTemplate.wanted?.(updated('asha@example.com', ['services', 'totalPrice']))).toBe(
      true,
    );
    expect(invoiceUpdatedTemplate.wanted?.(updated('asha@example.com', ['phone', 'roomNo']))).toBe(false);
    expect(invoiceUpdatedTemplate.wanted?.(updated('', ['email']))).toBe(false);
  });

  it('refuse an address that is not one, so the event goes to the dead letters instead of the queue', () => {
    expect(() => invoiceIssuedTemplate.recipient(issued('not-an-address'))).toThrow(InvalidEmailData);
  });

  it('name the attachment as the download does', () => {
    expect(invoiceFileName('INV/26-27/000042')).toBe('Invoice_INV-26-27-000042.pdf');
  });
});

describe('the invoice attachment', () => {
  const context = (pdf: Buffer | undefined) => ({
    appUrl: 'https://aranya.example',
    invoices: { pdfOf: (billId: string) => Promise.resolve(billId === bill('').billId ? pdf : undefined) },
  });

  it('attaches the PDF billing renders for the bill', async () => {
    const email = await invoiceIssuedTemplate.compose(
      issued('asha@example.com'),
      context(Buffer.from('%PDF')),
    );
    expect(email.attachments).toEqual([
      {
        filename: 'Invoice_INV-26-27-000042.pdf',
        content: Buffer.from('%PDF'),
        contentType: 'application/pdf',
      },
    ]);
  });

  it('cannot be sent for a bill that no longer exists (dead letter, not a retry)', async () => {
    await expect(
      invoiceIssuedTemplate.compose(issued('asha@example.com'), context(undefined)),
    ).rejects.toBeInstanceOf(InvalidEmailData);
  });
});
