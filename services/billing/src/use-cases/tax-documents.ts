import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, PermanentEventError, type Tx } from '@spa/kit';
import { events, type billingV1, type bookingV1, type commerceV1 } from '@spa/proto';
import {
  appointmentCheckedOut,
  creditedSoFar,
  findDocumentBySource,
  insertDocument,
  parkOrderRefund,
  takeParkedOrderRefunds,
} from '../db/documents.repository.js';
import {
  DocumentInputError,
  orderInvoice,
  orderRefundCreditNote,
  saleInvoice,
  saleRefundCreditNote,
  supplierOf,
  visitPaymentInvoice,
  visitRefundCreditNote,
  visitSupersededCreditNote,
  type DocumentDraft,
  type TaxDocument,
} from '../domain/tax-document.js';
import type { BillingContext } from './context.js';

/** What issuing a document needs of billing's context. */
export type DocumentDeps = Pick<
  BillingContext,
  'publish' | 'config' | 'now' | 'invoiceSeries' | 'documentPdfs'
>;

/** A tax document as its event carries it: the whole document, lines and payments included. */
function documentEventPayload(document: TaxDocument): MessageInitShape<typeof billingV1.TaxDocumentSchema> {
  return {
    documentId: document.id,
    kind: document.kind,
    number: document.number,
    financialYear: document.financialYear,
    sequence: document.sequence,
    sourceKind: document.sourceKind,
    sourceId: document.sourceId,
    originalDocumentId: document.original?.id ?? '',
    originalNumber: document.original?.number ?? '',
    issueDate: document.issueDate,
    customerId: document.customer.id,
    customerName: document.customer.name,
    customerEmail: document.customer.email,
    customerPhone: document.customer.phone,
    customerGstin: document.customer.gstin,
    placeOfSupply: document.placeOfSupply,
    supplierStateCode: document.supplierStateCode,
    supplierGstin: document.supplierGstin,
    lines: document.lines.map((line) => ({
      position: line.position,
      kind: line.kind,
      name: line.name,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity: line.quantity,
      unitPricePaise: BigInt(line.unitPricePaise),
      discountPaise: BigInt(line.discountPaise),
      taxablePaise: BigInt(line.taxablePaise),
      cgstPaise: BigInt(line.cgstPaise),
      sgstPaise: BigInt(line.sgstPaise),
      igstPaise: BigInt(line.igstPaise),
      totalPaise: BigInt(line.totalPaise),
      employeeName: line.employeeName,
      sourceLineId: line.sourceLineId,
    })),
    taxablePaise: BigInt(document.taxablePaise),
    cgstPaise: BigInt(document.cgstPaise),
    sgstPaise: BigInt(document.sgstPaise),
    igstPaise: BigInt(document.igstPaise),
    tipPaise: BigInt(document.tipPaise),
    totalPaise: BigInt(document.totalPaise),
    createdAtMs: BigInt(document.createdAt.getTime()),
    payments: document.payments.map((payment) => ({
      method: payment.method,
      amountPaise: BigInt(payment.amountPaise),
      reference: payment.reference,
    })),
    balancePaise: BigInt(document.balancePaise),
    branchId: document.branchId,
    irn: document.irn,
  };
}

/**
 * Until the invoice series is confirmed against the numbers already issued (invoice-series.ts) no
 * number may be handed out: the event fails and the consumer tries it again.
 */
function assertSeriesConfirmed(deps: DocumentDeps): void {
  if (deps.invoiceSeries && !deps.invoiceSeries.confirmed())
    throw new AppError(503, 'INVOICE_NUMBERING_UNCONFIRMED', 'Invoice numbering is not confirmed yet');
}

/** A draft from an event; data no document can be made from goes to the dead-letter topic at once. */
function drafted<Draft extends DocumentDraft | undefined>(make: () => Draft): Draft {
  try {
    return make();
  } catch (error) {
    if (error instanceof DocumentInputError || error instanceof RangeError)
      throw new PermanentEventError(error.message);
    throw error;
  }
}

