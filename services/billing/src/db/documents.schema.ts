import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  date,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * GST documents billing issues in the background from other services' events: a tax invoice for each
 * completed counter sale and each paid (or, cash on delivery, delivered) store order, and a credit
 * note for each refund of one. Invoices take their numbers from invoice_counters, the series the manual
 * bills use, so INV/<year>/<n> stays one gapless series; credit notes have their own
 * (credit_note_counters, CN/<year>/<n>). A document is never edited: no update path exists, and a
 * trigger (in the migration) refuses one. branch_id and supplier_gstin leave room for one series per
 * GSTIN when a deployment has branches; irn and irn_qr for e-invoicing above its turnover threshold.
 */

const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** One row per financial year: the last credit-note sequence handed out in it. */
export const creditNoteCounters = pgTable(
  'credit_note_counters',
  {
    financialYear: text('financial_year').primaryKey(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (table) => [check('credit_note_counters_positive', sql`${table.lastSequence} > 0`)],
);

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey(),
    /** invoice or credit_note. */
    kind: text('kind').notNull(),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /**
     * sale, order or visit_payment (a visit's online payment, invoiced as an advance) for invoices;
     * sale_refund, order_refund, visit_refund or visit_superseded (the advance invoice cancelled by the
     * visit's sale at checkout) for credit notes.
     */
    sourceKind: text('source_kind').notNull(),
    /** The sale, order or appointment id, or the refund id: one document per source, ever. */
    sourceId: text('source_id').notNull(),
    /** A credit note's invoice. */
    originalDocumentId: uuid('original_document_id'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    branchId: text('branch_id'),
    supplierGstin: text('supplier_gstin').notNull(),
    supplierStateCode: text('supplier_state_code').notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    customerId: text('customer_id').notNull().default(''),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    customerGstin: text('customer_gstin').notNull().default(''),
    taxablePaise: paise('taxable_paise'),
    cgstPaise: paise('cgst_paise'),
    sgstPaise: paise('sgst_paise'),
    igstPaise: paise('igst_paise'),
    tipPaise: paise('tip_paise'),
    totalPaise: paise('total_paise'),
    /** What was paid (method, amount, reference) as printed, and what the customer still owes. */
    payments: jsonb('payments')
      .$type<{ method: string; amountPaise: number; reference: string }[]>()
      .notNull(),
    balancePaise: paise('balance_paise').default(0),
    irn: text('irn'),
    irnQr: text('irn_qr'),
    createdAt: instant('created_at').defaultNow(),
  },
  (table) => [
    unique('tax_documents_sequence_unique').on(table.kind, table.financialYear, table.sequence),
    unique('tax_documents_source_unique').on(table.sourceKind, table.sourceId),
    index('tax_documents_issue_date_idx').on(table.issueDate, table.kind),
    index('tax_documents_customer_idx').on(table.customerId, table.createdAt),
    index('tax_documents_original_idx').on(table.originalDocumentId),
    check('tax_documents_kind_check', sql`${table.kind} in ('invoice', 'credit_note')`),
    check(
      'tax_documents_source_kind_check',
      sql`(${table.kind} = 'invoice' and ${table.sourceKind} in ('sale', 'order', 'visit_payment')) or (${table.kind} = 'credit_note' and ${table.sourceKind} in ('sale_refund', 'order_refund', 'visit_refund', 'visit_superseded') and ${table.originalDocumentId} is not null)`,
    ),
    check(
      'tax_documents_money_check',
      sql`${table.taxablePaise} >= 0 and ${table.cgstPaise} >= 0 and ${table.sgstPaise} >= 0 and ${table.igstPaise} >= 0 and ${table.tipPaise} >= 0 and ${table.balancePaise} >= 0 and ${table.totalPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise} + ${table.tipPaise}`,
    ),
    // Inside the state CGST + SGST, across states IGST: never both.
    check(
      'tax_documents_tax_kind_check',
      sql`(${table.placeOfSupply} = ${table.supplierStateCode} and ${table.igstPaise} = 0) or (${table.placeOfSupply} <> ${table.supplierStateCode} and ${table.cgstPaise} = 0 and ${table.sgstPaise} = 0)`,
    ),
  ],
);

export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => taxDocuments.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /** service, product, addon or tip. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    taxCode: text('tax_code').notNull().default(''),
    gstBp: integer('gst_bp').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise'),
    discountPaise: paise('discount_paise'),
    taxablePaise: paise('taxable_paise'),
    cgstPaise: paise('cgst_paise'),
    sgstPaise: paise('sgst_paise'),
    igstPaise: paise('igst_paise'),
    totalPaise: paise('total_paise'),
    employeeName: text('employee_name').notNull().default(''),
    sourceLineId: text('source_line_id').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.position] }),
    check('tax_document_lines_kind_check', sql`${table.kind} in ('service', 'product', 'addon', 'tip')`),
    check(
      'tax_document_lines_money_check',
      sql`${table.quantity} >= 0 and ${table.gstBp} between 0 and 10000 and ${table.taxablePaise} >= 0 and ${table.cgstPaise} >= 0 and ${table.sgstPaise} >= 0 and ${table.igstPaise} >= 0 and ${table.discountPaise} >= 0 and ${table.totalPaise} >= 0`,
    ),
    // A tip is outside the taxable value: no taxable part, no tax. Every other line is taxable + tax.
    check(
      'tax_document_lines_sum_check',
      sql`(${table.kind} = 'tip' and ${table.gstBp} = 0 and ${table.taxablePaise} = 0 and ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise} = 0) or (${table.kind} <> 'tip' and ${table.totalPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise})`,
    ),
  ],
);

/** Each document's rendered PDF (rendered once: a document never changes). */
export const taxDocumentPdfs = pgTable('tax_document_pdfs', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => taxDocuments.id, { onDelete: 'restrict' }),
  pdf: bytea('pdf').notNull(),
  renderMs: integer('render_ms').notNull(),
  renderedAt: instant('rendered_at').defaultNow(),
});

/**
 * Refunds of store orders (and of visits' online payments) whose invoice is not issued yet: the
 * order's paid (or delivered) event, or the appointment's paid one, and the payment's refunded event
 * travel on different topics, so the refund may be read first. It waits here and its credit note is
 * issued in the transaction that issues the invoice.
 */
export const pendingOrderRefunds = pgTable(
  'tax_document_pending_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    /** order, or appointment: then order_id holds the appointment id. */
    purpose: text('purpose').notNull().default('order'),
    orderId: text('order_id').notNull(),
    amountPaise: paise('amount_paise'),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    refundedAt: instant('refunded_at'),
    createdAt: instant('created_at').defaultNow(),
  },
  (table) => [index('tax_document_pending_refunds_order_idx').on(table.orderId, table.refundedAt)],
);
