/**
 * The GST documents billing issues from other services' events: a tax invoice for a completed counter
 * sale or a paid (cash on delivery: delivered) store order, and a credit note for a refund of one.
 * Pure arithmetic: the repository numbers and stores what these functions compute.
 *
 * - Prices are tax-inclusive (what the customer paid); each line is split into its taxable value and
 *   GST with @spa/rules splitInclusive, so every line's taxable + CGST + SGST + IGST is its total.
 * - A tip is outside the taxable value: taxable 0, no tax, its total counted in tipPaise only.
 * - Place of supply: a treatment or sale at the counter is supplied at the spa (its own state, from its
 *   GSTIN); a store order where it is delivered (the shipping state; one we cannot read falls back to
 *   the spa's state). Same state: CGST + SGST; another: IGST.
 * - A credit note keeps its invoice's rates, place of supply and customer, and never credits more of a
 *   line than the invoice charged less what earlier credit notes already took back.
 * - A visit paid online when booked (a deposit or the whole price) is invoiced when the payment is
 *   received (GST on a service is due then); its refund is a credit note against that invoice, and at
 *   checkout the sale's invoice covers the whole visit, so what the advance invoice still holds is
 *   credited back ("superseded"): the visit is taxed once.
 */
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import {
  apportion,
  DEFAULT_PRODUCT_GST_BP,
  DEFAULT_SAC_CODE,
  DEFAULT_SERVICE_GST_BP,
  gstinStateCode,
  gstStateCode,
  isValidGstin,
  splitInclusive,
  type Paise,
} from '@spa/rules';
import type { bookingV1, commerceV1 } from '@spa/proto';
import { todayInKolkata, type CalendarDate } from './calendar.js';
import { formatSeriesNumber, parseSeriesNumber } from './invoice-number.js';
import { hsnCodeFor } from './tax-codes.js';

export type DocumentKind = 'invoice' | 'credit_note';
export type DocumentSourceKind =
  'sale' | 'order' | 'visit_payment' | 'sale_refund' | 'order_refund' | 'visit_refund' | 'visit_superseded';
type CreditNoteSourceKind = 'sale_refund' | 'order_refund' | 'visit_refund' | 'visit_superseded';
export type DocumentLineKind = 'service' | 'product' | 'addon' | 'tip';

export interface DocumentLine {
  position: number;
  kind: DocumentLineKind;
  name: string;
  taxCode: string;
  gstBp: number;
  quantity: number;
  unitPricePaise: Paise;
  discountPaise: Paise;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
  employeeName: string;
  sourceLineId: string;
}

interface DocumentPayment {
  method: string;
  amountPaise: Paise;
  reference: string;
}

interface DocumentCustomer {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** Set only for a valid GSTIN: a B2B document. */
  gstin: string;
}

/** A document as computed, before it has a number. */
export interface DocumentDraft {
  kind: DocumentKind;
  sourceKind: DocumentSourceKind;
  sourceId: string;
  /** A credit note's invoice. */
  original?: { id: string; number: string; issueDate: CalendarDate };
  issueDate: CalendarDate;
  supplierGstin: string;
  supplierStateCode: string;
  placeOfSupply: string;
  customer: DocumentCustomer;
  lines: DocumentLine[];
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  tipPaise: Paise;
  totalPaise: Paise;
  payments: DocumentPayment[];
  balancePaise: Paise;
}

/** A document as issued and stored. */
export interface TaxDocument extends DocumentDraft {
  id: string;
  number: string;
  financialYear: string;
  sequence: number;
  branchId: string;
  irn: string;
  createdAt: Date;
}

/** Data a document cannot be made from (an event no invoice can carry): not worth retrying. */
export class DocumentInputError extends RangeError {
  override name = 'DocumentInputError';
}

/**
 * Shipping charged with goods is a composite supply: taxed at the rate of its principal supply (the
 * order's largest line), under SAC 9968 (courier).
 */
const SHIPPING_SAC = '996812';

const dayOf = (timestamp: Timestamp | undefined, now: Date): CalendarDate =>
  todayInKolkata(timestamp ? timestampDate(timestamp) : now);

