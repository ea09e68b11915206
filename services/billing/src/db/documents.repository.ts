import { randomUUID } from 'node:crypto';
import type { Queryable, Tx } from '@spa/kit';
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CalendarDate } from '../domain/calendar.js';
import { financialYearOf, formatInvoiceNumber } from '../domain/invoice-number.js';
import {
  formatCreditNoteNumber,
  type CreditedSoFar,
  type DocumentDraft,
  type DocumentKind,
  type DocumentLine,
  type DocumentLineKind,
  type DocumentSourceKind,
  type TaxDocument,
} from '../domain/tax-document.js';
import {
  creditNoteCounters,
  invoiceCounters,
  pendingOrderRefunds,
  reportSaleAppointments,
  taxDocumentLines,
  taxDocumentPdfs,
  taxDocuments,
} from './schema.js';

type DocumentRow = typeof taxDocuments.$inferSelect;
type LineRow = typeof taxDocumentLines.$inferSelect;

function toDocument(row: DocumentRow, lines: LineRow[], original?: DocumentRow): TaxDocument {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    number: row.number,
    financialYear: row.financialYear,
    sequence: row.sequence,
    sourceKind: row.sourceKind as DocumentSourceKind,
    sourceId: row.sourceId,
    ...(original
      ? { original: { id: original.id, number: original.number, issueDate: original.issueDate } }
      : {}),
    issueDate: row.issueDate,
    branchId: row.branchId ?? '',
    supplierGstin: row.supplierGstin,
    supplierStateCode: row.supplierStateCode,
    placeOfSupply: row.placeOfSupply,
    customer: {
      id: row.customerId,
      name: row.customerName,
      email: row.customerEmail,
      phone: row.customerPhone,
      gstin: row.customerGstin,
    },
    lines: lines.map((line): DocumentLine => ({
      position: line.position,
      kind: line.kind as DocumentLineKind,
      name: line.name,
      taxCode: line.taxCode,
      gstBp: line.gstBp,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: line.discountPaise,
      taxablePaise: line.taxablePaise,
      cgstPaise: line.cgstPaise,
      sgstPaise: line.sgstPaise,
      igstPaise: line.igstPaise,
      totalPaise: line.totalPaise,
      employeeName: line.employeeName,
      sourceLineId: line.sourceLineId,
    })),
    taxablePaise: row.taxablePaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    igstPaise: row.igstPaise,
    tipPaise: row.tipPaise,
    totalPaise: row.totalPaise,
    payments: row.payments,
    balancePaise: row.balancePaise,
    irn: row.irn ?? '',
    createdAt: row.createdAt,
  };
}

/** Loads the lines (and each credit note's invoice) of the given rows and assembles them in order. */
async function withLines(db: Queryable, rows: DocumentRow[]): Promise<TaxDocument[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const originalIds = [
    ...new Set(rows.flatMap((row) => (row.originalDocumentId ? [row.originalDocumentId] : []))),
  ];
  const [lines, originals] = await Promise.all([
    db
      .select()
      .from(taxDocumentLines)
      .where(inArray(taxDocumentLines.documentId, ids))
      .orderBy(asc(taxDocumentLines.position)),
    originalIds.length > 0
      ? db.select().from(taxDocuments).where(inArray(taxDocuments.id, originalIds))
      : Promise.resolve([] as DocumentRow[]),
  ]);
  return rows.map((row) =>
    toDocument(
      row,
      lines.filter((line) => line.documentId === row.id),
      originals.find((original) => original.id === row.originalDocumentId),
    ),
  );
}

/**
 * The next sequence of a series in a financial year. Like the manual bills' (bills.repository.ts):
 * the upsert holds the counter row's lock until the transaction ends and rolls back with it, so the
 * series has no gap. Invoices share invoice_counters with the manual bills: one INV series.
 */
