// The counter's journey through the gateway with every service: a customer books a visit, the desk
// opens the cash drawer, checks the visit out from the appointments list, adds a product and a tip,
// takes part cash (with change) and the rest on the card terminal, and completes the sale; billing
// issues the tax invoice in the background and notification emails its PDF, read back with pdftotext.
// A product returned in cash leaves a credit note; the drawer closes a rupee short; GSTR-1 of the
// month carries what billing issued.
// Needs STACK_SERVICES to include identity, catalogue, booking, commerce, billing and notification.
import { splitInclusive } from '@spa/rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  ApiFailure,
  bookCash,
  isoDateOf,
  openSignedIn,
  prepareBookingStack,
  serviceNamed,
  quietStartsToday,
  shiftInBooking,
  signIn,
  spaDay,
  verifiedCustomer,
  type CatalogueService,
  type Session,
} from './support/booking.js';
import { launchBrowser, newPage } from './support/browser.js';
import { emailAttachment, waitForEmail, type InboxEmail } from './support/inbox.js';
import { pdfText } from './support/pdf.js';
import { screenshot } from './support/session.js';

/** Polls until the assertion holds; generous, as the machine is shared and billing works in the background. */
const poll = <T>(read: () => Promise<T> | T, timeout = 30_000) =>
  expect.poll(read, { timeout, interval: 200 });

interface SaleLine {
  id: string;
  kind: 'service' | 'product' | 'addon' | 'tip';
  itemId: string | null;
  name: string;
  taxCode: string;
  gstBp: number;
  quantity: number;
  totalPaise: number;
  employeeId: string | null;
  employeeName: string;
}

interface Sale {
  id: string;
  status: string;
  lines: SaleLine[];
  tenders: Array<{
    method: string;
    status: string;
    amountPaise: number;
    cashReceivedPaise: number;
    changePaise: number;
    reference: string;
  }>;
  totalPaise: number;
  tipPaise: number;
  paidPaise: number;
  balancePaise: number;
}

interface DocumentSummary {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  issueDate: string;
  originalDocumentId: string | null;
  originalNumber: string | null;
  b2b: boolean;
  supplierStateCode: string;
  placeOfSupply: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  tipPaise: number;
  totalPaise: number;
}

interface DocumentDetail extends DocumentSummary {
  lines: Array<{
    kind: string;
    gstBp: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }>;
}

interface Shift {
  id: string;
  expectedCashPaise: number;
}

interface Gstr1 {
  b2cs?: Array<{
    sply_ty: string;
    pos: string;
    rt: number;
    txval: number;
    camt?: number;
    samt?: number;
    iamt?: number;
  }>;
  hsn?: { hsn_b2b?: Array<{ hsn_sc: string }>; hsn_b2c?: Array<{ hsn_sc: string; rt: number }> };
  doc_issue?: { doc_det: Array<{ doc_typ: string; docs: Array<{ from: string; to: string }> }> };
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** Paise as the desk types them into a rupee field. */
const typed = (paise: number) => (paise / 100).toFixed(2);
/** The portal's rupees (numbers with 2 decimals) back in paise. */
const paiseOf = (value: number | undefined) => Math.round((value ?? 0) * 100);
/** 123456 → "₹1,234.56", as the screens and the documents show it (en-IN currency). */
const shown = (paise: number) => rupees.format(paise / 100);

/**
 * Where the visit is moved to be the customer's visit of today (check-in belongs to the appointment's
 * day): the fourth quiet start of the day. The reviews journey takes the first two; a slot between
 * keeps a longer treatment clear, so two journeys of one stack never book the therapist twice at once.
 */
function todaysStart(): number {
  return quietStartsToday()[3]!;
}

let browser: Browser;
let admin: Session;
let therapist: Session;
let deepTissue: CatalogueService;
let current: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
  therapist = await signIn('therapist@spa.local', 'Staff@12345');
  deepTissue = await serviceNamed('Deep Tissue Massage');
  await prepareBookingStack(admin, deepTissue, {
    categoryName: 'Massage Therapies',
    employeeName: 'Anjali Patel',
  });
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && current && !current.isClosed())
    await screenshot(current, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  if (current && !current.isClosed()) await current.context().close();
  current = undefined;
});