function sumOf(lines: readonly DocumentLine[], pick: (line: DocumentLine) => Paise): Paise {
  return lines.reduce((total, line) => total + pick(line), 0);
}

/** A document's totals from its lines: taxed lines make up the taxable value and taxes, tips the rest. */
function totalled(
  draft: Omit<
    DocumentDraft,
    'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'tipPaise' | 'totalPaise'
  >,
): DocumentDraft {
  const { lines } = draft;
  return {
    ...draft,
    taxablePaise: sumOf(lines, (line) => line.taxablePaise),
    cgstPaise: sumOf(lines, (line) => line.cgstPaise),
    sgstPaise: sumOf(lines, (line) => line.sgstPaise),
    igstPaise: sumOf(lines, (line) => line.igstPaise),
    tipPaise: sumOf(lines, (line) => (line.kind === 'tip' ? line.totalPaise : 0)),
    totalPaise: sumOf(lines, (line) => line.totalPaise),
  };
}

interface LineInput {
  kind: DocumentLineKind;
  name: string;
  taxCode: string;
  gstBp: number;
  quantity: number;
  unitPricePaise: Paise;
  discountPaise: Paise;
  totalPaise: Paise;
  employeeName: string;
  sourceLineId: string;
}

/** Splits one tax-inclusive line; a tip stays whole and untaxed. */
function taxedLine(input: LineInput, position: number, intraState: boolean): DocumentLine {
  if (!Number.isSafeInteger(input.totalPaise) || input.totalPaise < 0)
    throw new DocumentInputError(`Line ${position + 1} has no valid total`);
  if (input.kind === 'tip') {
    if (input.gstBp !== 0) throw new DocumentInputError('A tip carries no GST');
    return { ...input, position, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  }
  const tax = splitInclusive(input.totalPaise, input.gstBp, intraState);
  return {
    ...input,
    position,
    taxablePaise: tax.taxable,
    cgstPaise: tax.cgst,
    sgstPaise: tax.sgst,
    igstPaise: tax.igst,
  };
}

const LINE_KINDS = new Set<string>(['service', 'product', 'addon', 'tip']);

/** The spa's own state: the first two digits of its GSTIN. */
export function supplierOf(gstin: string): { gstin: string; stateCode: string } {
  return { gstin, stateCode: gstinStateCode(gstin) };
}

/** The buyer's GSTIN when it is a valid one (a B2B document), else empty (B2C). */
function buyerGstin(gstin: string): string {
  const normal = gstin.trim().toUpperCase();
  return normal && isValidGstin(normal) ? normal : '';
}

/** The tax invoice of a completed counter sale. */
export function saleInvoice(
  sale: commerceV1.Sale,
  supplier: { gstin: string; stateCode: string },
  now: Date,
): DocumentDraft {
  if (!sale.saleId) throw new DocumentInputError('A sale without an id');
  if (sale.lines.length === 0) throw new DocumentInputError(`Sale ${sale.saleId} has no lines`);
  const lines = sale.lines.map((line, position) => {
    if (!LINE_KINDS.has(line.kind))
      throw new DocumentInputError(`Sale line ${position + 1} has an unknown kind "${line.kind}"`);
    return taxedLine(
      {
        kind: line.kind as DocumentLineKind,
        name: line.name,
        taxCode: line.taxCode,
        gstBp: line.gstBp,
        quantity: line.quantity,
        unitPricePaise: Number(line.unitPricePaise),
        discountPaise: Number(line.lineDiscountPaise + line.saleDiscountSharePaise),
        totalPaise: Number(line.totalPaise),
        employeeName: line.employeeName,
        sourceLineId: line.lineId,
      },
      position,
      true,
    );
  });
  const draft = totalled({
    kind: 'invoice',
    sourceKind: 'sale',
    sourceId: sale.saleId,
    issueDate: dayOf(sale.completedAt, now),
    supplierGstin: supplier.gstin,
    supplierStateCode: supplier.stateCode,
    placeOfSupply: supplier.stateCode,
    customer: {
      id: sale.customerId,
      name: sale.customerName || 'Walk-in customer',
      email: sale.customerEmail,
      phone: sale.customerPhone,
      gstin: buyerGstin(sale.customerGstin),
    },
    lines,
    payments: sale.tenders.map((tender) => ({
      method: tender.method,
      amountPaise: Number(tender.amountPaise),
      reference: tender.reference,
    })),
    balancePaise: Math.max(0, Number(sale.balancePaise)),
  });
  if (draft.totalPaise !== Number(sale.totalPaise))
    throw new DocumentInputError(
      `Sale ${sale.saleId}: its lines make ${draft.totalPaise} paise, its total says ${sale.totalPaise}`,
    );
  return draft;
}

/** Where a store order is supplied: its delivery state, or the spa's own when the state is unreadable. */
function orderPlaceOfSupply(state: string | undefined, supplierStateCode: string): string {
  return (state && gstStateCode(state)) || supplierStateCode;
}

/**
 * An order line's HSN code and rate: what commerce's products mirror had when the order was placed;
 * for an order placed before its lines carried them, the code guessed from the name and 18%.
 */
function orderItemTax(item: commerceV1.OrderItem, position: number): { taxCode: string; gstBp: number } {
  const gstBp = item.gstBp ?? DEFAULT_PRODUCT_GST_BP;
  if (!Number.isInteger(gstBp) || gstBp < 0 || gstBp > 10_000)
    throw new DocumentInputError(`Order item ${position + 1} has a GST rate out of range (${gstBp})`);
  return { taxCode: item.hsnCode || (hsnCodeFor(item.name) ?? ''), gstBp };
}

/** The rate of the order's principal supply (its largest line), which a composite supply takes. */
function principalRate(lines: readonly LineInput[]): number {
  const principal = lines.reduce<LineInput | undefined>(
    (largest, line) => (!largest || line.totalPaise > largest.totalPaise ? line : largest),
    undefined,
  );
  return principal?.gstBp ?? DEFAULT_PRODUCT_GST_BP;
}

/** The tax invoice of a paid (or, cash on delivery, delivered) store order. */
export function orderInvoice(
  order: commerceV1.Order,
  supplier: { gstin: string; stateCode: string },
  payment: { reference: string },
  now: Date,
): DocumentDraft {
  if (!order.orderId) throw new DocumentInputError('An order without an id');
  if (order.items.length === 0) throw new DocumentInputError(`Order ${order.orderId} has no items`);
  const placeOfSupply = orderPlaceOfSupply(order.shippingAddress?.state, supplier.stateCode);
  const intraState = placeOfSupply === supplier.stateCode;
  const inputs: LineInput[] = order.items.map((item, position) => {
    const total = Number(item.lineTotalPaise);
    const gross = item.quantity * Number(item.unitPricePaise);
    return {
      kind: 'product',
      name: item.name,
      ...orderItemTax(item, position),
      quantity: item.quantity,
      unitPricePaise: Number(item.unitPricePaise),
      discountPaise: Math.max(0, gross - total),
      totalPaise: total,
      employeeName: '',
      sourceLineId: item.id || item.productId,
    };
  });
  const shipping = Number(order.shippingPricePaise);
  if (shipping > 0)
    inputs.push({
      kind: 'addon',
      name: 'Shipping',
      taxCode: SHIPPING_SAC,
      gstBp: principalRate(inputs),
      quantity: 1,
      unitPricePaise: shipping,
      discountPaise: 0,
      totalPaise: shipping,
      employeeName: '',
      sourceLineId: 'shipping',
    });
  const cod = order.paymentMethod === 'COD';
  const draft = totalled({
    kind: 'invoice',
    sourceKind: 'order',
    sourceId: order.orderId,
    issueDate: dayOf(cod ? (order.deliveredAt ?? order.paidAt) : (order.paidAt ?? order.deliveredAt), now),
    supplierGstin: supplier.gstin,
    supplierStateCode: supplier.stateCode,
    placeOfSupply,
    customer: {
      id: order.customerId,
      name: order.customerName || order.shippingAddress?.fullName || 'Customer',
      email: order.customerEmail,
      phone: order.shippingAddress?.phone ?? '',
      gstin: '',
    },
    lines: inputs.map((input, position) => taxedLine(input, position, intraState)),
    payments: [
      {
        method: cod ? 'cash_on_delivery' : 'online',
        amountPaise: Number(order.totalPricePaise),
        reference: payment.reference,
      },
    ],
    balancePaise: 0,
  });
  if (draft.totalPaise !== Number(order.totalPricePaise))
    throw new DocumentInputError(
      `Order ${order.orderId}: its items make ${draft.totalPaise} paise, its total says ${order.totalPricePaise}`,
    );
  return draft;
}

/** What earlier credit notes took back of each invoice line, by the line's source line id. */
export type CreditedSoFar = ReadonlyMap<string, { quantity: number; totalPaise: Paise }>;

function creditNoteOf(
  invoice: TaxDocument,
  source: { kind: CreditNoteSourceKind; id: string },
  lines: LineInput[],
  payment: DocumentPayment,
  issueDate: CalendarDate,
): DocumentDraft {
  const intraState = invoice.placeOfSupply === invoice.supplierStateCode;
  return totalled({
    kind: 'credit_note',
    sourceKind: source.kind,
    sourceId: source.id,
    original: { id: invoice.id, number: invoice.number, issueDate: invoice.issueDate },
    issueDate,
    supplierGstin: invoice.supplierGstin,
    supplierStateCode: invoice.supplierStateCode,
    placeOfSupply: invoice.placeOfSupply,
    customer: invoice.customer,
    lines: lines.map((input, position) => taxedLine(input, position, intraState)),
    payments: [payment],
    balancePaise: 0,
  });
}

/** Refuses a credit of a line beyond what its invoice charged less earlier credit notes. */
function assertWithinInvoice(line: DocumentLine, quantity: number, amount: Paise, credited: CreditedSoFar) {
  const before = credited.get(line.sourceLineId) ?? { quantity: 0, totalPaise: 0 };
  if (before.totalPaise + amount > line.totalPaise)
    throw new DocumentInputError(
      `A credit note cannot take back more of "${line.name}" than its invoice charged (${line.totalPaise} paise, ${before.totalPaise} already credited)`,
    );
  if (before.quantity + quantity > line.quantity)
    throw new DocumentInputError(
      `A credit note cannot take back more of "${line.name}" than its invoice sold (${line.quantity})`,
    );
}

/**
 * The credit note of a counter sale's refund: each refunded line (or part of one) with its invoice
 * line's rate and code, for the amount refunded (tax-inclusive; when the event gives none, the
 * invoice line's total pro rata of the quantity).
 */
export function saleRefundCreditNote(
  refund: commerceV1.SaleRefunded,
  invoice: TaxDocument,
  credited: CreditedSoFar,
  now: Date,
): DocumentDraft {
  if (!refund.refundId) throw new DocumentInputError('A sale refund without an id');
  if (refund.lines.length === 0) throw new DocumentInputError(`Refund ${refund.refundId} has no lines`);
  const lines = refund.lines.map((refunded): LineInput => {
    const line = invoice.lines.find((candidate) => candidate.sourceLineId === refunded.lineId);
    if (!line)
      throw new DocumentInputError(
        `Refund ${refund.refundId}: line ${refunded.lineId} is not on invoice ${invoice.number}`,
      );
    const quantity = refunded.quantity;
    if (!Number.isSafeInteger(quantity) || quantity < 0)
      throw new DocumentInputError(`Refund ${refund.refundId}: a refunded quantity is not a whole number`);
    const amount =
      refunded.amountPaise > 0n
        ? Number(refunded.amountPaise)
        : line.quantity > 0
          ? Math.round((line.totalPaise * quantity) / line.quantity)
          : 0;
    assertWithinInvoice(line, quantity, amount, credited);
    return {
      kind: line.kind,
      name: line.name,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: Math.max(0, quantity * line.unitPricePaise - amount),
      totalPaise: amount,
      employeeName: line.employeeName,
      sourceLineId: line.sourceLineId,
    };
  });
  const draft = creditNoteOf(
    invoice,
    { kind: 'sale_refund', id: refund.refundId },
    lines,
    { method: refund.method, amountPaise: Number(refund.amountPaise), reference: refund.refundId },
    dayOf(refund.refundedAt, now),
  );
  if (refund.amountPaise > 0n && draft.totalPaise !== Number(refund.amountPaise))
    throw new DocumentInputError(
      `Refund ${refund.refundId}: its lines make ${draft.totalPaise} paise, its amount says ${refund.amountPaise}`,
    );
  return draft;
}

interface PaymentRefund {
  refundId: string;
  amountPaise: Paise;
  method: string;
  reference: string;
  refundedAt?: Timestamp;
}

/**
 * The credit note of a store order's refund (a refund of its online payment): the amount spread over
 * the invoice's lines in proportion to what each still holds (apportion: largest remainder). A line
 * given back whole keeps its quantity; a part of one is a credit of value only (quantity 0).
 */
export function orderRefundCreditNote(
  refund: PaymentRefund,
  invoice: TaxDocument,
  credited: CreditedSoFar,
  now: Date,
): DocumentDraft {
  return paymentRefundCreditNote('order_refund', refund, invoice, credited, now);
}

/** The credit note of a refund of a visit's online payment, against its advance invoice: as an order's. */
export function visitRefundCreditNote(
  refund: PaymentRefund,
  invoice: TaxDocument,
  credited: CreditedSoFar,
  now: Date,
): DocumentDraft {
  return paymentRefundCreditNote('visit_refund', refund, invoice, credited, now);
}

function paymentRefundCreditNote(
  kind: 'order_refund' | 'visit_refund',
  refund: PaymentRefund,
  invoice: TaxDocument,
  credited: CreditedSoFar,
  now: Date,
): DocumentDraft {
  if (!refund.refundId) throw new DocumentInputError('An order refund without an id');
  if (!Number.isSafeInteger(refund.amountPaise) || refund.amountPaise <= 0)
    throw new DocumentInputError(`Refund ${refund.refundId} has no amount`);
  const left = invoice.lines.map(
    (line) => line.totalPaise - (credited.get(line.sourceLineId)?.totalPaise ?? 0),
  );
  const leftInAll = left.reduce((total, value) => total + value, 0);
  if (refund.amountPaise > leftInAll)
    throw new DocumentInputError(
      `Refund ${refund.refundId}: ${refund.amountPaise} paise is more than invoice ${invoice.number} has left to credit (${leftInAll})`,
    );
  const shares = apportion(refund.amountPaise, left);
  const lines: LineInput[] = [];
  invoice.lines.forEach((line, index) => {
    const amount = shares[index]!;
    if (amount === 0) return;
    const whole = amount === left[index] && !credited.has(line.sourceLineId);
    const quantity = whole ? line.quantity : 0;
    assertWithinInvoice(line, quantity, amount, credited);
    lines.push({
      kind: line.kind,
      name: line.name,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: whole ? line.discountPaise : 0,
      totalPaise: amount,
      employeeName: line.employeeName,
      sourceLineId: line.sourceLineId,
    });
  });
  return creditNoteOf(
    invoice,
    { kind, id: refund.refundId },
    lines,
    { method: refund.method, amountPaise: refund.amountPaise, reference: refund.reference },
    dayOf(refund.refundedAt, now),
  );
}

/** What an appointment paid online when booked: its deposit, or (no deposit) its whole price. */
function visitAdvancePaise(appointment: bookingV1.Appointment): Paise {
  const deposit = Number(appointment.depositPaise);
  return deposit > 0 ? deposit : Number(appointment.totalPricePaise);
}

/**
 * The tax invoice of a visit's online payment (an advance for a service: GST is due when it is
 * received): one service line for what was paid, tax-inclusive, at the treatment's SAC code and rate,
 * supplied at the spa.
 */
export function visitPaymentInvoice(
  appointment: bookingV1.Appointment,
  payment: { reference: string; paidAt: Date },
  supplier: { gstin: string; stateCode: string },
): DocumentDraft {
  if (!appointment.id) throw new DocumentInputError('An appointment without an id');
  const amount = visitAdvancePaise(appointment);
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new DocumentInputError(`Appointment ${appointment.id} has no amount paid`);
  const gstBp = appointment.gstBp ?? DEFAULT_SERVICE_GST_BP;
  if (!Number.isInteger(gstBp) || gstBp < 0 || gstBp > 10_000)
    throw new DocumentInputError(`Appointment ${appointment.id} has a GST rate out of range (${gstBp})`);
  const option = appointment.durationLabel ? ` · ${appointment.durationLabel}` : '';
  const line = taxedLine(
    {
      kind: 'service',
      name: `${appointment.serviceName}${option} (paid in advance)`,
      taxCode: appointment.sacCode || DEFAULT_SAC_CODE,
      gstBp,
      quantity: 1,
      unitPricePaise: amount,
      discountPaise: 0,
      totalPaise: amount,
      employeeName: appointment.employeeName,
      sourceLineId: appointment.id,
    },
    0,
    true,
  );
  return totalled({
    kind: 'invoice',
    sourceKind: 'visit_payment',
    sourceId: appointment.id,
    issueDate: todayInKolkata(payment.paidAt),
    supplierGstin: supplier.gstin,
    supplierStateCode: supplier.stateCode,
    placeOfSupply: supplier.stateCode,
    customer: {
      id: appointment.customerId,
      name: appointment.customerName || 'Customer',
      email: appointment.customerEmail,
      phone: appointment.customerPhone,
      gstin: '',
    },
    lines: [line],
    payments: [{ method: 'online', amountPaise: amount, reference: payment.reference }],
    balancePaise: 0,
  });
}

/**
 * The credit note that cancels what a visit's advance invoice still holds once the visit's sale is
 * invoiced at checkout (the sale's invoice covers the whole visit, the advance included as a payment);
 * undefined when refunds already took it all back. Nothing is paid back: the payment line names the
 * invoice that took its place.
 */
export function visitSupersededCreditNote(
  invoice: TaxDocument,
  credited: CreditedSoFar,
  saleInvoice: { number: string; issueDate: CalendarDate },
): DocumentDraft | undefined {
  const note = `superseded by ${saleInvoice.number} at checkout`;
  const lines: LineInput[] = [];
  for (const line of invoice.lines) {
    const before = credited.get(line.sourceLineId) ?? { quantity: 0, totalPaise: 0 };
    const amount = line.totalPaise - before.totalPaise;
    if (amount <= 0) continue;
    const quantity = Math.max(0, line.quantity - before.quantity);
    assertWithinInvoice(line, quantity, amount, credited);
    lines.push({
      kind: line.kind,
      name: `${line.name}, ${note}`,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: Math.max(0, quantity * line.unitPricePaise - amount),
      totalPaise: amount,
      employeeName: line.employeeName,
      sourceLineId: line.sourceLineId,
    });
  }
  if (lines.length === 0) return undefined;
  const total = lines.reduce((sum, line) => sum + line.totalPaise, 0);
  return creditNoteOf(
    invoice,
    { kind: 'visit_superseded', id: invoice.sourceId },
    lines,
    { method: 'adjusted', amountPaise: total, reference: note },
    saleInvoice.issueDate,
  );
}

/** The credit-note series: CN/26-27/000007, gapless per financial year like the invoices. */
export function formatCreditNoteNumber(financialYear: string, sequence: number): string {
  return formatSeriesNumber('CN', financialYear, sequence);
}

/** The financial year and sequence of a credit-note number, its year written short or long; else undefined. */
export function parseCreditNoteNumber(
  number: string,
): { financialYear: string; sequence: number } | undefined {
  return parseSeriesNumber('CN', number);
}

/** The PDF's file name: Invoice_INV-26-27-000001.pdf, CreditNote_CN-26-27-000001.pdf. */
export function documentFileName(document: Pick<TaxDocument, 'kind' | 'number'>): string {
  const prefix = document.kind === 'invoice' ? 'Invoice' : 'CreditNote';
  return `${prefix}_${document.number.replaceAll('/', '-')}.pdf`;
}
