import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { EventConsumer, OutboxRelay } from '@spa/kit';
import { eventually, outboxSent, signTestToken } from '@spa/kit/testing';
import { events, type commerceV1 } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentPdfQueue } from '../src/document-worker.js';
import { billingTopics } from '../src/events/publishes.js';
import { subscriptions } from '../src/events/subscriptions.js';
import { recoverBills } from '../src/use-cases/recover-bills.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

const run = promisify(execFile);

let world: BillingWorld;
let consumer: EventConsumer;
let relay: OutboxRelay;
let scratch: string;

beforeAll(async () => {
  world = await startBillingWorld('taxdocs', { readModels: true, worker: true });
  world.deps.documentPdfs = createDocumentPdfQueue(world.deps.config, world.deps.logger);
  // Billing's own consumer group, as runService starts it with the service's subscriptions.
  consumer = new EventConsumer({
    name: 'billing',
    db: world.deps.db,
    bus: world.deps.bus,
    logger: world.deps.logger,
    subscriptions: subscriptions(world.deps),
  });
  await consumer.start();
  // Billing's own events go to Kafka too: the recovery at start reads its documents back.
  await world.deps.bus.ensureTopics(billingTopics);
  relay = new OutboxRelay({
    pool: world.deps.database.pool,
    bus: world.deps.bus,
    logger: world.deps.logger,
    pollIntervalMs: 50,
  });
  relay.start();
  scratch = await mkdtemp(join(tmpdir(), 'tax-documents-'));
}, 120_000);

