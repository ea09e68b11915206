import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { bookingV1, commerceV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import {
  DocumentInputError,
  formatCreditNoteNumber,
  orderInvoice,
  orderRefundCreditNote,
  parseCreditNoteNumber,
  saleInvoice,
  saleRefundCreditNote,
  supplierOf,
  visitPaymentInvoice,
  visitRefundCreditNote,
  visitSupersededCreditNote,
  type DocumentDraft,
  type TaxDocument,
} from './tax-document.js';

// Madhya Pradesh (23): the spa's own state.
const supplier = supplierOf('23ABCDE1234F1Z8');
const now = new Date('2026-11-21T06:30:00Z');

function line(
  overrides: MessageInitShape<typeof commerceV1.SaleLineSchema> & { totalPaise: bigint },
): commerceV1.SaleLine {
  return create(commerceV1.SaleLineSchema, {
    lineId: `line-${overrides.name ?? 'x'}`,
    kind: 'service',
    name: 'Swedish Massage · 60 Min',
    taxCode: '999723',
    gstBp: 1800,
    quantity: 1,
    unitPricePaise: overrides.totalPaise,
    ...overrides,
  });
}

function sale(
  lines: commerceV1.SaleLine[],
  overrides: MessageInitShape<typeof commerceV1.SaleSchema> = {},
): commerceV1.Sale {
  const total = lines.reduce((sum, item) => sum + item.totalPaise, 0n);
  return create(commerceV1.SaleSchema, {
    saleId: 'sale-1',
    customerId: 'cust-1',
    customerName: 'Asha Verma',
    lines,
    tenders: [{ tenderId: 't1', method: 'cash', amountPaise: total }],
    totalPaise: total,
    paidPaise: total,
    status: 'completed',
    completedAt: timestampFromDate(new Date('2026-11-20T19:00:00Z')),
    ...overrides,
  });
}

const massage = line({ lineId: 'massage', totalPaise: 2_950_00n });
const oil = line({
  lineId: 'oil',
  kind: 'product',
  name: 'Lavender Oil',
  taxCode: '3301',
  gstBp: 1200,
  quantity: 2,
  unitPricePaise: 560_00n,
  lineDiscountPaise: 0n,
  totalPaise: 1_120_00n,
});
const tip = line({
  lineId: 'tip',
  kind: 'tip',
  name: 'Tip · Meera',
  taxCode: '',
  gstBp: 0,
  totalPaise: 200_00n,
});

function issued(draft: DocumentDraft, id = 'inv-1', number = 'INV/26-27/000001'): TaxDocument {
  return {
    ...draft,
    id,
    number,
    financialYear: '2026-27',
    sequence: 1,
    branchId: '',
    irn: '',
    createdAt: now,
  };
}

const sumsHold = (draft: DocumentDraft) =>
  draft.lines.every((item) =>
    item.kind === 'tip'
      ? item.taxablePaise === 0 && item.cgstPaise + item.sgstPaise + item.igstPaise === 0
      : item.taxablePaise + item.cgstPaise + item.sgstPaise + item.igstPaise === item.totalPaise,
  ) &&
  draft.totalPaise ===
    draft.taxablePaise + draft.cgstPaise + draft.sgstPaise + draft.igstPaise + draft.tipPaise;

describe('saleInvoice', () => {
  const invoice = saleInvoice(sale([massage, oil, tip]), supplier, now);

  it.each([
    [
      'tip taxed: the tip stays outside the taxable value, untaxed',
      () => {
        const tipLine = invoice.lines.find((item) => item.kind === 'tip')!;
        expect(tipLine).toMatchObject({
          taxablePaise: 0,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 0,
          totalPaise: 200_00,
        });
        expect(invoice.tipPaise).toBe(200_00);
        expect(invoice.taxablePaise).toBe(2_500_00 + 1_000_00);
      },
    ],
    [
      'IGST at the counter: a counter sale is supplied in the spa’s own state',
      () => {
        expect(invoice.placeOfSupply).toBe('23');
        expect(invoice.igstPaise).toBe(0);
      },
    ],
    [
      'CGST + SGST not summing: each line and the document add up to the paisa',
      () => {
        expect(sumsHold(invoice)).toBe(true);
        expect(invoice.lines[0]).toMatchObject({
          taxablePaise: 2_500_00,
          cgstPaise: 225_00,
          sgstPaise: 225_00,
        });
        expect(invoice.lines[1]).toMatchObject({
          taxablePaise: 1_000_00,
          cgstPaise: 60_00,
          sgstPaise: 60_00,
        });
        expect(invoice.totalPaise).toBe(4_270_00);
      },
    ],
    [
      'rate lost: each line keeps its own rate and code',
      () => {
        expect(invoice.lines.map((item) => [item.gstBp, item.taxCode])).toEqual([
          [1800, '999723'],
          [1200, '3301'],
          [0, ''],
        ]);
      },
    ],
    [
      'issue day in UTC: 00:30 in Kolkata is already the next day',
      () => {
        expect(invoice.issueDate).toBe('2026-11-21');
      },
    ],
  ])('%s', (_name, check) => check());

  it('B2B only with a valid GSTIN: a mistyped one makes a B2C invoice', () => {
    expect(
      saleInvoice(sale([massage], { customerGstin: '27AAPFU0939F1ZV' }), supplier, now).customer.gstin,
    ).toBe('27AAPFU0939F1ZV');
    expect(
      saleInvoice(sale([massage], { customerGstin: '27AAPFU0939F1ZX' }), supplier, now).customer.gstin,
    ).toBe('');
  });

  it('odd tax paisa: CGST takes it, the split still sums', () => {
    const odd = saleInvoice(sale([line({ lineId: 'odd', totalPaise: 101n })]), supplier, now);
    expect(sumsHold(odd)).toBe(true);
    expect(odd.lines[0]!.cgstPaise - odd.lines[0]!.sgstPaise).toBeGreaterThanOrEqual(0);
  });

  it('a sale whose lines do not make its total is refused, not invoiced', () => {
    expect(() => saleInvoice(sale([massage], { totalPaise: 1n }), supplier, now)).toThrow(DocumentInputError);
  });

  it('a taxed tip is refused', () => {
    expect(() =>
      saleInvoice(sale([line({ kind: 'tip', gstBp: 1800, totalPaise: 100n })]), supplier, now),
    ).toThrow(DocumentInputError);
  });
});

function order(state: string, overrides: { paymentMethod?: string } = {}): commerceV1.Order {
  return create(commerceV1.OrderSchema, {
    orderId: 'order-1',
    customerId: 'cust-2',
    customerName: 'Ravi',
    paymentMethod: 'ONLINE',
    items: [
      {
        id: 'i1',
        productId: 'p1',
        name: 'Lavender Essential Oil',
        quantity: 2,
        unitPricePaise: 590_00n,
        lineTotalPaise: 1_180_00n,
      },
      {
        id: 'i2',
        productId: 'p2',
        name: 'Body Lotion',
        quantity: 1,
        unitPricePaise: 333_33n,
        lineTotalPaise: 333_33n,
      },
    ],
    totalPricePaise: 1_513_33n,
    shippingAddress: { state, fullName: 'Ravi', phone: '+91 90000 00000' },
    paidAt: timestampFromDate(now),
    ...overrides,
  });
}

describe('orderInvoice', () => {
  it('IGST on an intra-state order: within Madhya Pradesh it is CGST + SGST', () => {
    const invoice = orderInvoice(order('Madhya Pradesh'), supplier, { reference: 'pay_1' }, now);
    expect(invoice.placeOfSupply).toBe('23');
    expect(invoice.igstPaise).toBe(0);
    expect(invoice.cgstPaise).toBeGreaterThan(0);
    expect(sumsHold(invoice)).toBe(true);
  });

  it('CGST on an inter-state order: to Maharashtra it is IGST only', () => {
    const invoice = orderInvoice(order('maharashtra'), supplier, { reference: 'pay_1' }, now);
    expect(invoice.placeOfSupply).toBe('27');
    expect(invoice.cgstPaise + invoice.sgstPaise).toBe(0);
    expect(invoice.igstPaise).toBe(180_00 + 50_85);
    expect(sumsHold(invoice)).toBe(true);
    expect(invoice.totalPaise).toBe(1_513_33);
  });

  it('an unreadable state falls back to the spa’s own', () => {
    expect(orderInvoice(order('Atlantis'), supplier, { reference: '' }, now).placeOfSupply).toBe('23');
  });

  it('uses the HSN code and rate the order’s lines carry, and guesses (18%) only for older ones', () => {
    const taxed = create(commerceV1.OrderSchema, {
      ...order('Madhya Pradesh'),
      items: [
        { ...order('Madhya Pradesh').items[0]!, hsnCode: '33049910', gstBp: 500 },
        // A line of an order placed before lines carried their tax data: no code, no rate.
        order('Madhya Pradesh').items[1]!,
      ],
      shippingPricePaise: 100_00n,
      totalPricePaise: 1_613_33n,
    });
    const invoice = orderInvoice(taxed, supplier, { reference: 'pay_1' }, now);
    expect(invoice.lines.map(({ name, taxCode, gstBp }) => ({ name, taxCode, gstBp }))).toEqual([
      { name: 'Lavender Essential Oil', taxCode: '33049910', gstBp: 500 },
      { name: 'Body Lotion', taxCode: '3304', gstBp: 1800 },
      // Shipping takes the rate of the principal supply (the largest line), not a flat 18%.
      { name: 'Shipping', taxCode: '996812', gstBp: 500 },
    ]);
    // 5% inside the tax-inclusive ₹1,180: taxable ₹1,123.81, GST ₹56.19 (CGST + SGST).
    expect(invoice.lines[0]).toMatchObject({ taxablePaise: 1_123_81, totalPaise: 1_180_00 });
    expect(sumsHold(invoice)).toBe(true);
  });

  it('refuses an order line whose rate is out of range', () => {
    const bad = create(commerceV1.OrderSchema, {
      ...order('Madhya Pradesh'),
      items: [{ ...order('Madhya Pradesh').items[0]!, gstBp: 12_000 }],
      totalPricePaise: 1_180_00n,
    });
    expect(() => orderInvoice(bad, supplier, { reference: '' }, now)).toThrow(DocumentInputError);
  });
});

describe('credit notes', () => {
  const invoice = issued(saleInvoice(sale([massage, oil, tip]), supplier, now));
  const refund = (lines: Array<{ lineId: string; quantity: number; amountPaise: bigint }>) =>
    create(commerceV1.SaleRefundedSchema, {
      refundId: 'refund-1',
      lines,
      amountPaise: lines.reduce((sum, item) => sum + item.amountPaise, 0n),
      method: 'cash',
      refundedAt: timestampFromDate(now),
    });

  it('rate changed on refund: a returned product is credited at its invoice line’s rate', () => {
    const note = saleRefundCreditNote(
      refund([{ lineId: 'oil', quantity: 1, amountPaise: 560_00n }]),
      invoice,
      new Map(),
      now,
    );
    expect(note.kind).toBe('credit_note');
    expect(note.original).toEqual({ id: 'inv-1', number: 'INV/26-27/000001', issueDate: '2026-11-21' });
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({
      gstBp: 1200,
      taxCode: '3301',
      quantity: 1,
      taxablePaise: 500_00,
      cgstPaise: 30_00,
      sgstPaise: 30_00,
    });
    expect(sumsHold(note)).toBe(true);
  });

  it('credit note above its invoice: more than the line charged is refused', () => {
    expect(() =>
      saleRefundCreditNote(
        refund([{ lineId: 'oil', quantity: 2, amountPaise: 1_200_00n }]),
        invoice,
        new Map(),
        now,
      ),
    ).toThrow(DocumentInputError);
  });

  it('credit note above its invoice: earlier credit notes count', () => {
    const earlier = new Map([['oil', { quantity: 2, totalPaise: 1_120_00 }]]);
    expect(() =>
      saleRefundCreditNote(
        refund([{ lineId: 'oil', quantity: 1, amountPaise: 560_00n }]),
        invoice,
        earlier,
        now,
      ),
    ).toThrow(DocumentInputError);
  });

  it('a refunded tip stays untaxed on the credit note', () => {
    const note = saleRefundCreditNote(
      refund([{ lineId: 'tip', quantity: 1, amountPaise: 200_00n }]),
      invoice,
      new Map(),
      now,
    );
    expect(note).toMatchObject({ taxablePaise: 0, cgstPaise: 0, tipPaise: 200_00, totalPaise: 200_00 });
  });

  it('a line the invoice does not have is refused', () => {
    expect(() =>
      saleRefundCreditNote(
        refund([{ lineId: 'nope', quantity: 1, amountPaise: 1n }]),
        invoice,
        new Map(),
        now,
      ),
    ).toThrow(DocumentInputError);
  });

  const orderInv = issued(orderInvoice(order('Maharashtra'), supplier, { reference: 'pay_1' }, now), 'inv-2');

  it('order refund spread over the lines in proportion, IGST kept', () => {
    const note = orderRefundCreditNote(
      { refundId: 'r1', amountPaise: 500_00, method: 'online', reference: 'rfnd_1' },
      orderInv,
      new Map(),
      now,
    );
    expect(note.totalPaise).toBe(500_00);
    expect(note.lines.map((item) => item.totalPaise)).toEqual([389_87, 110_13]);
    expect(note.cgstPaise + note.sgstPaise).toBe(0);
    expect(note.placeOfSupply).toBe('27');
    expect(note.lines.every((item) => item.quantity === 0)).toBe(true);
    expect(sumsHold(note)).toBe(true);
  });

  it('a whole order refunded keeps the quantities', () => {
    const note = orderRefundCreditNote(
      { refundId: 'r1', amountPaise: 1_513_33, method: 'online', reference: '' },
      orderInv,
      new Map(),
      now,
    );
    expect(note.lines.map((item) => item.quantity)).toEqual([2, 1]);
    expect(note.totalPaise).toBe(orderInv.totalPaise);
    expect(note.igstPaise).toBe(orderInv.igstPaise);
  });

  it('credit note above its invoice: an order refund beyond what is left is refused', () => {
    const earlier = new Map([['i1', { quantity: 0, totalPaise: 1_000_00 }]]);
    expect(() =>
      orderRefundCreditNote(
        { refundId: 'r2', amountPaise: 600_00, method: 'online', reference: '' },
        orderInv,
        earlier,
        now,
      ),
    ).toThrow(DocumentInputError);
  });
});

function appointment(
  overrides: MessageInitShape<typeof bookingV1.AppointmentSchema> = {},
): bookingV1.Appointment {
  return create(bookingV1.AppointmentSchema, {
    id: 'appt-1',
    status: 'Scheduled',
    paymentStatus: 'Paid',
    paymentMethod: 'online',
    customerId: 'cust-1',
    customerName: 'Asha Verma',
    customerEmail: 'asha@example.test',
    serviceName: 'Swedish Massage',
    durationLabel: '60 Min',
    totalPricePaise: 2_950_00n,
    sacCode: '999722',
    gstBp: 1800,
    ...overrides,
  });
}

describe('visit payments', () => {
  const paidAt = new Date('2026-11-20T19:00:00Z');

  it('a visit paid in full online is invoiced for its price at the treatment’s SAC and rate, dated when paid', () => {
    const draft = visitPaymentInvoice(appointment(), { reference: 'pay_RZP1', paidAt }, supplier);
    expect(draft).toMatchObject({
      kind: 'invoice',
      sourceKind: 'visit_payment',
      sourceId: 'appt-1',
      issueDate: '2026-11-21',
      placeOfSupply: '23',
      totalPaise: 2_950_00,
      taxablePaise: 2_500_00,
      cgstPaise: 225_00,
      sgstPaise: 225_00,
      igstPaise: 0,
      customer: { name: 'Asha Verma', email: 'asha@example.test', gstin: '' },
      payments: [{ method: 'online', amountPaise: 2_950_00, reference: 'pay_RZP1' }],
    });
    expect(draft.lines).toEqual([
      expect.objectContaining({
        name: 'Swedish Massage · 60 Min (paid in advance)',
        taxCode: '999722',
        gstBp: 1800,
        totalPaise: 2_950_00,
      }),
    ]);
    expect(sumsHold(draft)).toBe(true);
  });

  it('a deposit is invoiced for the deposit, not the whole price', () => {
    const draft = visitPaymentInvoice(
      appointment({ depositPaise: 590_00n }),
      { reference: 'pay_RZP1', paidAt },
      supplier,
    );
    expect(draft.totalPaise).toBe(590_00);
    expect(draft.taxablePaise + draft.cgstPaise + draft.sgstPaise).toBe(590_00);
  });

  it('a snapshot without a rate falls back to what the counter’s visit line uses (5%, SAC 999723)', () => {
    const draft = visitPaymentInvoice(
      appointment({ sacCode: '', gstBp: undefined }),
      { reference: '', paidAt },
      supplier,
    );
    expect(draft.lines[0]).toMatchObject({ taxCode: '999723', gstBp: 500 });
  });

  it('a visit with nothing paid is refused, not invoiced at zero', () => {
    expect(() =>
      visitPaymentInvoice(appointment({ totalPricePaise: 0n }), { reference: '', paidAt }, supplier),
    ).toThrow(DocumentInputError);
  });

  const advance = issued(
    visitPaymentInvoice(appointment(), { reference: 'pay_RZP1', paidAt }, supplier),
    'adv-1',
    'INV/26-27/000004',
  );

  it('a refund of a visit is credited against its advance invoice, never above it', () => {
    const note = visitRefundCreditNote(
      { refundId: 'rf-1', amountPaise: 1_000_00, method: 'online', reference: 'rfnd_1' },
      advance,
      new Map(),
      now,
    );
    expect(note).toMatchObject({
      kind: 'credit_note',
      sourceKind: 'visit_refund',
      sourceId: 'rf-1',
      original: { id: 'adv-1', number: 'INV/26-27/000004' },
      totalPaise: 1_000_00,
    });
    expect(() =>
      visitRefundCreditNote(
        { refundId: 'rf-2', amountPaise: 2_000_00, method: 'online', reference: '' },
        advance,
        new Map([['appt-1', { quantity: 0, totalPaise: 1_000_00 }]]),
        now,
      ),
    ).toThrow(DocumentInputError);
  });

  it('at checkout the advance invoice is superseded for what refunds have not taken back, naming the sale’s invoice', () => {
    const note = visitSupersededCreditNote(
      advance,
      new Map([['appt-1', { quantity: 0, totalPaise: 1_000_00 }]]),
      { number: 'INV/26-27/000009', issueDate: '2026-11-22' },
    )!;
    expect(note).toMatchObject({
      kind: 'credit_note',
      sourceKind: 'visit_superseded',
      sourceId: 'appt-1',
      issueDate: '2026-11-22',
      original: { id: 'adv-1' },
      totalPaise: 1_950_00,
      payments: [{ method: 'adjusted', amountPaise: 1_950_00 }],
    });
    expect(note.lines[0]!.name).toContain('superseded by INV/26-27/000009 at checkout');
    expect(note.lines[0]!.quantity).toBe(1);
    expect(sumsHold(note)).toBe(true);
  });

  it('an advance refunded whole leaves nothing to supersede', () => {
    expect(
      visitSupersededCreditNote(advance, new Map([['appt-1', { quantity: 1, totalPaise: 2_950_00 }]]), {
        number: 'INV/26-27/000009',
        issueDate: '2026-11-22',
      }),
    ).toBeUndefined();
  });
});

describe('credit-note numbers', () => {
  it('CN/<short fy>/<6 digits> round-trips, and a number issued with the year written long still reads', () => {
    expect(formatCreditNoteNumber('2026-27', 7)).toBe('CN/26-27/000007');
    expect(parseCreditNoteNumber(formatCreditNoteNumber('2026-27', 7))).toEqual({
      financialYear: '2026-27',
      sequence: 7,
    });
    expect(parseCreditNoteNumber(formatCreditNoteNumber('2099-00', 999_999))).toEqual({
      financialYear: '2099-00',
      sequence: 999_999,
    });
    expect(parseCreditNoteNumber('CN/2026-27/000007')).toEqual({ financialYear: '2026-27', sequence: 7 });
    for (const other of ['INV/26-27/000007', 'INV/2026-27/000007', 'CN/26-28/000007', 'CN/26-27/7'])
      expect(parseCreditNoteNumber(other)).toBeUndefined();
  });
});