const staffGet = <T>(path: string) => api<T>('GET', path, undefined, admin.token);

async function documentsOf(saleId: string, kind: DocumentSummary['kind']): Promise<DocumentSummary[]> {
  const { documents } = await staffGet<{ documents: DocumentSummary[] }>(
    `/tax-documents?saleId=${saleId}&kind=${kind}`,
  );
  return documents;
}

/** The one document billing issued for the sale, once it has (it works from the sale's event). */
async function issued(saleId: string, kind: DocumentSummary['kind']): Promise<DocumentSummary> {
  await poll(async () => (await documentsOf(saleId, kind)).length).toBe(1);
  return (await documentsOf(saleId, kind))[0]!;
}

async function pdfOf(email: InboxEmail): Promise<string> {
  const pdf = email.attachments?.find((attachment) => attachment.contentType === 'application/pdf');
  expect(pdf, `a PDF attached to "${email.subject}"`).toBeDefined();
  const bytes = await emailAttachment(email, pdf!.generatedFileName);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(bytes);
}

/** A visit of today for the customer, Arrived, with a therapist (what the desk's check-in leaves). */
async function arrivedVisit(customer: Session): Promise<{ id: string; code: string }> {
  const day = spaDay(83);
  const booked = day.at(16);
  const code = await bookCash(customer, deepTissue, booked, 'Silver');
  await shiftInBooking(code, booked, todaysStart());
  const { appointments } = await staffGet<{
    appointments: Array<{ id: string; appointmentId: string; employee?: { id?: string } | null }>;
  }>(`/appointments/calendar?date=${isoDateOf(spaDay(0))}`);
  const visit = appointments.find((each) => each.appointmentId === code);
  expect(visit, `${code} on today's calendar`).toBeDefined();
  // Booked for a quiet hour the booking may have found nobody on shift: the therapist is the desk's.
  await api(
    'POST',
    `/appointments/${visit!.id}/assign-employee`,
    { employeeId: therapist.user.id },
    admin.token,
  ).catch((error: unknown) => {
    if (!(error instanceof ApiFailure && error.body?.code === 'EMPLOYEE_BUSY' && visit!.employee?.id))
      throw error;
  });
  await api('PUT', `/appointments/${visit!.id}/check-in`, { status: 'Arrived' }, admin.token);
  return { id: visit!.id, code };
}

/** The drawer opened with a float from the drawer's own screen. */
async function openDrawer(page: Page, floatPaise: number): Promise<Shift> {
  await openSignedIn(page, admin, '/dashboard/counter/drawer');
  await page.getByRole('heading', { name: 'Cash drawer', level: 1 }).waitFor();
  const form = page.getByRole('form', { name: 'Open the drawer' });
  await form.getByLabel('Opening float (₹)').fill(typed(floatPaise));
  await form.getByRole('button', { name: 'Open drawer' }).click();
  await page.getByText(`Float ${shown(floatPaise)}`).waitFor();
  const { shift } = await staffGet<{ shift: Shift | null }>('/counter/drawer');
  expect(shift?.expectedCashPaise).toBe(floatPaise);
  return shift!;
}

