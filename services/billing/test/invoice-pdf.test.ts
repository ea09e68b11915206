import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually, serviceCallHeaders } from '@spa/kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdfs } from '../src/db/schema.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

const run = promisify(execFile);

let world: BillingWorld;
let scratch: string;
beforeAll(async () => {
  world = await startBillingWorld('pdf', { worker: true });
  scratch = await mkdtemp(join(tmpdir(), 'billing-pdf-'));
});
afterAll(async () => {
  await world?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * The text of a PDF as poppler's pdftotext reads it: in layout mode, one string per printed line with
 * runs of spaces collapsed, so a table row reads left to right.
 */
async function pdfLines(pdf: Buffer, name: string): Promise<string[]> {
  const file = join(scratch, `${name}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
}

async function pdfText(pdf: Buffer, name: string): Promise<string> {
  return (await pdfLines(pdf, name)).join('\n');
}

/** The printed line that holds `label`, for checking the figures of one table row. */
function lineWith(lines: string[], label: string): string {
  const line = lines.find((candidate) => candidate.includes(label));
  expect(line, `a line with "${label}"`).toBeDefined();
  return line!;
}

async function pdfFonts(pdf: Buffer, name: string): Promise<string> {
  const file = join(scratch, `${name}-fonts.pdf`);
  await writeFile(file, pdf);
  return (await run('pdffonts', [file])).stdout;
}

async function storedRevision(billId: string): Promise<number | undefined> {
  const [row] = await world.deps.db
    .select({ revision: invoicePdfs.billRevision })
    .from(invoicePdfs)
    .where(eq(invoicePdfs.billId, billId));
  return row?.revision;
}

async function download(billId: string) {
  const response = await world.call({ method: 'GET', url: `/bills/${billId}/download` });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
}

const invoiceForm = billForm({
  name: 'Asha Verma',
  email: 'asha@example.com',
  date: '2026-11-21',
  services: [
    {
      serviceName: 'Swedish Massage',
      duration: '60 Min',
      staffAssigned: 'Meera',
      price: 2500,
      gst: 5,
      discount: 5,
    },
    {
      serviceName: 'Classic Facial',
      duration: '45 Min',
      staffAssigned: '',
      price: 1234.5,
      gst: 18,
      discount: 0,
    },
    {
      serviceName: 'Couples Retreat Package',
      duration: '60 Min',
      staffAssigned: '',
      price: 125000,
      gst: 18,
      discount: 0,
    },
    { serviceName: '', duration: '60 Min', staffAssigned: '', price: 0, gst: 5, discount: 5 },
  ],
  products: [
    { productName: 'Lavender Essential Oil', quantity: 2, unitPrice: 649.99, gst: 5, discount: 5 },
    { productName: 'Herbal Shampoo', quantity: 1, unitPrice: 350, gst: 12, discount: 0 },
  ],
  discountPercent: 5,
  paymentMethod: 'UPI',
  advanceAmount: 500,
});

describe('invoice PDFs', () => {
  it('renders a tax invoice on creation whose text shows the number, every line, CGST and SGST, the total and the words', async () => {
    const created = await world.call({ method: 'POST', url: '/bills', payload: invoiceForm });
    expect(created.statusCode).toBe(201);
    const bill = created.json();
    expect(bill.totalPrice).toBe(145982.23);

    // The BullMQ job renders it in the background; the download then serves the stored file.
    await eventually(async () => expect(await storedRevision(bill._id)).toBe(1), { timeoutMs: 30_000 });
    const response = await download(bill._id);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Invoice_${bill.invoiceNumber.replaceAll('/', '-')}.pdf"`,
    );
    expect(response.headers['x-invoice-pdf']).toBe('stored');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const lines = await pdfLines(response.rawPayload, 'issued');
    const text = lines.join('\n');
    for (const expected of [
      'TAX INVOICE',
      'Aranya Spa & Wellness',
      'Vijay Nagar, Indore, Madhya Pradesh 452010',
      'GSTIN: 23ABCDE1234F1Z8',
      `Invoice No.: ${bill.invoiceNumber}`,
      'Invoice Date: 21/11/2026',
      'Place of Supply: Madhya Pradesh (23)',
      'Asha Verma',
      'Phone: +91 98765 43210',
      'Email: asha@example.com',
      'Customer ID: CUST-0042',
      '60 Min · Staff: Meera',
      'UPI',
      'Rupees One Lakh Forty-Five Thousand Nine Hundred Eighty-Two and Twenty-Three Paise Only',
    ]) {
      expect(text).toContain(expected);
    }
    // Each line: code, quantity, rate, discount, taxable value, CGST and SGST (rate and amount; an odd
    // paisa goes to CGST) and the amount, in Indian digit grouping.
    expect(lineWith(lines, 'Swedish Massage')).toContain(
      'Swedish Massage 999723 1 ₹2,500.00 5% ₹2,375.00 2.5% ₹59.38 2.5% ₹59.37 ₹2,493.75',
    );
    expect(lineWith(lines, 'Classic Facial')).toContain(
      'Classic Facial 999722 1 ₹1,234.50 0% ₹1,234.50 9% ₹111.11 9% ₹111.10 ₹1,456.71',
    );
    expect(lineWith(lines, 'Couples Retreat')).toMatch(
      /Couples Retreat.* 999723 1 ₹1,25,000\.00 0% ₹1,25,000\.00 9% ₹11,250\.00 9% ₹11,250\.00 ₹1,47,500\.00/,
    );
    expect(lineWith(lines, 'Lavender Essential Oil')).toContain(
      'Lavender Essential Oil 3301 2 ₹649.99 5% ₹1,234.98 2.5% ₹30.88 2.5% ₹30.87 ₹1,296.73',
    );
    expect(lineWith(lines, 'Herbal Shampoo')).toContain(
      'Herbal Shampoo 3305 1 ₹350.00 0% ₹350.00 6% ₹21.00 6% ₹21.00 ₹392.00',
    );
    // Column totals (taxable value, CGST, SGST, amount), then the summary.
    expect(lineWith(lines, 'Total ₹')).toContain('Total ₹1,30,194.48 ₹11,472.37 ₹11,472.34 ₹1,53,139.19');
    expect(lineWith(lines, 'Sub total (incl. GST)')).toContain('Sub total (incl. GST) ₹1,53,139.19');
    expect(lineWith(lines, 'Discount (5%)')).toContain('Discount (5%) − ₹7,656.96');
    expect(lineWith(lines, 'Advance amount')).toContain('Advance amount (added) + ₹500.00');
    expect(lines).toContain('Total ₹1,45,982.23');
    // The rupee sign is drawn with a font that has it, embedded in the file.
    expect(await pdfFonts(response.rawPayload, 'issued')).toMatch(/NotoSans|DejaVuSans/);
  });

  it('replaces the stored PDF when the bill changes', async () => {
    const bill = (await world.call({ method: 'POST', url: '/bills', payload: invoiceForm })).json();
    await eventually(async () => expect(await storedRevision(bill._id)).toBe(1), { timeoutMs: 30_000 });

    const edited = {
      ...invoiceForm,
      products: [{ productName: 'Herbal Shampoo', quantity: 4, unitPrice: 350, gst: 12, discount: 0 }],
    };
    const updated = (await world.call({ method: 'PUT', url: `/bills/${bill._id}`, payload: edited })).json();
    expect(updated.revision).toBe(2);
    await eventually(async () => expect(await storedRevision(bill._id)).toBe(2), { timeoutMs: 30_000 });

    const lines = await pdfLines((await download(bill._id)).rawPayload, 'edited');
    expect(lineWith(lines, 'Herbal Shampoo')).toContain(
      'Herbal Shampoo 3305 4 ₹350.00 0% ₹1,400.00 6% ₹84.00 6% ₹84.00 ₹1,568.00',
    );
    expect(lines.join('\n')).not.toContain('Lavender Essential Oil');
    expect(lines.join('\n')).toContain(`Invoice No.: ${bill.invoiceNumber}`);
    expect(lines).toContain(`Total ${'₹1,45,867.54'}`);
  });

  it('renders on demand when a download finds no PDF, or one of an older revision', async () => {
    const bill = (await world.call({ method: 'POST', url: '/bills', payload: invoiceForm })).json();
    await eventually(async () => expect(await storedRevision(bill._id)).toBe(1), { timeoutMs: 30_000 });

    await world.deps.db.delete(invoicePdfs).where(eq(invoicePdfs.billId, bill._id));
    const missing = await download(bill._id);
    expect(missing.headers['x-invoice-pdf']).toBe('rendered');
    expect(await pdfText(missing.rawPayload, 'missing')).toContain(bill.invoiceNumber);
    expect(await storedRevision(bill._id)).toBe(1);

    await world.deps.db.update(invoicePdfs).set({ billRevision: 0 }).where(eq(invoicePdfs.billId, bill._id));
    const stale = await download(bill._id);
    expect(stale.headers['x-invoice-pdf']).toBe('rendered');
    expect(await storedRevision(bill._id)).toBe(1);

    expect((await download(bill._id)).headers['x-invoice-pdf']).toBe('stored');
  });

  it('prints what people typed as text, never as markup', async () => {
    const bill = (
      await world.call({
        method: 'POST',
        url: '/bills',
        payload: billForm({
          name: '<b>Bold</b> & "Co" <img src=x>',
          services: [{ serviceName: '<i>Hot</i> & "Stone"', price: 100 }],
        }),
      })
    ).json();
    const text = await pdfText((await download(bill._id)).rawPayload, 'escaped');
    expect(text).toContain('<b>Bold</b> & "Co" <img src=x>');
    expect(text).toContain('<i>Hot</i> & "Stone"');
  });

  it('serves the same PDF to services inside the deployment, which the gateway never routes to', async () => {
    const bill = (await world.call({ method: 'POST', url: '/bills', payload: invoiceForm })).json();
    await eventually(async () => expect(await storedRevision(bill._id)).toBe(1), { timeoutMs: 30_000 });
    const internal = await world.app.inject({
      method: 'GET',
      url: `/internal/bills/${bill._id}/invoice.pdf`,
      headers: await serviceCallHeaders('notification', 'billing'),
    });
    expect(internal.statusCode).toBe(200);
    expect(internal.headers['content-type']).toBe('application/pdf');
    expect(internal.headers['x-invoice-number']).toBe(bill.invoiceNumber);
    expect(internal.headers['x-bill-revision']).toBe('1');
    expect(internal.rawPayload.equals((await download(bill._id)).rawPayload)).toBe(true);

    const unknown = await world.app.inject({
      method: 'GET',
      url: '/internal/bills/00000000-0000-4000-8000-000000000000/invoice.pdf',
      headers: await serviceCallHeaders('notification', 'billing'),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await world.app.inject({
      method: 'GET',
      url: '/internal/bills/not-a-bill/invoice.pdf',
      headers: await serviceCallHeaders('notification', 'billing'),
    });
    expect(malformed.statusCode).toBe(404);

    // Only notification, signed: anyone else inside the deployment gets a 401, not a customer's invoice.
    for (const headers of [{}, await serviceCallHeaders('commerce', 'billing')]) {
      const refused = await world.app.inject({
        method: 'GET',
        url: `/internal/bills/${bill._id}/invoice.pdf`,
        headers,
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        message: 'This internal route needs a valid service credential.',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('answers 404 for the PDF of an unknown bill', async () => {
    const response = await world.call({
      method: 'GET',
      url: '/bills/00000000-0000-4000-8000-000000000000/download',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Bill not found', code: 'NOT_FOUND' });
  });
});