async function takeSequence(tx: Tx, kind: DocumentKind, financialYear: string): Promise<number> {
  const counter = kind === 'invoice' ? invoiceCounters : creditNoteCounters;
  const [row] = await tx
    .insert(counter)
    .values({ financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: counter.financialYear,
      set: { lastSequence: sql`${counter.lastSequence} + 1` },
    })
    .returning({ sequence: counter.lastSequence });
  return row!.sequence;
}

/**
 * Numbers and writes a document with its lines, in the caller's transaction (which also writes its
 * event). The caller has checked that its source has none yet; should two transactions race on one
 * source, the unique (source_kind, source_id) refuses the second, and its rollback returns its number.
 */
export async function insertDocument(tx: Tx, draft: DocumentDraft, now: Date): Promise<TaxDocument> {
  const financialYear = financialYearOf(draft.issueDate);
  const sequence = await takeSequence(tx, draft.kind, financialYear);
  const number =
    draft.kind === 'invoice'
      ? formatInvoiceNumber(financialYear, sequence)
      : formatCreditNoteNumber(financialYear, sequence);
  const id = randomUUID();
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      id,
      kind: draft.kind,
      number,
      financialYear,
      sequence,
      sourceKind: draft.sourceKind,
      sourceId: draft.sourceId,
      originalDocumentId: draft.original?.id ?? null,
      issueDate: draft.issueDate,
      supplierGstin: draft.supplierGstin,
      supplierStateCode: draft.supplierStateCode,
      placeOfSupply: draft.placeOfSupply,
      customerId: draft.customer.id,
      customerName: draft.customer.name,
      customerEmail: draft.customer.email,
      customerPhone: draft.customer.phone,
      customerGstin: draft.customer.gstin,
      taxablePaise: draft.taxablePaise,
      cgstPaise: draft.cgstPaise,
      sgstPaise: draft.sgstPaise,
      igstPaise: draft.igstPaise,
      tipPaise: draft.tipPaise,
      totalPaise: draft.totalPaise,
      payments: draft.payments,
      balancePaise: draft.balancePaise,
      createdAt: now,
    })
    .returning();
  if (draft.lines.length > 0)
    await tx.insert(taxDocumentLines).values(draft.lines.map((line) => ({ ...line, documentId: id })));
  const lines = await tx
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, id))
    .orderBy(asc(taxDocumentLines.position));
  const document = toDocument(row!, lines);
  return draft.original ? { ...document, original: draft.original } : document;
}

export async function findDocument(db: Queryable, id: string): Promise<TaxDocument | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** The document issued for a source (a sale, an order, a refund), if any. */
export async function findDocumentBySource(
  db: Queryable,
  sourceKind: DocumentSourceKind,
  sourceId: string,
): Promise<TaxDocument | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.sourceKind, sourceKind), eq(taxDocuments.sourceId, sourceId)));
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/**
 * What the credit notes of an invoice took back so far, per source line. Locks the invoice row first,
 * so two refunds of one invoice are credited one after the other and never both from the same total.
 */
export async function creditedSoFar(tx: Tx, invoiceId: string): Promise<CreditedSoFar> {
  await tx.execute(sql`select id from tax_documents where id = ${invoiceId} for update`);
  const { rows } = await tx.execute<{ source_line_id: string; quantity: number; total_paise: number }>(sql`
    select line.source_line_id, sum(line.quantity)::int as quantity, sum(line.total_paise)::bigint as total_paise
    from tax_document_lines as line
    join tax_documents as note on note.id = line.document_id
    where note.original_document_id = ${invoiceId}
    group by line.source_line_id`);
  return new Map(
    rows.map((row) => [
      row.source_line_id,
      { quantity: Number(row.quantity), totalPaise: Number(row.total_paise) },
    ]),
  );
}

export interface DocumentFilter {
  saleId?: string;
  orderId?: string;
  customerId?: string;
  kind?: DocumentKind;
  from?: CalendarDate;
  to?: CalendarDate;
  page: number;
  pageSize: number;
}