/** "Check out" on the visit's card in the appointments list opens its sale at the counter. */
async function checkOut(page: Page, code: string): Promise<string> {
  await page.goto('/dashboard?tab=appointments');
  await page.getByPlaceholder('Search by appointment ID, customer or service').fill(code);
  const card = page.locator('.adm-apt', { hasText: code });
  await poll(() => page.locator('.adm-apt').count()).toBe(1);
  await card.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(/\/dashboard\/counter\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The product (picked by searching the catalogue) and a tip for the visit's therapist, saved. */
async function addProductAndTip(page: Page, productName: string, tipPaise: number): Promise<Sale> {
  const add = page.getByRole('group', { name: 'Add to the sale' });
  await add.getByRole('button', { name: '+ Product' }).click();
  await page.getByLabel('Find a product').fill(productName);
  await page
    .locator('.counter-picker__results')
    .getByRole('button', { name: new RegExp(`^${productName}`) })
    .click();
  await page.locator('.counter-line--product', { hasText: productName }).waitFor();

  await add.getByRole('button', { name: '+ Tip' }).click();
  const tipForm = page.getByRole('form', { name: 'Add a tip' });
  // The visit's therapist is offered first, and chosen.
  await poll(() => tipForm.getByLabel('Therapist').locator('option:checked').textContent()).toBe(
    'Anjali Patel',
  );
  await tipForm.getByLabel('Tip (₹, no GST)').fill(typed(tipPaise));
  await tipForm.getByRole('button', { name: 'Add tip' }).click();
  await page.locator('.counter-line--tip', { hasText: 'For Anjali Patel' }).waitFor();

  await page.getByText('Unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('All changes saved').waitFor();
  return await staffGet<Sale>(`/counter/sales/${saleIdOf(page)}`);
}

const saleIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** Part in cash (more handed over, the change shown), the rest on the card terminal; then complete. */
async function payTwoWays(page: Page, sale: Sale, cashPaise: number, reference: string): Promise<Sale> {
  const form = page.getByRole('form', { name: 'Take a payment' });
  const handed = cashPaise + 50_000;
  expect(await form.getByLabel('Amount (₹)').inputValue()).toBe(
    typed(sale.balancePaise).replace(/\.00$/, ''),
  );
  await form.getByLabel('Amount (₹)').fill(typed(cashPaise));
  await form.getByLabel('Cash received (₹)').fill(typed(handed));
  await poll(() => form.locator('.counter-change').textContent()).toBe(`Give back ${shown(50_000)}`);
  await form.getByText(`Change due: ${shown(50_000)}`).waitFor();
  await form.getByRole('button', { name: 'Take cash' }).click();
  const tenders = page.locator('.counter-tenders');
  await poll(() => tenders.textContent()).toContain(`received ${shown(handed)}, change ${shown(50_000)}`);

  const rest = sale.totalPaise - cashPaise;
  await poll(() => form.getByLabel('Amount (₹)').inputValue()).toBe(typed(rest).replace(/\.00$/, ''));
  await form
    .getByRole('group', { name: 'Payment method' })
    .getByRole('button', { name: 'Card terminal' })
    .click();
  await form.getByLabel('Terminal reference').fill(reference);
  await form.getByRole('button', { name: 'Take card terminal' }).click();
  await poll(() => tenders.textContent()).toContain(reference);
  await poll(() => page.locator('.counter-totals__balance dd').textContent()).toBe(shown(0));

  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.locator('.cat-badge', { hasText: 'completed' }).waitFor();
  return await staffGet<Sale>(`/counter/sales/${sale.id}`);
}

/** The invoice as billing must have issued it: each taxed line split inside the state, the tip apart. */
function expectedInvoice(sale: Sale) {
  const taxed = sale.lines.filter((line) => line.kind !== 'tip');
  const splits = taxed.map((line) => splitInclusive(line.totalPaise, line.gstBp, true));
  const sum = (pick: (split: (typeof splits)[number]) => number) =>
    splits.reduce((total, split) => total + pick(split), 0);
  return {
    taxablePaise: sum((split) => split.taxable),
    cgstPaise: sum((split) => split.cgst),
    sgstPaise: sum((split) => split.sgst),
    tipPaise: sale.tipPaise,
    totalPaise: sale.totalPaise,
  };
}

/** The month's GST documents of billing's own (invoices and credit notes), with their lines. */
async function documentsOfMonth(from: string, to: string): Promise<DocumentDetail[]> {
  const summaries: DocumentSummary[] = [];
  for (let page = 1; ; page++) {
    const answer = await staffGet<{ documents: DocumentSummary[]; pages: number }>(
      `/tax-documents?from=${from}&to=${to}&limit=100&page=${page}`,
    );
    summaries.push(...answer.documents);
    if (page >= answer.pages) break;
  }
  return Promise.all(summaries.map((summary) => staffGet<DocumentDetail>(`/tax-documents/${summary.id}`)));
}

/**
 * Σ (taxable value + tax) of what GSTR-1 reports as B2C small supplies: the month's invoices without
 * a GSTIN (an inter-state one above ₹1 lakh is reported on its own), net of their credit notes, taxed
 * lines only (a tip is no supply of the spa's; a 0% line is nil-rated), plus the manual bills of the
 * month, which share the invoice series (each worth its lines' total less its discount).
 */
async function b2csValueOfMonth(month: string): Promise<number> {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const from = `${month}-01`;
  const to = `${month}-${String(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()).padStart(2, '0')}`;
  const documents = await documentsOfMonth(from, to);
  const valueOf = (document: DocumentDetail) =>
    document.lines
      .filter((line) => line.kind !== 'tip' && line.gstBp > 0)
      .reduce(
        (total, line) => total + line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise,
        0,
      );
  const large = new Set(
    documents
      .filter(
        (document) =>
          document.kind === 'invoice' &&
          document.placeOfSupply !== document.supplierStateCode &&
          valueOf(document) > 100_000_00,
      )
      .map((document) => document.number),
  );
  let total = 0;
  for (const document of documents) {
    if (document.b2b || large.has(document.number) || large.has(document.originalNumber ?? '')) continue;
    total += (document.kind === 'invoice' ? 1 : -1) * valueOf(document);
  }
  for (let page = 1; ; page++) {
    const answer = await staffGet<{
      bills: Array<{ subTotal: number; discountAmount: number }>;
      total: number;
      pageSize: number;
    }>(`/bills?startDate=${from}&endDate=${to}&pageSize=100&page=${page}`);
    for (const bill of answer.bills) total += paiseOf(bill.subTotal) - paiseOf(bill.discountAmount);
    if (page * answer.pageSize >= answer.total) break;
  }
  return total;
}

const b2csValue = (gstr1: Gstr1) =>
  (gstr1.b2cs ?? []).reduce(
    (total, row) => total + paiseOf(row.txval) + paiseOf(row.camt) + paiseOf(row.samt) + paiseOf(row.iamt),
    0,
  );

const inRange = (number: string, range: { from: string; to: string }) =>
  number.replace(/\d+$/, '') === range.from.replace(/\d+$/, '') && range.from <= number && number <= range.to;

describe('the counter', () => {
  it('checks a visit out with a product, a tip and two tenders; emails the invoice; refunds the product; closes the drawer; files GSTR-1', async () => {
    const run = Date.now().toString(36);
    const customer = await verifiedCustomer(`Meera Counter ${run}`, 'Lotus-garden-42');
    const visit = await arrivedVisit(customer);
    const productName = 'Sandalwood Essential Oil';
    const floatPaise = 2_000_00;
    const tipPaise = 200_00;
    const cashPaise = 1_000_00;
    const reference = `TID-${run}`.toUpperCase();

    const opened = await newPage(browser);
    const { page, problems } = opened;
    current = page;
    const shift = await openDrawer(page, floatPaise);

    // Checkout: the visit's treatment is on the sale already; a product and a tip are the desk's.
    const saleId = await checkOut(page, visit.code);
    await page.locator('.counter-line--service').waitFor();
    const saved = await addProductAndTip(page, productName, tipPaise);
    const service = saved.lines.find((line) => line.kind === 'service')!;
    const product = saved.lines.find((line) => line.kind === 'product')!;
    const tip = saved.lines.find((line) => line.kind === 'tip')!;
    expect(service.employeeId).toBe(therapist.user.id);
    expect(product).toMatchObject({ name: productName, quantity: 1 });
    expect(product.taxCode).toMatch(/^\d{4,8}$/);
    expect(tip).toMatchObject({ employeeId: therapist.user.id, totalPaise: tipPaise, gstBp: 0 });
    expect(saved.totalPaise).toBe(service.totalPaise + product.totalPaise + tipPaise);
    await screenshot(page, 'counter-sale');

    const sale = await payTwoWays(page, saved, cashPaise, reference);
    expect(sale).toMatchObject({ status: 'completed', paidPaise: sale.totalPaise, balancePaise: 0 });
    expect(
      sale.tenders.map(({ method, status, amountPaise, cashReceivedPaise, changePaise }) => ({
        method,
        status,
        amountPaise,
        ...(method === 'cash' ? { cashReceivedPaise, changePaise } : {}),
      })),
    ).toEqual([
      {
        method: 'cash',
        status: 'paid',
        amountPaise: cashPaise,
        cashReceivedPaise: cashPaise + 50_000,
        changePaise: 50_000,
      },
      { method: 'card_terminal', status: 'paid', amountPaise: sale.totalPaise - cashPaise },
    ]);

    // Billing's invoice, as the screen shows it once issued, and as emailed to the customer.
    const invoice = await issued(saleId, 'invoice');
    const expected = expectedInvoice(sale);
    expect(invoice).toMatchObject(expected);
    await page.locator('.counter-invoice', { hasText: invoice.number }).waitFor();
    await screenshot(page, 'counter-completed');
    const invoiceEmail = await waitForEmail(
      customer.user.email,
      new RegExp(`^Your tax invoice ${invoice.number.replaceAll('/', '\\/')} `),
      {
        timeoutMs: 45_000,
      },
    );
    const invoiceText = await pdfOf(invoiceEmail);
    const productSplit = splitInclusive(product.totalPaise, product.gstBp, true);
    const half = (line: SaleLine) => `${line.gstBp / 200}%`;
    for (const text of [
      'TAX INVOICE',
      `Invoice No.: ${invoice.number}`,
      'Intra-state: CGST + SGST',
      // The product's row: HSN, quantity, price, taxable value and the two halves of its GST.
      `${productName} ${product.taxCode} 1 ${shown(product.totalPaise)} ${shown(0)} ` +
        `${shown(productSplit.taxable)} ${half(product)} ${shown(productSplit.cgst)} ` +
        `${half(product)} ${shown(productSplit.sgst)} ${shown(product.totalPaise)}`,
      `${service.name} ${service.taxCode} 1 ${shown(service.totalPaise)}`,
      // The taxed lines' sum leaves the tip out; the tip is printed apart, not taxable.
      `Total ${shown(expected.taxablePaise)} ${shown(expected.cgstPaise)} ${shown(expected.sgstPaise)} ` +
        shown(sale.totalPaise - tipPaise),
      `Tip (not taxable): ${tip.name} · ${shown(tipPaise)}`,
      `Taxable value ${shown(expected.taxablePaise)}`,
      `CGST ${shown(expected.cgstPaise)}`,
      `SGST ${shown(expected.sgstPaise)}`,
      `Tip (not taxable) ${shown(tipPaise)}`,
      `Total ${shown(sale.totalPaise)}`,
      `Cash: ${shown(cashPaise)}`,
      `Card (terminal): ${shown(sale.totalPaise - cashPaise)} · Ref. ${reference}`,
    ])
      expect(invoiceText).toContain(text);
    const table = invoiceText.slice(
      invoiceText.indexOf('# Description'),
      invoiceText.indexOf(`Total ${shown(expected.taxablePaise)}`),
    );
    expect(table).toContain(productName);
    expect(table, 'the tip is no row of the taxed lines').not.toContain(tip.name);
    expect(expected.taxablePaise + expected.cgstPaise + expected.sgstPaise + tipPaise).toBe(sale.totalPaise);

    // The product comes back: refunded in cash and restocked, through the sale's Refund dialog.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel(`Refund quantity of ${productName}`).fill('1');
    expect(await dialog.getByLabel('Money goes back by').inputValue()).toBe('cash');
    await dialog.getByLabel('Reason').fill('Sealed bottle returned');
    expect(
      await dialog.getByRole('checkbox', { name: 'Put returned products back in stock' }).isChecked(),
    ).toBe(true);
    await dialog.getByRole('button', { name: `Refund about ${shown(product.totalPaise)}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    const creditNote = await issued(saleId, 'credit_note');
    expect(creditNote.number).toMatch(/^CN\//);
    expect(creditNote).toMatchObject({
      totalPaise: product.totalPaise,
      originalDocumentId: invoice.id,
      originalNumber: invoice.number,
      tipPaise: 0,
    });
    expect(creditNote).toMatchObject({
      taxablePaise: productSplit.taxable,
      cgstPaise: productSplit.cgst,
      sgstPaise: productSplit.sgst,
    });
    const creditEmail = await waitForEmail(
      customer.user.email,
      new RegExp(`^Credit note ${creditNote.number.replaceAll('/', '\\/')} for invoice`),
      { timeoutMs: 45_000 },
    );
    expect(creditEmail.subject).toContain(invoice.number);
    const creditText = await pdfOf(creditEmail);
    for (const text of ['CREDIT NOTE', creditNote.number, `against invoice ${invoice.number}`, productName])
      expect(creditText).toContain(text);

    // The drawer: float + the cash sale − the cash refund expected; counted a rupee short, explained.
    const expectedCash = floatPaise + cashPaise - product.totalPaise;
    const { shift: live } = await staffGet<{ shift: Shift | null }>('/counter/drawer');
    expect(live).toMatchObject({ id: shift.id, expectedCashPaise: expectedCash });
    await page.goto('/dashboard/counter/drawer');
    const closing = page.getByRole('region', { name: 'Close the drawer' });
    await closing.getByText(`Expected: ${shown(expectedCash)}`).waitFor();
    await closing.getByLabel('Cash counted (₹)').fill(typed(expectedCash - 100));
    await closing.getByText(`Short by ${shown(100)}`).waitFor();
    const note = `One rupee coin missing ${run}`;
    await closing.getByLabel('Note').fill(note);
    await closing.getByRole('button', { name: 'Close the drawer' }).click();

    const past = page.locator('.counter-shifts li', { hasText: note });
    await poll(() => past.textContent()).toMatch(new RegExp(`difference [-−]${shown(100)}`));
    await past.getByRole('button', { name: 'Z report' }).click();
    const zReport = past.getByRole('region', { name: 'Shift Z report' });
    const row = (label: string) => zReport.locator('dt', { hasText: label }).locator('+ dd');
    await poll(() => row('Sales (1)').textContent()).toBe(shown(sale.totalPaise));
    expect(await row('of which tips').textContent()).toBe(shown(tipPaise));
    expect(
      await zReport
        .locator('dt', { hasText: /^Cash$/ })
        .locator('+ dd')
        .textContent(),
    ).toBe(shown(cashPaise));
    expect(await row('Card terminal').textContent()).toBe(shown(sale.totalPaise - cashPaise));
    expect(await row('Refunds (1)').textContent()).toBe(shown(product.totalPaise));
    expect(await row('of which cash').textContent()).toBe(shown(product.totalPaise));
    expect(await row('Expected cash').textContent()).toBe(shown(expectedCash));
    expect(await row('Difference').textContent()).toMatch(new RegExp(`^[-−]${shown(100)}$`));
    await screenshot(page, 'counter-drawer-closed');

    // GSTR-1 of the month: the invoice and the credit note in their series, their codes in the HSN
    // summary, and B2C small supplies worth what billing issued this month.
    const month = invoice.issueDate.slice(0, 7);
    const gstr1 = () => staffGet<Gstr1>(`/admin/reports/gstr1?month=${month}&format=json`);
    const filed = await gstr1();
    const series = (type: string) =>
      filed.doc_issue?.doc_det.find((group) => group.doc_typ === type)?.docs ?? [];
    expect(series('Invoices for outward supply').some((range) => inRange(invoice.number, range))).toBe(true);
    expect(series('Credit Note').some((range) => inRange(creditNote.number, range))).toBe(true);
    const codes = (filed.hsn?.hsn_b2c ?? []).map((hsnRow) => hsnRow.hsn_sc);
    expect(codes).toEqual(expect.arrayContaining([service.taxCode, product.taxCode]));
    expect(filed.b2cs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sply_ty: 'INTRA',
          pos: invoice.supplierStateCode,
          rt: service.gstBp / 100,
        }),
      ]),
    );
    // Other journeys may issue documents meanwhile: both sides are read again until they agree.
    await poll(async () => {
      const [report, documents] = await Promise.all([gstr1(), b2csValueOfMonth(month)]);
      return b2csValue(report) - documents;
    }).toBe(0);

    expect(problems).toEqual([]);
  }, 110_000);
});
