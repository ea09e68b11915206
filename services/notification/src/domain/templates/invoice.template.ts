import type { billingV1 } from '@spa/proto';
import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate, type ComposedEmail, type TemplateContext } from '../email-template.js';
import { emailAddress, InvalidEmailData } from '../html.js';
import { greetingFor } from './greeting.js';

type Bill = billingV1.Bill;

/** An edit re-sends the invoice only when the customer would want the new copy: a new address, new money. */
const RESEND_ON = new Set([
  'email',
  'services',
  'products',
  'discountPercent',
  'advanceAmount',
  'totalPrice',
]);

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const formatPaise = (paise: bigint) => rupees.format(Number(paise) / 100);

/** "Invoice_INV-26-27-000123.pdf", the name billing's download uses too. */
export const invoiceFileName = (invoiceNumber: string) => `Invoice_${invoiceNumber.replaceAll('/', '-')}.pdf`;

const hasEmail = (bill: Bill | undefined): bill is Bill => Boolean(bill?.email.trim());

function billOf(payload: { bill?: Bill }): Bill {
  if (!payload.bill) throw new InvalidEmailData('The bill event carries no bill');
  return payload.bill;
}

/** The PDF as billing renders it now. A bill that no longer exists cannot be sent; anything else is retried. */
async function invoicePdf(context: TemplateContext, bill: Bill): Promise<Buffer> {
  const pdf = await context.invoices.pdfOf(bill.billId);
  if (!pdf) throw new InvalidEmailData(`Bill ${bill.billId} no longer exists`);
  return pdf;
}

async function invoiceEmail(bill: Bill, context: TemplateContext, revised: boolean): Promise<ComposedEmail> {
  const pdf = await invoicePdf(context, bill);
  const details = [
    { label: 'Invoice number', value: bill.invoiceNumber },
    { label: 'Date', value: bill.billDate },
    { label: 'Payment method', value: bill.paymentMethod },
  ];
  if (bill.advancePaise > 0n) details.push({ label: 'Advance paid', value: formatPaise(bill.advancePaise) });
  details.push({ label: 'Total', value: formatPaise(bill.totalPaise) });
  return {
    to: { address: emailAddress(bill.email), name: bill.customerName },
    subject: revised
      ? `Your updated invoice ${bill.invoiceNumber} from ${brand.name}`
      : `Your invoice ${bill.invoiceNumber} from ${brand.name}`,
    content: {
      preview: `Invoice ${bill.invoiceNumber}: ${formatPaise(bill.totalPaise)}`,
      heading: revised ? 'Your updated invoice' : 'Thank you for your visit',
      greeting: greetingFor(bill.customerName),
      paragraphs: [
        revised
          ? `Your invoice ${bill.invoiceNumber} has been updated. The corrected tax invoice is attached as a PDF; it replaces the copy we sent before.`
          : `Thank you for visiting ${brand.name}. Your tax invoice ${bill.invoiceNumber} is attached as a PDF for your records.`,
      ],
      details,
      notes: [
        'Please keep this invoice for your records; it shows the GST charged on each service and product.',
        `Questions about your bill? Call us on ${brand.phone} or write to ${brand.email}.`,
      ],
    },
    attachments: [
      { filename: invoiceFileName(bill.invoiceNumber), content: pdf, contentType: 'application/pdf' },
    ],
  };
}

export const invoiceIssuedTemplate = defineTemplate({
  event: events.billIssued,
  wanted: (payload) => hasEmail(payload.bill),
  recipient: (payload) => ({
    address: emailAddress(billOf(payload).email),
    name: billOf(payload).customerName,
  }),
  compose: (payload, context) => invoiceEmail(billOf(payload), context, false),
});

export const invoiceUpdatedTemplate = defineTemplate({
  event: events.billUpdated,
  wanted: (payload) => hasEmail(payload.bill) && payload.changedFields.some((field) => RESEND_ON.has(field)),
  recipient: (payload) => ({
    address: emailAddress(billOf(payload).email),
    name: billOf(payload).customerName,
  }),
  compose: (payload, context) => invoiceEmail(billOf(payload), context, true),
});
