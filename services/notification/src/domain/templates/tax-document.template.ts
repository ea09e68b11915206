import { events, type billingV1 } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate, type ComposedEmail, type TemplateContext } from '../email-template.js';
import { emailAddress, InvalidEmailData } from '../html.js';
import { greetingFor } from './greeting.js';

type TaxDocument = billingV1.TaxDocument;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const formatPaise = (paise: bigint) => rupees.format(Number(paise) / 100);

/** "Invoice_INV-26-27-000124.pdf" or "CreditNote_CN-26-27-000007.pdf". */
export const taxDocumentFileName = (document: Pick<TaxDocument, 'kind' | 'number'>) =>
  `${document.kind === 'credit_note' ? 'CreditNote' : 'Invoice'}_${document.number.replaceAll('/', '-')}.pdf`;

function documentOf(payload: { document?: TaxDocument }): TaxDocument {
  const document = payload.document;
  if (!document?.documentId || !document.number)
    throw new InvalidEmailData('The document event carries no document');
  return document;
}

/** The PDF as billing renders it. A document that does not exist cannot be sent; anything else is retried. */
async function documentPdf(context: TemplateContext, document: TaxDocument): Promise<Buffer> {
  const pdf = await context.invoices.pdfOf(document.documentId, 'tax-document');
  if (!pdf) throw new InvalidEmailData(`Tax document ${document.documentId} does not exist`);
  return pdf;
}

function invoiceContent(document: TaxDocument): Omit<ComposedEmail, 'to' | 'attachments'> {
  const order = document.sourceKind === 'order';
  const gst = document.cgstPaise + document.sgstPaise + document.igstPaise;
  const details = [
    { label: 'Invoice number', value: document.number },
    { label: 'Date', value: document.issueDate },
    { label: 'Taxable value', value: formatPaise(document.taxablePaise) },
    { label: 'GST', value: formatPaise(gst) },
  ];
  if (document.tipPaise > 0n) details.push({ label: 'Tip', value: formatPaise(document.tipPaise) });
  details.push({ label: 'Total', value: formatPaise(document.totalPaise) });
  if (document.balancePaise > 0n)
    details.push({ label: 'Balance due', value: formatPaise(document.balancePaise) });
  return {
    subject: `Your tax invoice ${document.number} from ${brand.name}`,
    content: {
      preview: `Tax invoice ${document.number}: ${formatPaise(document.totalPaise)}`,
      heading: order ? 'Thank you for your order' : 'Thank you for your visit',
      greeting: greetingFor(document.customerName),
      paragraphs: [
        order
          ? `Thank you for shopping with ${brand.name}. The tax invoice ${document.number} for your order is attached as a PDF for your records.`
          : `Thank you for visiting ${brand.name}. Your tax invoice ${document.number} is attached as a PDF for your records.`,
      ],
      details,
      notes: [
        'Please keep this invoice for your records; it shows the GST charged on each service and product.',
        `Questions about your invoice? Call us on ${brand.phone} or write to ${brand.email}.`,
      ],
    },
  };
}

function creditNoteContent(document: TaxDocument): Omit<ComposedEmail, 'to' | 'attachments'> {
  return {
    subject: `Credit note ${document.number} for invoice ${document.originalNumber}`,
    content: {
      preview: `Credit note ${document.number}: ${formatPaise(document.totalPaise)}`,
      heading: 'Your credit note',
      greeting: greetingFor(document.customerName),
      paragraphs: [
        `We have issued credit note ${document.number} against your tax invoice ${document.originalNumber} for the amount refunded to you. It is attached as a PDF for your records.`,
      ],
      details: [
        { label: 'Credit note number', value: document.number },
        { label: 'Against invoice', value: document.originalNumber },
        { label: 'Date', value: document.issueDate },
        { label: 'Amount', value: formatPaise(document.totalPaise) },
      ],
      notes: [
        'Please keep this credit note with your invoice; it shows the GST reversed on what was refunded.',
        `Questions about your refund? Call us on ${brand.phone} or write to ${brand.email}.`,
      ],
    },
  };
}

/**
 * billing.document.issued: the customer's tax invoice (a counter sale, a store order) or credit note
 * (a refund of one), with its PDF, when the document carries an email address. Once per document:
 * billing issues each once, but a document event read again (a rebuilt consumer) sends nothing more.
 */
export const taxDocumentIssuedTemplate = defineTemplate({
  event: events.documentIssued,
  wanted: (payload) => Boolean(payload.document?.customerEmail.trim()),
  sentOnceFor: (payload) => `tax-document:${documentOf(payload).documentId}`,
  recipient: (payload) => ({
    address: emailAddress(documentOf(payload).customerEmail),
    name: documentOf(payload).customerName,
  }),
  async compose(payload, context) {
    const document = documentOf(payload);
    const pdf = await documentPdf(context, document);
    const { subject, content } =
      document.kind === 'credit_note' ? creditNoteContent(document) : invoiceContent(document);
    return {
      to: { address: emailAddress(document.customerEmail), name: document.customerName },
      subject,
      content,
      attachments: [
        { filename: taxDocumentFileName(document), content: pdf, contentType: 'application/pdf' },
      ],
    };
  },
});
