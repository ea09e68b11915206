import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EventConsumer } from '@spa/kit';
import { eventually } from '@spa/kit/testing';
import { events, type bookingV1, type commerceV1 } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/events/subscriptions.js';
import { startBillingWorld, type BillingWorld } from './support/billing-world.js';

/*
 * A visit paid online when booked: billing's own consumer group reads the real events (booking's
 * payment status changed, commerce's payment refunded and sale completed) and issues the advance
 * invoice, its credit notes, and at checkout the sale's invoice with the advance superseded.
 */

let world: BillingWorld;
let consumer: EventConsumer;

beforeAll(async () => {
  world = await startBillingWorld('visitdocs', { readModels: true });
  consumer = new EventConsumer({
    name: 'billing',
    db: world.deps.db,
    bus: world.deps.bus,
    logger: world.deps.logger,
    subscriptions: subscriptions(world.deps),
  });
  await consumer.start();
}, 120_000);

afterAll(async () => {
  await consumer?.stop();
  await world?.close();
});

interface DocumentRow {
  id: string;
  kind: string;
  number: string;
  source_kind: string;
  source_id: string;
  original_document_id: string | null;
  taxable_paise: string;
  cgst_paise: string;
  sgst_paise: string;
  igst_paise: string;
  total_paise: string;
}

async function query<Row>(text: string, values: unknown[]): Promise<Row[]> {
  const { rows } = await world.deps.database.pool.query(text, values);
  return rows as Row[];
}

const documentsOf = (sourceKind: string, sourceId: string) =>
  query<DocumentRow>('select * from tax_documents where source_kind = $1 and source_id = $2', [
    sourceKind,
    sourceId,
  ]);

