import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, PermanentEventError, type Tx } from '@spa/kit';
import { events, type billingV1, type commerceV1 } from '@spa/proto';
import {
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
function drafted(make: () => DocumentDraft): DocumentDraft {
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

/** The invoice of a completed sale: issued once, whatever number of times the event arrives. */
export async function invoiceSale(deps: DocumentDeps, tx: Tx, sale: commerceV1.Sale): Promise<TaxDocument> {
  const known = await findDocumentBySource(tx, 'sale', sale.saleId);
  if (known) return known;
  const now = deps.now?.() ?? new Date();
  return issue(
    deps,
    tx,
    drafted(() => saleInvoice(sale, supplier(deps), now)),
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

/** The refund a commerce.payment.refunded event describes, for a store order. */
export function orderRefundOf(payload: commerceV1.PaymentRefunded, occurredAt: Date): OrderRefund {
  return {
    refundId: payload.refundId,
    orderId: payload.orderId,
    amountPaise: Number(payload.amountPaise),
    method: 'online',
    reference: payload.providerRefundId || payload.refundId,
    refundedAt: payload.refundedAt ? timestampDate(payload.refundedAt) : occurredAt,
  };
}