/** Numbers and writes a document and its event in the caller's transaction, and asks for its PDF. */
async function issue(deps: DocumentDeps, tx: Tx, draft: DocumentDraft): Promise<TaxDocument> {
  assertSeriesConfirmed(deps);
  const document = await insertDocument(tx, draft, deps.now?.() ?? new Date());
  await deps.publish(tx, events.documentIssued, document.id, { document: documentEventPayload(document) });
  // Enqueued before the commit: a job that runs first finds no document and is retried (worker).
  await deps.documentPdfs?.enqueue(document.id);
  return document;
}

const supplier = (deps: DocumentDeps) => supplierOf(deps.config.business.gstin);

/**
 * The invoice of a completed sale: issued once, whatever number of times the event arrives. The sale
 * covers its visits whole (what was paid online for one is a tender on it), so in the same transaction
 * each visit's advance invoice is cancelled by a credit note for what of it is not credited yet: the
 * customer is taxed once for a visit.
 */
export async function invoiceSale(deps: DocumentDeps, tx: Tx, sale: commerceV1.Sale): Promise<TaxDocument> {
  const known = await findDocumentBySource(tx, 'sale', sale.saleId);
  if (known) return known;
  const now = deps.now?.() ?? new Date();
  const invoice = await issue(
    deps,
    tx,
    drafted(() => saleInvoice(sale, supplier(deps), now)),
  );
  for (const appointmentId of new Set(sale.appointmentIds.filter(Boolean)))
    await supersedeVisitInvoice(deps, tx, appointmentId, invoice);
  return invoice;
}

/** Cancels a visit's advance invoice (if it has one, not yet cancelled) in favour of its sale's invoice. */
async function supersedeVisitInvoice(
  deps: DocumentDeps,
  tx: Tx,
  appointmentId: string,
  saleInvoice: TaxDocument,
): Promise<void> {
  const advance = await findDocumentBySource(tx, 'visit_payment', appointmentId);
  if (!advance || (await findDocumentBySource(tx, 'visit_superseded', appointmentId))) return;
  const credited = await creditedSoFar(tx, advance.id);
  const draft = drafted(() => visitSupersededCreditNote(advance, credited, saleInvoice));
  if (draft) await issue(deps, tx, draft);
}

/**
 * The advance invoice of a visit paid online (booking.appointment.payment_status_changed to Paid by a
 * verified payment), once per appointment, and then the credit notes of refunds that arrived before it.
 * A visit its sale already checked out gets none: the sale's invoice covers it.
 */
export async function invoiceVisitPayment(
  deps: DocumentDeps,
  tx: Tx,
  appointment: bookingV1.Appointment,
  payment: { reference: string; paidAt: Date },
): Promise<TaxDocument | undefined> {
  const known = await findDocumentBySource(tx, 'visit_payment', appointment.id);
  if (known) return known;
  if (await appointmentCheckedOut(tx, appointment.id)) return undefined;
  const invoice = await issue(
    deps,
    tx,
    drafted(() => visitPaymentInvoice(appointment, payment, supplier(deps))),
  );
  for (const parked of await takeParkedOrderRefunds(tx, appointment.id, 'appointment')) {
    await creditVisitRefund(deps, tx, {
      refundId: parked.refundId,
      orderId: parked.orderId,
      amountPaise: parked.amountPaise,
      method: parked.method,
      reference: parked.reference,
      refundedAt: parked.refundedAt,
    });
  }
  return invoice;
}

/**
 * The credit note of a refund of a visit's online payment, against its advance invoice; a refund read
 * before that invoice waits for it (as an order's does). `refund.orderId` is the appointment id. A
 * visit already checked out has no advance invoice left to credit: its sale's invoice is its document.
 */
export async function creditVisitRefund(
  deps: DocumentDeps,
  tx: Tx,
  refund: OrderRefund,
): Promise<TaxDocument | undefined> {
  const known = await findDocumentBySource(tx, 'visit_refund', refund.refundId);
  if (known) return known;
  if (await findDocumentBySource(tx, 'visit_superseded', refund.orderId)) return undefined;
  const invoice = await findDocumentBySource(tx, 'visit_payment', refund.orderId);
  if (!invoice) {
    if (!(await appointmentCheckedOut(tx, refund.orderId))) await parkOrderRefund(tx, refund, 'appointment');
    return undefined;
  }
  const credited = await creditedSoFar(tx, invoice.id);
  const now = deps.now?.() ?? new Date();
  return issue(
    deps,
    tx,
    drafted(() =>
      visitRefundCreditNote(
        { ...refund, refundedAt: timestampFromDate(refund.refundedAt) },
        invoice,
        credited,
        now,
      ),
    ),
  );
}

