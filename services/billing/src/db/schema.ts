import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

// Money columns hold integer paise and rate columns integer basis points (see packages/rules/src/bill-math.ts).
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();
const basisPoints = (name: string) => integer(name).notNull();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** One row per financial year: the last invoice sequence handed out in it. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    financialYear: text('financial_year').primaryKey(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (table) => [check('invoice_counters_positive', sql`${table.lastSequence} > 0`)],
);

export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    invoiceSequence: integer('invoice_sequence').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    customerId: text('customer_id').notNull(),
    gender: text('gender'),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    roomNo: text('room_no').notNull(),
    discountPercentBp: basisPoints('discount_percent_bp'),
    paymentMethod: text('payment_method').notNull(),
    advancePaise: paise('advance_paise'),
    subTotalPaise: paise('sub_total_paise'),
    discountPaise: paise('discount_paise'),
    totalPaise: paise('total_paise'),
    revision: integer('revision').notNull(),
    createdAt: instant('created_at'),
    updatedAt: instant('updated_at'),
    createdById: text('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
  },
  (table) => [
    unique('bills_invoice_sequence_unique').on(table.financialYear, table.invoiceSequence),
    index('bills_newest_first_idx').on(
      table.createdAt.desc(),
      table.financialYear.desc(),
      table.invoiceSequence.desc(),
    ),
    index('bills_bill_date_idx').on(table.billDate),
    check('bills_gender_check', sql`${table.gender} in ('Male', 'Female', 'Other')`),
    check('bills_payment_method_check', sql`${table.paymentMethod} in ('Cash', 'UPI', 'Card')`),
    check('bills_discount_percent_check', sql`${table.discountPercentBp} between 0 and 10000`),
    check(
      'bills_money_check',
      sql`${table.advancePaise} >= 0 and ${table.subTotalPaise} >= 0 and ${table.discountPaise} between 0 and ${table.subTotalPaise} and ${table.totalPaise} = ${table.subTotalPaise} - ${table.discountPaise} + ${table.advancePaise}`,
    ),
  ],
);

const lineColumns = {
  id: uuid('id').primaryKey(),
  billId: uuid('bill_id')
    .notNull()
    .references(() => bills.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  gstBp: basisPoints('gst_bp'),
  discountBp: basisPoints('discount_bp'),
  totalPaise: paise('total_paise'),
};

export const billServiceLines = pgTable(
  'bill_service_lines',
  {
    ...lineColumns,
    serviceName: text('service_name').notNull(),
    duration: text('duration').notNull(),
    staffAssigned: text('staff_assigned').notNull(),
    pricePaise: paise('price_paise'),
  },
  (table) => [
    index('bill_service_lines_bill_idx').on(table.billId, table.position),
    check('bill_service_lines_duration_check', sql`${table.duration} in ('30 Min', '45 Min', '60 Min')`),
    check(
      'bill_service_lines_rates_check',
      sql`${table.gstBp} between 0 and 10000 and ${table.discountBp} between 0 and 10000 and ${table.pricePaise} >= 0`,
    ),
  ],
);

export const billProductLines = pgTable(
  'bill_product_lines',
  {
    ...lineColumns,
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise'),
  },
  (table) => [
    index('bill_product_lines_bill_idx').on(table.billId, table.position),
    check(
      'bill_product_lines_rates_check',
      sql`${table.gstBp} between 0 and 10000 and ${table.discountBp} between 0 and 10000 and ${table.unitPricePaise} >= 0 and ${table.quantity} >= 1`,
    ),
  ],
);

/** Who changed a bill, when, and what (field, from, to), one row per saved edit. */
export const billHistory = pgTable(
  'bill_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    changedAt: instant('changed_at'),
    changedById: text('changed_by_id').notNull(),
    changedByName: text('changed_by_name').notNull(),
    changedByRole: text('changed_by_role').notNull(),
    changes: jsonb('changes').notNull(),
  },
  (table) => [unique('bill_history_revision_unique').on(table.billId, table.revision)],
);

/** The latest rendered invoice PDF of each bill and the bill revision it shows. */
export const invoicePdfs = pgTable('invoice_pdfs', {
  billId: uuid('bill_id')
    .primaryKey()
    .references(() => bills.id, { onDelete: 'cascade' }),
  billRevision: integer('bill_revision').notNull(),
  pdf: bytea('pdf').notNull(),
  renderMs: integer('render_ms').notNull(),
  renderedAt: instant('rendered_at'),
});