/** The documents of a source: its invoice and the credit notes against it. */
function ofSource(sourceKind: 'sale' | 'order', sourceId: string): SQL {
  return or(
    and(eq(taxDocuments.sourceKind, sourceKind), eq(taxDocuments.sourceId, sourceId)),
    sql`${taxDocuments.originalDocumentId} in (select id from tax_documents where source_kind = ${sourceKind} and source_id = ${sourceId})`,
  )!;
}

/** Documents matching the filter, newest first, one page of them and how many match in all. */
export async function listDocuments(
  db: Queryable,
  filter: DocumentFilter,
): Promise<{ documents: TaxDocument[]; total: number }> {
  const conditions: SQL[] = [
    ...(filter.saleId ? [ofSource('sale', filter.saleId)] : []),
    ...(filter.orderId ? [ofSource('order', filter.orderId)] : []),
    ...(filter.customerId !== undefined ? [eq(taxDocuments.customerId, filter.customerId)] : []),
    ...(filter.kind ? [eq(taxDocuments.kind, filter.kind)] : []),
    ...(filter.from ? [gte(taxDocuments.issueDate, filter.from)] : []),
    ...(filter.to ? [lte(taxDocuments.issueDate, filter.to)] : []),
  ];
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(taxDocuments)
      .where(where)
      .orderBy(desc(taxDocuments.createdAt), desc(taxDocuments.number))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(taxDocuments).where(where),
  ]);
  return { documents: await withLines(db, rows), total: counted!.total };
}

/** What a parked refund was a refund of: a store order, or a visit (its id in orderId). */
export type ParkedRefundPurpose = 'order' | 'appointment';

/** A refund of an order whose invoice is not issued yet: kept until it is (ignored when kept already). */
export async function parkOrderRefund(
  tx: Tx,
  refund: {
    refundId: string;
    orderId: string;
    amountPaise: number;
    method: string;
    reference: string;
    refundedAt: Date;
  },
  purpose: ParkedRefundPurpose = 'order',
): Promise<void> {
  await tx
    .insert(pendingOrderRefunds)
    .values({ ...refund, purpose })
    .onConflictDoNothing();
}

/** Takes (removes and answers) the refunds of an order that waited for its invoice, oldest first. */
export async function takeParkedOrderRefunds(
  tx: Tx,
  orderId: string,
  purpose: ParkedRefundPurpose = 'order',
): Promise<Array<typeof pendingOrderRefunds.$inferSelect>> {
  const rows = await tx
    .delete(pendingOrderRefunds)
    .where(and(eq(pendingOrderRefunds.orderId, orderId), eq(pendingOrderRefunds.purpose, purpose)))
    .returning();
  return rows.sort(
    (a, b) => a.refundedAt.getTime() - b.refundedAt.getTime() || a.refundId.localeCompare(b.refundId),
  );
}

/**
 * Raises the counters past every document number known: invoice_counters to at least the highest
 * invoice sequence among the tax documents (the manual bills' are raised by raiseInvoiceCounters) and
 * `invoices`, credit_note_counters to the highest credit-note sequence among the documents and
 * `creditNotes`. Never lowers one. Answers the counters raised, by series.
 */
export async function raiseDocumentCounters(
  db: Queryable,
  issued: { invoices: Map<string, number>; creditNotes: Map<string, number> },
): Promise<Array<{ series: 'INV' | 'CN'; financialYear: string; lastSequence: number }>> {
  const raised: Array<{ series: 'INV' | 'CN'; financialYear: string; lastSequence: number }> = [];
  for (const [series, kind, table, known] of [
    ['INV', 'invoice', 'invoice_counters', issued.invoices],
    ['CN', 'credit_note', 'credit_note_counters', issued.creditNotes],
  ] as const) {
    const json = JSON.stringify(Object.fromEntries(known));
    const counter = sql.raw(table);
    const { rows } = await db.execute<{ financial_year: string; last_sequence: number }>(sql`
      with seen as (
        select financial_year, max(sequence) as last_sequence from (
          select financial_year, sequence from tax_documents where kind = ${kind}
          union all
          select key, value::integer from jsonb_each_text(${json}::jsonb)
        ) as issued
        group by financial_year
      )
      insert into ${counter} (financial_year, last_sequence)
      select seen.financial_year, seen.last_sequence from seen
      left join ${counter} as current using (financial_year)
      where current.last_sequence is null or seen.last_sequence > current.last_sequence
      on conflict (financial_year) do update
        set last_sequence = greatest(${counter}.last_sequence, excluded.last_sequence)
      returning financial_year, last_sequence`);
    raised.push(
      ...rows.map((row) => ({
        series,
        financialYear: row.financial_year,
        lastSequence: Number(row.last_sequence),
      })),
    );
  }
  return raised;
}