/**
 * The credit note of a sale's refund. The refund carries the sale as completed, so an invoice not
 * issued yet (its event dead-lettered and replayed later, say) is issued from it first: the refund is
 * never lost, and the sale's own event then finds its invoice there.
 */
export async function creditSaleRefund(
  deps: DocumentDeps,
  tx: Tx,
  refund: commerceV1.SaleRefunded,
): Promise<TaxDocument | undefined> {
  if (!refund.sale?.saleId) throw new PermanentEventError('a sale refund without its sale');
  const known = await findDocumentBySource(tx, 'sale_refund', refund.refundId);
  if (known) return known;
  const invoice = await invoiceSale(deps, tx, refund.sale);
  const credited = await creditedSoFar(tx, invoice.id);
  const now = deps.now?.() ?? new Date();
  return issue(
    deps,
    tx,
    drafted(() => saleRefundCreditNote(refund, invoice, credited, now)),
  );
}

/**
 * The invoice of a store order once it is paid online (or, cash on delivery, delivered), and then the
 * credit notes of refunds that arrived before it.
 */
export async function invoiceOrder(
  deps: DocumentDeps,
  tx: Tx,
  order: commerceV1.Order,
  payment: { reference: string },
): Promise<TaxDocument> {
  const known = await findDocumentBySource(tx, 'order', order.orderId);
  if (known) return known;
  const now = deps.now?.() ?? new Date();
  const invoice = await issue(
    deps,
    tx,
    drafted(() => orderInvoice(order, supplier(deps), payment, now)),
  );
  for (const parked of await takeParkedOrderRefunds(tx, order.orderId)) {
    await creditOrderRefund(deps, tx, {
      refundId: parked.refundId,
      orderId: parked.orderId,
      amountPaise: parked.amountPaise,
      method: parked.method,
      reference: parked.reference,
      refundedAt: parked.refundedAt,
    });
  }
  return invoice;
}

export interface OrderRefund {
  refundId: string;
  orderId: string;
  amountPaise: number;
  method: string;
  reference: string;
  refundedAt: Date;
}

/**
 * The credit note of a refund of a store order's payment. Its invoice comes from another topic's
 * event and may not be there yet: the refund then waits (tax_document_pending_refunds) and is credited
 * when the invoice is issued.
 */
export async function creditOrderRefund(
  deps: DocumentDeps,
  tx: Tx,
  refund: OrderRefund,
): Promise<TaxDocument | undefined> {
  const known = await findDocumentBySource(tx, 'order_refund', refund.refundId);
  if (known) return known;
  const invoice = await findDocumentBySource(tx, 'order', refund.orderId);
  if (!invoice) {
    await parkOrderRefund(tx, refund);
    return undefined;
  }
  const credited = await creditedSoFar(tx, invoice.id);
  const now = deps.now?.() ?? new Date();
  return issue(
    deps,
    tx,
    drafted(() =>
      orderRefundCreditNote(
        { ...refund, refundedAt: timestampFromDate(refund.refundedAt) },
        invoice,
        credited,
        now,
      ),
    ),
  );
}

/** The refund a commerce.payment.refunded event describes: of a store order, or (its id as orderId) a visit. */
export function orderRefundOf(payload: commerceV1.PaymentRefunded, occurredAt: Date): OrderRefund {
  return {
    refundId: payload.refundId,
    orderId: payload.purpose === 'appointment' ? payload.appointmentId : payload.orderId,
    amountPaise: Number(payload.amountPaise),
    method: 'online',
    reference: payload.providerRefundId || payload.refundId,
    refundedAt: payload.refundedAt ? timestampDate(payload.refundedAt) : occurredAt,
  };
}
