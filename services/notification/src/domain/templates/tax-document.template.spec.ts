import { create } from '@bufbuild/protobuf';
import { billingV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import type { PdfSource } from '../email-template.js';
import { InvalidEmailData } from '../html.js';
import { renderEmail } from '../render-email.js';
import { emailTemplates } from './index.js';
import { taxDocumentFileName, taxDocumentIssuedTemplate } from './tax-document.template.js';

const INVOICE_ID = '0b6c9a52-1f3e-4d7a-8c21-5e4f3a2b1c01';
const CREDIT_NOTE_ID = '0b6c9a52-1f3e-4d7a-8c21-5e4f3a2b1c02';

const invoice = create(billingV1.TaxDocumentSchema, {
  documentId: INVOICE_ID,
  kind: 'invoice',
  number: 'INV/26-27/000124',
  sourceKind: 'sale',
  issueDate: '2026-11-21',
  customerName: 'Asha Verma',
  customerEmail: 'asha@example.com',
  taxablePaise: 380_932n,
  cgstPaise: 34_284n,
  sgstPaise: 34_284n,
  tipPaise: 50_000n,
  totalPaise: 499_500n,
  balancePaise: 0n,
});
const creditNote = create(billingV1.TaxDocumentSchema, {
  ...invoice,
  documentId: CREDIT_NOTE_ID,
  kind: 'credit_note',
  number: 'CN/26-27/000007',
  sourceKind: 'sale_refund',
  originalDocumentId: INVOICE_ID,
  originalNumber: 'INV/26-27/000124',
  tipPaise: 0n,
  totalPaise: 120_000n,
});
const issued = (document: billingV1.TaxDocument) => create(billingV1.TaxDocumentIssuedSchema, { document });

/** Billing's PDFs by source and id: a bill's PDF asked for a document (or the other way) finds nothing. */
const pdfs = new Map<string, Buffer>([
  [`tax-document:${INVOICE_ID}`, Buffer.from('%PDF invoice')],
  [`tax-document:${CREDIT_NOTE_ID}`, Buffer.from('%PDF credit note')],
  [`bill:${INVOICE_ID}`, Buffer.from('%PDF a manual bill')],
]);
const context = {
  appUrl: 'https://aranya.example',
  invoices: {
    pdfOf: (id: string, source: PdfSource = 'bill') => Promise.resolve(pdfs.get(`${source}:${id}`)),
  },
};

const render = async (document: billingV1.TaxDocument) => {
  const composed = await taxDocumentIssuedTemplate.compose(issued(document), context);
  return { composed, rendered: renderEmail(composed, context) };
};

describe('tax document emails', () => {
  it('are registered for billing.document.issued', () => {
    expect(emailTemplates.get('billing.document.issued')).toBe(taxDocumentIssuedTemplate);
  });

  it('go out only for a document that carries an email address (a walk-in may give none)', () => {
    expect(taxDocumentIssuedTemplate.wanted?.(issued(invoice))).toBe(true);
    const anonymous = create(billingV1.TaxDocumentSchema, { ...invoice, customerEmail: ' ' });
    expect(taxDocumentIssuedTemplate.wanted?.(issued(anonymous))).toBe(false);
    expect(taxDocumentIssuedTemplate.recipient(issued(invoice))).toEqual({
      address: 'asha@example.com',
      name: 'Asha Verma',
    });
  });

  it('are sent once per document, not once per event carrying it', () => {
    expect(taxDocumentIssuedTemplate.sentOnceFor?.(issued(invoice))).toBe(`tax-document:${INVOICE_ID}`);
    expect(taxDocumentIssuedTemplate.sentOnceFor?.(issued(creditNote))).not.toBe(
      taxDocumentIssuedTemplate.sentOnceFor?.(issued(invoice)),
    );
  });

  it('attach the tax invoice PDF billing renders for the document, not a manual bill of the same id', async () => {
    const { composed, rendered } = await render(invoice);
    expect(composed.subject).toBe('Your tax invoice INV/26-27/000124 from Aranya Spa & Wellness');
    expect(composed.attachments).toEqual([
      {
        filename: 'Invoice_INV-26-27-000124.pdf',
        content: Buffer.from('%PDF invoice'),
        contentType: 'application/pdf',
      },
    ]);
    expect(rendered.text).toContain('Thank you for visiting Aranya Spa & Wellness.');
    expect(rendered.text).toContain('GST: ₹685.68');
    expect(rendered.text).toContain('Tip: ₹500.00');
    expect(rendered.text).toContain('Total: ₹4,995.00');
    expect(rendered.text).not.toContain('Balance due');
  });

  it('show what is still owed, and thank a store customer for the order rather than a visit', async () => {
    const owed = create(billingV1.TaxDocumentSchema, {
      ...invoice,
      sourceKind: 'order',
      balancePaise: 99_500n,
    });
    const { rendered } = await render(owed);
    expect(rendered.text).toContain('Balance due: ₹995.00');
    expect(rendered.text).toContain('for your order');
    expect(rendered.text).not.toContain('Thank you for visiting');
  });

  it('name a credit note and the invoice it reverses, with its own PDF', async () => {
    const { composed, rendered } = await render(creditNote);
    expect(composed.subject).toBe('Credit note CN/26-27/000007 for invoice INV/26-27/000124');
    expect(composed.attachments?.[0]).toMatchObject({
      filename: 'CreditNote_CN-26-27-000007.pdf',
      content: Buffer.from('%PDF credit note'),
    });
    expect(rendered.text).toContain('Against invoice: INV/26-27/000124');
    expect(rendered.text).toContain('Amount: ₹1,200.00');
  });

  it('cannot be sent for a document billing does not have (dead letter, not a retry)', async () => {
    const unknown = create(billingV1.TaxDocumentSchema, { ...invoice, documentId: crypto.randomUUID() });
    await expect(taxDocumentIssuedTemplate.compose(issued(unknown), context)).rejects.toBeInstanceOf(
      InvalidEmailData,
    );
  });

  it('refuse an event without a document, and an address that is not one', () => {
    expect(() => taxDocumentIssuedTemplate.recipient(create(billingV1.TaxDocumentIssuedSchema))).toThrow(
      InvalidEmailData,
    );
    const bad = create(billingV1.TaxDocumentSchema, { ...invoice, customerEmail: 'not-an-address' });
    expect(() => taxDocumentIssuedTemplate.recipient(issued(bad))).toThrow(InvalidEmailData);
  });

  it('name the attachment by kind and number', () => {
    expect(taxDocumentFileName({ kind: 'invoice', number: 'INV/26-27/000001' })).toBe(
      'Invoice_INV-26-27-000001.pdf',
    );
    expect(taxDocumentFileName({ kind: 'credit_note', number: 'CN/26-27/000001' })).toBe(
      'CreditNote_CN-26-27-000001.pdf',
    );
  });
});