/** Waits until the source has its document (billing's consumer handles the event in the background). */
async function documentOf(sourceKind: string, sourceId: string): Promise<DocumentRow> {
  let found: DocumentRow | undefined;
  await eventually(
    async () => {
      [found] = await documentsOf(sourceKind, sourceId);
      if (!found) throw new Error(`no ${sourceKind} document for ${sourceId} yet`);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  return found!;
}

/** Waits until billing's own group handled these events. */
async function handled(ids: string[]): Promise<void> {
  await eventually(
    async () => {
      const [row] = await query<{ n: number }>(
        `select count(*)::int as n from inbox where consumer = 'billing' and event_id::text = any($1::text[])`,
        [ids],
      );
      if (row!.n !== ids.length) throw new Error(`${row!.n} of ${ids.length} handled`);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

const tax = (document: DocumentRow) =>
  Number(document.cgst_paise) + Number(document.sgst_paise) + Number(document.igst_paise);

const customerId = 'c0000000-0000-4000-8000-0000000000bb';
const now = Date.now();

function appointment(
  id: string,
  overrides: MessageInitShape<typeof bookingV1.AppointmentSchema> = {},
): MessageInitShape<typeof bookingV1.AppointmentSchema> {
  return {
    id,
    appointmentCode: 'APT-20261121-0001',
    status: 'Scheduled',
    paymentStatus: 'Paid',
    paymentMethod: 'online',
    customerId,
    customerName: 'Asha Verma',
    customerEmail: 'asha@example.test',
    serviceName: 'Swedish Massage',
    durationLabel: '60 Min',
    startMs: BigInt(now + 86_400_000),
    endMs: BigInt(now + 90_000_000),
    servicePricePaise: 2_950_00n,
    totalPricePaise: 2_950_00n,
    sacCode: '999722',
    gstBp: 1800,
    createdAtMs: BigInt(now),
    updatedAtMs: BigInt(now),
    ...overrides,
  };
}

/** booking.appointment.payment_status_changed as booking publishes it when a verified payment arrives. */
const paid = (id: string, overrides: MessageInitShape<typeof bookingV1.AppointmentSchema> = {}) =>
  world.upstream.emit('booking', events.appointmentPaymentStatusChanged, id, {
    appointment: appointment(id, overrides),
    previousPaymentStatus: 'Pending',
    changedBy: { id: 'system', name: 'System', role: 'system' },
    providerOrderId: `order_${id}`,
    providerPaymentId: `pay_${id}`,
  });

const refunded = (appointmentId: string, refundId: string, amountPaise: bigint) =>
  world.upstream.emit('commerce', events.paymentRefunded, `payment-${appointmentId}`, {
    refundId,
    paymentId: `payment-${appointmentId}`,
    purpose: 'appointment',
    appointmentId,
    customerId,
    amountPaise,
    reason: 'appointment_cancelled',
    refundedAt: timestampFromDate(new Date()),
  });

/** The visit's sale at the counter: the treatment at its price, what was paid online as a tender. */
function visitSale(saleId: string, appointmentId: string, onlinePaise: bigint) {
  const sale: MessageInitShape<typeof commerceV1.SaleSchema> = {
    saleId,
    customerId,
    customerName: 'Asha Verma',
    appointmentIds: [appointmentId],
    lines: [
      {
        lineId: `${saleId}-visit`,
        kind: 'service',
        name: 'Swedish Massage · 60 Min',
        taxCode: '999722',
        gstBp: 1800,
        quantity: 1,
        unitPricePaise: 2_950_00n,
        totalPaise: 2_950_00n,
        appointmentId,
      },
    ],
    tenders: [
      { tenderId: `${saleId}-online`, method: 'online', amountPaise: onlinePaise },
      { tenderId: `${saleId}-cash`, method: 'cash', amountPaise: 2_950_00n - onlinePaise },
    ],
    totalPaise: 2_950_00n,
    paidPaise: 2_950_00n,
    status: 'completed',
    completedAt: timestampFromDate(new Date()),
  };
  return world.upstream.emit('commerce', events.saleCompleted, saleId, { sale });
}

const A = 'a0000000-0000-4000-8000-00000000000a';
const B = 'a0000000-0000-4000-8000-00000000000b';
const C = 'a0000000-0000-4000-8000-00000000000c';
const D = 'a0000000-0000-4000-8000-00000000000d';
const E = 'a0000000-0000-4000-8000-00000000000e';

describe('GST documents of a visit paid online when booked', () => {
  it('an online payment with no invoice until checkout: it is invoiced when paid, once however often its event comes', async () => {
    const first = await paid(A);
    const again = await paid(A);
    await handled([first.id, again.id]);
    const invoices = await documentsOf('visit_payment', A);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'invoice', number: expect.stringMatching(/^INV\//) });
    expect(Number(invoices[0]!.total_paise)).toBe(2_950_00);
    expect(Number(invoices[0]!.taxable_paise)).toBe(2_500_00);
    expect(tax(invoices[0]!)).toBe(450_00);
    const lines = await query<{ name: string; tax_code: string; gst_bp: number }>(
      'select name, tax_code, gst_bp from tax_document_lines where document_id = $1',
      [invoices[0]!.id],
    );
    expect(lines).toEqual([
      { name: 'Swedish Massage · 60 Min (paid in advance)', tax_code: '999722', gst_bp: 1800 },
    ]);
  });

  it('Paid at checkout (no provider payment: the sale’s) is no advance', async () => {
    const sent = await world.upstream.emit('booking', events.appointmentPaymentStatusChanged, E, {
      appointment: appointment(E),
      previousPaymentStatus: 'Pending',
    });
    await handled([sent.id]);
    expect(await documentsOf('visit_payment', E)).toHaveLength(0);
  });

  it('a prepaid visit refunded gets a credit note against its advance invoice', async () => {
    const invoice = await documentOf('visit_payment', A);
    await refunded(A, 'refund-a1', 2_950_00n);
    const note = await documentOf('visit_refund', 'refund-a1');
    expect(note).toMatchObject({ kind: 'credit_note', original_document_id: invoice.id });
    expect(Number(note.total_paise)).toBe(2_950_00);
    expect(tax(note)).toBe(tax(invoice));
  });

  it('a refund read before its visit’s invoice waits for it and is then credited', async () => {
    const early = await refunded(B, 'refund-b1', 1_000_00n);
    await handled([early.id]);
    expect(await documentsOf('visit_refund', 'refund-b1')).toHaveLength(0);
    await paid(B);
    const invoice = await documentOf('visit_payment', B);
    const note = await documentOf('visit_refund', 'refund-b1');
    expect(note.original_document_id).toBe(invoice.id);
    expect(Number(note.total_paise)).toBe(1_000_00);
  });

  it('taxed twice for one visit: the deposit’s invoice is superseded at checkout by the sale’s, net tax once', async () => {
    const deposit = 590_00n;
    await paid(C, { depositPaise: deposit });
    const advance = await documentOf('visit_payment', C);
    expect(Number(advance.total_paise)).toBe(590_00);
    await visitSale('sale-c', C, deposit);
    const saleInvoice = await documentOf('sale', 'sale-c');
    const superseded = await documentOf('visit_superseded', C);
    expect(superseded).toMatchObject({ kind: 'credit_note', original_document_id: advance.id });
    expect(Number(superseded.total_paise)).toBe(590_00);
    const [line] = await query<{ name: string }>(
      'select name from tax_document_lines where document_id = $1',
      [superseded.id],
    );
    expect(line!.name).toContain(`superseded by ${saleInvoice.number} at checkout`);
    // What the visit is taxed in all: the advance, less its credit note, plus the sale.
    expect(tax(advance) - tax(superseded) + tax(saleInvoice)).toBe(tax(saleInvoice));
    expect(tax(saleInvoice)).toBe(450_00);
  });

  it('a payment event read after the visit was checked out issues nothing extra', async () => {
    const sold = await visitSale('sale-d', D, 2_950_00n);
    await handled([sold.id]);
    await documentOf('sale', 'sale-d');
    const late = await paid(D);
    await handled([late.id]);
    expect(await documentsOf('visit_payment', D)).toHaveLength(0);
    expect(await documentsOf('visit_superseded', D)).toHaveLength(0);
  });
});