/**
 * Whether a counter sale checked the appointment out, as billing's report read model knows it (the
 * visit's sale, once its event was read: the document consumer writes it too, see
 * tax-documents.handler.ts).
 */
export async function appointmentCheckedOut(db: Queryable, appointmentId: string): Promise<boolean> {
  const rows = await db
    .select({ saleId: reportSaleAppointments.saleId })
    .from(reportSaleAppointments)
    .where(eq(reportSaleAppointments.appointmentId, appointmentId))
    .limit(1);
  return rows.length > 0;
}

/** When the newest document was issued: the document topic is read back from shortly before it. */
export async function newestDocumentIssue(db: Queryable): Promise<Date | undefined> {
  const [row] = await db
    .select({ newest: sql<Date | null>`max(${taxDocuments.createdAt})` })
    .from(taxDocuments);
  return row?.newest ? new Date(row.newest) : undefined;
}

export async function findDocumentPdf(
  db: Queryable,
  documentId: string,
): Promise<{ pdf: Buffer; renderedAt: Date } | undefined> {
  const [row] = await db
    .select({ pdf: taxDocumentPdfs.pdf, renderedAt: taxDocumentPdfs.renderedAt })
    .from(taxDocumentPdfs)
    .where(eq(taxDocumentPdfs.documentId, documentId));
  return row;
}

/** Stores a document's PDF; a document never changes, so the first render stored stays. */
export async function storeDocumentPdf(
  db: Queryable,
  pdf: { documentId: string; pdf: Buffer; renderMs: number },
): Promise<void> {
  await db.insert(taxDocumentPdfs).values(pdf).onConflictDoNothing();
}

/**
 * Writes back a document read from billing's own events (a database restored from a backup lost it),
 * under its own id, number and sequence. Answers false when the database has it, or holds its number
 * or source under another document (left alone: the accountant sorts that out).
 */
export async function restoreDocument(tx: Tx, document: TaxDocument): Promise<boolean> {
  const inserted = await tx
    .insert(taxDocuments)
    .values({
      id: document.id,
      kind: document.kind,
      number: document.number,
      financialYear: document.financialYear,
      sequence: document.sequence,
      sourceKind: document.sourceKind,
      sourceId: document.sourceId,
      originalDocumentId: document.original?.id ?? null,
      issueDate: document.issueDate,
      branchId: document.branchId || null,
      supplierGstin: document.supplierGstin,
      supplierStateCode: document.supplierStateCode,
      placeOfSupply: document.placeOfSupply,
      customerId: document.customer.id,
      customerName: document.customer.name,
      customerEmail: document.customer.email,
      customerPhone: document.customer.phone,
      customerGstin: document.customer.gstin,
      taxablePaise: document.taxablePaise,
      cgstPaise: document.cgstPaise,
      sgstPaise: document.sgstPaise,
      igstPaise: document.igstPaise,
      tipPaise: document.tipPaise,
      totalPaise: document.totalPaise,
      payments: document.payments,
      balancePaise: document.balancePaise,
      irn: document.irn || null,
      createdAt: document.createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: taxDocuments.id });
  if (inserted.length === 0) return false;
  if (document.lines.length > 0)
    await tx
      .insert(taxDocumentLines)
      .values(document.lines.map((line) => ({ ...line, documentId: document.id })));
  return true;
}

/** Which of these document ids the database has. */
export async function knownDocumentIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(inArray(taxDocuments.id, ids));
  return new Set(rows.map((row) => row.id));
}
