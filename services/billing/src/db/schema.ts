import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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

/*
 * The owner's reports (GET /admin/reports) read billing's own bills and these read models, built from
 * other services' events (src/events/handlers/*): booking's appointments, commerce's orders, counter
 * sales and their refunds, catalogue's rooms and identity's employees. Each row keeps the source's
 * change time, and an older event never overwrites a newer row.
 */

/** This database's read-model generation (one row, written by the migration): names the consumer group. */
export const readModelGeneration = pgTable('read_model_generation', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: instant('created_at').defaultNow(),
});

/** One row per appointment, as its latest booking.appointment.* event carried it. */
export const reportAppointments = pgTable(
  'report_appointments',
  {
    id: text('id').primaryKey(),
    /** Pending, Scheduled, Confirmed, Arrived, In Progress, Completed, No-show or Cancelled. */
    status: text('status').notNull(),
    serviceId: text('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    /** '' while no employee is assigned. */
    employeeId: text('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
    roomId: text('room_id').notNull(),
    roomNumber: text('room_number').notNull(),
    roomType: text('room_type').notNull(),
    startsAt: instant('starts_at'),
    /** For a No-show: when it was marked (the rest of its slot was freed). */
    endsAt: instant('ends_at'),
    totalPricePaise: paise('total_price_paise'),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').notNull(),
    customerId: text('customer_id').notNull(),
    /** The appointment's updated_at_ms (the event's time when a producer left it out). */
    updatedAt: instant('updated_at'),
  },
  (table) => [
    index('report_appointments_starts_at_idx').on(table.startsAt),
    index('report_appointments_status_starts_at_idx').on(table.status, table.startsAt),
  ],
);

/** One row per store order, as its latest commerce.order.* event carried it. */
export const reportOrders = pgTable(
  'report_orders',
  {
    id: text('id').primaryKey(),
    /** pending_payment, placed, paid, delivered or cancelled. */
    status: text('status').notNull(),
    /** COD or ONLINE. */
    paymentMethod: text('payment_method').notNull(),
    totalPricePaise: paise('total_price_paise'),
    customerId: text('customer_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** When it counts as revenue (domain/reports.ts orderRevenueAt); null while it does not. */
    revenueAt: timestamp('revenue_at', { withTimezone: true, mode: 'date' }),
    /** The time of the event this row was written from. */
    sourceUpdatedAt: instant('source_updated_at'),
  },
  (table) => [index('report_orders_revenue_at_idx').on(table.revenueAt)],
);

/** The lines of each order (product revenue). */
export const reportOrderLines = pgTable(
  'report_order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => reportOrders.id, { onDelete: 'cascade' }),
    lineId: text('line_id').notNull(),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise'),
    lineTotalPaise: paise('line_total_paise'),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.lineId] })],
);

/** Refunds of store orders (commerce.payment.refunded with purpose order), one row per refund. */
export const reportOrderRefunds = pgTable(
  'report_order_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    orderId: text('order_id').notNull(),
    amountPaise: paise('amount_paise'),
    refundedAt: instant('refunded_at'),
  },
  (table) => [
    index('report_order_refunds_refunded_at_idx').on(table.refundedAt),
    index('report_order_refunds_order_idx').on(table.orderId),
  ],
);

/**
 * Counter sales (commerce.sale.completed; a refund's event carries its sale too), one row per sale.
 * A sale is written once: a completed sale does not change.
 */
export const reportSales = pgTable(
  'report_sales',
  {
    id: text('id').primaryKey(),
    completedAt: instant('completed_at'),
    customerId: text('customer_id').notNull(),
  },
  (table) => [index('report_sales_completed_at_idx').on(table.completedAt)],
);

/** The appointments each sale checked out: they count through their sale, not at their list price. */
export const reportSaleAppointments = pgTable(
  'report_sale_appointments',
  {
    saleId: text('sale_id')
      .notNull()
      .references(() => reportSales.id, { onDelete: 'cascade' }),
    appointmentId: text('appointment_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.appointmentId] }),
    index('report_sale_appointments_appointment_idx').on(table.appointmentId),
  ],
);

/** The lines of each sale: treatments, products, add-ons and tips, each at what the customer paid. */
export const reportSaleLines = pgTable(
  'report_sale_lines',
  {
    saleId: text('sale_id')
      .notNull()
      .references(() => reportSales.id, { onDelete: 'cascade' }),
    lineId: text('line_id').notNull(),
    /** service, product, addon or tip. */
    kind: text('kind').notNull(),
    /** The catalogue's service or product id; '' for an add-on or a tip. */
    itemId: text('item_id').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Tax-inclusive, after both discounts. */
    totalPaise: paise('total_paise'),
    /** '' when the line is not a visit's. */
    appointmentId: text('appointment_id').notNull(),
    /** The therapist who gave the treatment or receives the tip; '' when none. */
    employeeId: text('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.saleId, table.lineId] })],
);

/** Refunds of counter sales (commerce.sale.refunded): one row per line (or part of one) given back. */
export const reportSaleRefundLines = pgTable(
  'report_sale_refund_lines',
  {
    refundId: text('refund_id').notNull(),
    lineId: text('line_id').notNull(),
    saleId: text('sale_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Tax-inclusive. */
    amountPaise: paise('amount_paise'),
    refundedAt: instant('refunded_at'),
  },
  (table) => [
    primaryKey({ columns: [table.refundId, table.lineId] }),
    index('report_sale_refund_lines_refunded_at_idx').on(table.refundedAt),
  ],
);

/** Catalogue's rooms (compacted topic catalogue.room.v1), so a room with nothing booked is listed. */
export const reportRooms = pgTable('report_rooms', {
  id: text('id').primaryKey(),
  roomNumber: text('room_number').notNull(),
  type: text('type').notNull(),
  deleted: boolean('deleted').notNull().default(false),
  sourceUpdatedAt: instant('source_updated_at'),
});

/**
 * Identity's employees (compacted topic identity.user.v1), so a therapist with nothing booked is listed.
 * Only people who are or were employees: a customer's event adds no row (it only demotes a former one).
 */
export const reportEmployees = pgTable('report_employees', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** employee, or what a former employee is now (user, admin). */
  role: text('role').notNull(),
  deleted: boolean('deleted').notNull().default(false),
  updatedAt: instant('updated_at'),
});
export * from './documents.schema.js';