afterAll(async () => {
  await consumer?.stop();
  await relay?.stop({ flush: false });
  await world?.deps.documentPdfs?.close();
  await world?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

interface DocumentRow {
  id: string;
  kind: string;
  number: string;
  source_kind: string;
  source_id: string;
  place_of_supply: string;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  tip_paise: number;
  total_paise: number;
  taxable_paise: number;
  original_document_id: string | null;
}

async function documentsOf(sourceId: string): Promise<DocumentRow[]> {
  const { rows } = await world.deps.database.pool.query<DocumentRow>(
    'select * from tax_documents where source_id = $1 order by number',
    [sourceId],
  );
  return rows;
}

/** Waits until the source has its document (the consumer handles the event in the background). */
async function documentOf(sourceId: string): Promise<DocumentRow> {
  let found: DocumentRow | undefined;
  await eventually(
    async () => {
      [found] = await documentsOf(sourceId);
      if (!found) throw new Error(`no document for ${sourceId} yet`);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  return found!;
}

/** Waits until every event emitted so far is handled by billing's own group. */
async function handled(ids: string[]): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await world.deps.database.pool.query<{ n: number }>(
        `select count(*)::int as n from inbox where consumer = 'billing' and event_id::text = any($1::text[])`,
        [ids],
      );
      if (rows[0]!.n !== ids.length) throw new Error(`${rows[0]!.n} of ${ids.length} handled`);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const file = join(scratch, `${name}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.replace(/[ \t]+/g, ' ');
}

const completedAt = timestampFromDate(new Date());
const customerId = 'c0000000-0000-4000-8000-0000000000aa';

function sale(saleId: string): MessageInitShape<typeof commerceV1.SaleSchema> {
  return {
    saleId,
    customerId,
    customerName: 'Asha Verma',
    customerEmail: 'asha@example.test',
    lines: [
      {
        lineId: `${saleId}-massage`,
        kind: 'service',
        name: 'Swedish Massage · 60 Min',
        taxCode: '999723',
        gstBp: 1800,
        quantity: 1,
        unitPricePaise: 2_950_00n,
        totalPaise: 2_950_00n,
        employeeName: 'Meera',
      },
      {
        lineId: `${saleId}-oil`,
        kind: 'product',
        name: 'Lavender Oil',
        taxCode: '3301',
        gstBp: 1800,
        quantity: 2,
        unitPricePaise: 590_00n,
        totalPaise: 1_180_00n,
      },
      {
        lineId: `${saleId}-tip`,
        kind: 'tip',
        name: 'Tip · Meera',
        quantity: 1,
        unitPricePaise: 200_00n,
        totalPaise: 200_00n,
      },
    ],
    tenders: [
      { tenderId: 't1', method: 'cash', amountPaise: 3_000_00n },
      { tenderId: 't2', method: 'card_terminal', amountPaise: 1_330_00n, reference: 'TERM-42' },
    ],
    totalPaise: 4_330_00n,
    tipPaise: 200_00n,
    paidPaise: 4_330_00n,
    status: 'completed',
    completedAt,
  };
}

function order(orderId: string, state: string, paymentMethod: 'ONLINE' | 'COD') {
  return {
    orderId,
    customerId,
    customerEmail: 'asha@example.test',
    customerName: 'Asha Verma',
    paymentMethod,
    status: 'paid',
    items: [
      {
        id: `${orderId}-1`,
        productId: 'p1',
        name: 'Lavender Essential Oil',
        quantity: 2,
        unitPricePaise: 590_00n,
        lineTotalPaise: 1_180_00n,
      },
    ],
    itemsPricePaise: 1_180_00n,
    totalPricePaise: 1_180_00n,
    shippingAddress: {
      fullName: 'Asha Verma',
      state,
      city: 'x',
      address: 'y',
      postalCode: '1',
      country: 'India',
    },
    isPaid: true,
    paidAt: completedAt,
    deliveredAt: completedAt,
  };
}

describe('tax documents from commerce events', () => {
  let saleInvoiceId = '';

  it('one invoice per sale even when its event comes twice; the tip untaxed, CGST + SGST in the state', async () => {
    const emit = world.upstream.emit;
    const first = await emit('commerce', events.saleCompleted, 'sale-a', { sale: sale('sale-a') });
    const again = await emit('commerce', events.saleCompleted, 'sale-a', { sale: sale('sale-a') });
    await handled([first.id, again.id]);
    const documents = await documentsOf('sale-a');
    expect(documents).toHaveLength(1);
    const invoice = documents[0]!;
    saleInvoiceId = invoice.id;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      place_of_supply: '23',
      igst_paise: 0,
      tip_paise: 20000,
    });
    expect(Number(invoice.taxable_paise)).toBe(2_500_00 + 1_000_00);
    expect(Number(invoice.cgst_paise) + Number(invoice.sgst_paise)).toBe(450_00 + 180_00);
    expect(invoice.number).toMatch(/^INV\/\d{2}-\d{2}\/000001$/);
    const { rows } = await world.deps.database.pool.query(
      `select count(*)::int as n from outbox where event_type = 'billing.document.issued' and key = $1`,
      [invoice.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('the INV series is one gapless series across manual bills and generated invoices', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const bill = await world.call({ method: 'POST', url: '/bills', payload: billForm({ date: today }) });
    expect(bill.statusCode).toBe(201);
    const sent = await world.upstream.emit('commerce', events.saleCompleted, 'sale-b', {
      sale: sale('sale-b'),
    });
    await handled([sent.id]);
    const [invoice] = await documentsOf('sale-b');
    const billNumber = (bill.json() as { invoiceNumber: string }).invoiceNumber;
    expect(billNumber).toMatch(/\/000002$/);
    expect(invoice!.number).toMatch(/\/000003$/);
  });

  it('an order to another state gets IGST, and its delivery after payment no second invoice', async () => {
    const paid = await world.upstream.emit('commerce', events.orderPaid, 'order-ka', {
      order: order('order-ka', 'Karnataka', 'ONLINE'),
      paymentId: 'pay-1',
      providerPaymentId: 'pay_RZP1',
    });
    const delivered = await world.upstream.emit('commerce', events.orderDelivered, 'order-ka', {
      order: { ...order('order-ka', 'Karnataka', 'ONLINE'), status: 'delivered', isDelivered: true },
    });
    await handled([paid.id, delivered.id]);
    const documents = await documentsOf('order-ka');
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      place_of_supply: '29',
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 18000,
    });
  });

  it('a COD order is invoiced when delivered, not when its cash is collected', async () => {
    const collected = await world.upstream.emit('commerce', events.orderPaid, 'order-cod', {
      order: order('order-cod', 'Madhya Pradesh', 'COD'),
      collectedOnDelivery: true,
    });
    await handled([collected.id]);
    expect(await documentsOf('order-cod')).toHaveLength(0);
    await world.upstream.emit('commerce', events.orderDelivered, 'order-cod', {
      order: order('order-cod', 'Madhya Pradesh', 'COD'),
    });
    expect(await documentOf('order-cod')).toMatchObject({ place_of_supply: '23', igst_paise: 0 });
  });

  it('a sale refund issues a credit note against its invoice, in the CN series', async () => {
    await world.upstream.emit('commerce', events.saleRefunded, 'sale-a', {
      refundId: 'refund-a1',
      sale: sale('sale-a'),
      lines: [{ lineId: 'sale-a-oil', quantity: 1, amountPaise: 590_00n }],
      amountPaise: 590_00n,
      method: 'cash',
      reason: 'returned',
      refundedAt: completedAt,
    });
    const note = await documentOf('refund-a1');
    expect(note).toMatchObject({
      kind: 'credit_note',
      original_document_id: saleInvoiceId,
      total_paise: 59000,
    });
    expect(note.number).toMatch(/^CN\/\d{2}-\d{2}\/000001$/);
    const pdf = await world.call({ method: 'GET', url: `/tax-documents/${note.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload, 'credit-note');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toMatch(/against invoice INV\/\d{2}-\d{2}\/000001, dated/);
  });

  it('an order refund read before its invoice is not lost: credited when the invoice is issued', async () => {
    const refunded = await world.upstream.emit('commerce', events.paymentRefunded, 'order-late', {
      refundId: 'refund-o1',
      paymentId: 'pay-2',
      purpose: 'order',
      orderId: 'order-late',
      customerId,
      amountPaise: 590_00n,
      reason: 'admin',
      refundedAt: completedAt,
    });
    await handled([refunded.id]);
    expect(await documentsOf('refund-o1')).toHaveLength(0);
    await world.upstream.emit('commerce', events.orderPaid, 'order-late', {
      order: order('order-late', 'Madhya Pradesh', 'ONLINE'),
      paymentId: 'pay-2',
    });
    const invoice = await documentOf('order-late');
    const note = await documentOf('refund-o1');
    expect(note).toMatchObject({
      kind: 'credit_note',
      original_document_id: invoice.id,
      total_paise: 59000,
    });
  });

  it('the invoice PDF is rendered in the background: tax invoice, tip outside, no IRN needed', async () => {
    let pdf: Buffer | undefined;
    await eventually(
      async () => {
        const { rows } = await world.deps.database.pool.query<{ pdf: Buffer }>(
          'select pdf from tax_document_pdfs where document_id = $1',
          [saleInvoiceId],
        );
        if (!rows[0]) throw new Error('not rendered yet');
        pdf = rows[0].pdf;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const text = await pdfText(pdf!, 'invoice');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Tip (not taxable)');
    expect(text).toContain('IRN: not required (turnover below the e-invoicing threshold)');
    expect(text).toContain('999723');
    expect(text).toContain('Madhya Pradesh (23)');
  }, 90_000);

  it('the 80 mm receipt comes from the same data, with a print stylesheet', async () => {
    const receipt = await world.call({
      method: 'GET',
      url: `/tax-documents/${saleInvoiceId}/receipt`,
      as: 'employee',
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('text/html');
    expect(receipt.body).toContain('size: 80mm');
    expect(receipt.body).toContain('TAX INVOICE');
  });

  it('a customer sees only their own documents; another customer gets 404', async () => {
    const own = await signTestToken({ role: 'user', sub: customerId });
    const other = await signTestToken({ role: 'user' });
    const mine = await world.app.inject({
      url: '/tax-documents?saleId=sale-a',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as { total: number }).total).toBe(2);
    const theirs = await world.app.inject({
      url: '/tax-documents?saleId=sale-a',
      headers: { authorization: `Bearer ${other}` },
    });
    expect((theirs.json() as { total: number }).total).toBe(0);
    const one = await world.app.inject({
      url: `/tax-documents/${saleInvoiceId}`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(one.statusCode).toBe(404);
    const anonymous = await world.call({ url: '/tax-documents', as: 'nobody' });
    expect(anonymous.statusCode).toBe(401);
    const badId = await world.call({ url: '/tax-documents/not-a-uuid' });
    expect(badId.statusCode).toBe(400);
  });

  it('a date of the right shape that is no day is refused with 422, not a database error', async () => {
    for (const query of ['from=0000-00-00', 'to=2026-02-30', 'from=2026-13-01'])
      expect((await world.call({ url: `/tax-documents?${query}` })).statusCode).toBe(422);
    expect((await world.call({ url: '/tax-documents?from=2026-04-01&to=2027-03-31' })).statusCode).toBe(200);
  });

  it('the notification service fetches the PDF internally', async () => {
    const pdf = await world.call({
      url: `/internal/tax-documents/${saleInvoiceId}/document.pdf`,
      as: 'nobody',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('an issued document is never edited: the trigger refuses an UPDATE', async () => {
    await expect(
      world.deps.database.pool.query('update tax_documents set total_paise = total_paise + 1 where id = $1', [
        saleInvoiceId,
      ]),
    ).rejects.toThrow(/never edited/);
  });

  it('a restored database never reuses a document number: both series resume, documents come back', async () => {
    await outboxSent(world.deps.database.pool);
    const sql = (text: string, values: unknown[] = []) => world.deps.database.pool.query(text, values);
    const { rows: before } = await sql(
      `select id, number from tax_documents where kind = 'credit_note' order by number desc limit 1`,
    );
    const newest = before[0] as { id: string; number: string };
    // What restoring an older backup does: the newest credit note and every counter forgotten (the
    // triggers are what keep anything else from deleting a document).
    await sql('alter table tax_document_lines disable trigger tax_document_lines_immutable');
    await sql('alter table tax_documents disable trigger tax_documents_immutable');
    await sql('delete from tax_document_pdfs where document_id = $1', [newest.id]);
    await sql('delete from tax_document_lines where document_id = $1', [newest.id]);
    await sql('delete from tax_documents where id = $1', [newest.id]);
    await sql('alter table tax_documents enable trigger tax_documents_immutable');
    await sql('alter table tax_document_lines enable trigger tax_document_lines_immutable');
    await sql('delete from credit_note_counters');
    await sql('update invoice_counters set last_sequence = 1');

    const recovered = await recoverBills(world.deps);
    expect(recovered.documents.restored).toBe(1);
    const { rows: back } = await sql('select number from tax_documents where id = $1', [newest.id]);
    expect(back).toEqual([{ number: newest.number }]);
    const { rows: counters } = await sql(
      `select (select max(last_sequence) from credit_note_counters) as cn,
              (select max(last_sequence) from invoice_counters) as inv,
              (select max(sequence) from tax_documents where kind = 'invoice') as highest_invoice`,
    );
    expect(counters[0].cn).toBe(Number(newest.number.slice(-6)));
    expect(counters[0].inv).toBe(counters[0].highest_invoice);
  });
});
