import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The counter: sales the front desk checks out (a visit, or a walk-in), the money taken for them, their
 * refunds, and the cash drawer. Prices are tax-inclusive paise (@spa/rules counter.ts); billing turns a
 * completed sale into its tax invoice from commerce.sale.completed. Every table carries branch_id
 * (null while a deployment is one spa) so branches filter here without a rewrite.
 */

const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey(),
    branchId: text('branch_id'),
    /** open (being built at the desk), completed (checked out: its invoice follows) or voided. */
    status: text('status').notNull(),
    /** Grows with every change, so two desks editing one sale cannot overwrite each other. */
    version: integer('version').notNull().default(1),
    customerId: text('customer_id'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    customerGstin: text('customer_gstin').notNull().default(''),
    saleDiscountPaise: paise('sale_discount_paise').default(0),
    saleDiscountReason: text('sale_discount_reason').notNull().default(''),
    /** none, pending (above the cashier's limit, waiting for an admin) or approved. */
    discountApproval: text('discount_approval').notNull().default('none'),
    discountApprovedById: text('discount_approved_by_id'),
    /** Kept in step with the lines and tenders by the code that writes them, checked at completion. */
    totalPaise: paise('total_paise').default(0),
    tipPaise: paise('tip_paise').default(0),
    discountPaise: paise('discount_paise').default(0),
    paidPaise: paise('paid_paise').default(0),
    cashierId: text('cashier_id').notNull(),
    cashierName: text('cashier_name').notNull(),
    openedAt: instant('opened_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
    voidedAt: instant('voided_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('sales_status_opened_idx').on(table.status, table.openedAt),
    index('sales_customer_idx').on(table.customerId, table.openedAt),
    index('sales_completed_idx')
      .on(table.completedAt)
      .where(sql`${table.status} = 'completed'`),
    check('sales_status_check', sql`${table.status} in ('open', 'completed', 'voided')`),
    check('sales_discount_approval_check', sql`${table.discountApproval} in ('none', 'pending', 'approved')`),
    check(
      'sales_money_check',
      sql`${table.saleDiscountPaise} >= 0 and ${table.totalPaise} >= 0 and ${table.tipPaise} >= 0 and ${table.discountPaise} >= 0 and ${table.paidPaise} >= 0`,
    ),
    // A sale is never paid more than it costs: change is given back, not kept as credit.
    check(
      'sales_not_overpaid_check',
      sql`${table.paidPaise} <= ${table.totalPaise} or ${table.status} = 'open'`,
    ),
  ],
);

/** The appointments a sale checks out: one sale per appointment, ever (a visit is checked out once). */
export const saleAppointments = pgTable(
  'sale_appointments',
  {
    appointmentId: text('appointment_id').primaryKey(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sale_appointments_sale_idx').on(table.saleId)],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    id: uuid('id').primaryKey(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** service, product, addon or tip. */
    kind: text('kind').notNull(),
    /** The catalogue's service or product id; null for a tip or an addon. */
    itemId: text('item_id'),
    name: text('name').notNull(),
    taxCode: text('tax_code').notNull().default(''),
    gstBp: integer('gst_bp').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise'),
    lineDiscountPaise: paise('line_discount_paise').default(0),
    lineDiscountReason: text('line_discount_reason').notNull().default(''),
    saleDiscountSharePaise: paise('sale_discount_share_paise').default(0),
    totalPaise: paise('total_paise'),
    appointmentId: text('appointment_id'),
    employeeId: text('employee_id'),
    employeeName: text('employee_name').notNull().default(''),
    roomNumber: text('room_number').notNull().default(''),
    /** A product line's stock reservation at the catalogue (its key there); null for other kinds. */
    reservationKey: text('reservation_key').unique(),
    /** reserved (stock held), released (put back) or taken (the sale completed); null for other kinds. */
    reservationStatus: text('reservation_status'),
  },
  (table) => [
    index('sale_lines_sale_idx').on(table.saleId, table.position),
    check('sale_lines_kind_check', sql`${table.kind} in ('service', 'product', 'addon', 'tip')`),
    check(
      'sale_lines_money_check',
      sql`${table.quantity} between 1 and 1000 and ${table.unitPricePaise} >= 0 and ${table.lineDiscountPaise} >= 0 and ${table.saleDiscountSharePaise} >= 0 and ${table.totalPaise} = ${table.quantity} * ${table.unitPricePaise} - ${table.lineDiscountPaise} - ${table.saleDiscountSharePaise} and ${table.totalPaise} >= 0`,
    ),
    check('sale_lines_gst_check', sql`${table.gstBp} between 0 and 10000`),
    check(
      'sale_lines_tip_check',
      sql`${table.kind} <> 'tip' or (${table.gstBp} = 0 and ${table.lineDiscountPaise} = 0 and ${table.saleDiscountSharePaise} = 0)`,
    ),
    check(
      'sale_lines_reservation_check',
      sql`(${table.kind} = 'product') = (${table.reservationStatus} is not null) and (${table.reservationStatus} is null or ${table.reservationStatus} in ('reserved', 'released', 'taken'))`,
    ),
  ],
);

/**
 * Every stock reservation key the counter asks the catalogue for, written (and committed) BEFORE it
 * asks, so stock taken by an edit that then failed (the answer lost, the edit's transaction refused,
 * the process gone) is found again and released by the sweeper (worker.ts). asked: the catalogue may
 * hold it, no committed line does yet; held: a line of the sale holds it; releasing: its line left the
 * sale (removed, or the sale voided) and the catalogue has not confirmed the release; released: done.
 */
export const saleLineReservations = pgTable(
  'sale_line_reservations',
  {
    key: text('key').primaryKey(),
    saleId: uuid('sale_id').notNull(),
    state: text('state').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // The sweeper's query: only keys that may still need a release are indexed.
    index('sale_line_reservations_open_idx')
      .on(table.createdAt)
      .where(sql`${table.state} in ('asked', 'releasing')`),
    index('sale_line_reservations_sale_idx').on(table.saleId),
    check(
      'sale_line_reservations_state_check',
      sql`${table.state} in ('asked', 'held', 'releasing', 'released')`,
    ),
  ],
);

/**
 * Money taken for a sale. Written before the provider is asked (a payment link: status pending), so a
 * crash between the two is found again by its id; keyed by the desk's idempotency key so a double click
 * takes the money once.
 */
export const saleTenders = pgTable(
  'sale_tenders',
  {
    id: uuid('id').primaryKey(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** cash, card_terminal, razorpay or online (a deposit or prepayment made when booking). */
    method: text('method').notNull(),
    /** pending (a payment link not yet paid), paid, failed or cancelled. */
    status: text('status').notNull(),
    amountPaise: paise('amount_paise'),
    cashReceivedPaise: paise('cash_received_paise').default(0),
    changePaise: paise('change_paise').default(0),
    /** The terminal's slip reference, the provider's payment id, or our online payment's id. */
    reference: text('reference').notNull().default(''),
    providerLinkId: text('provider_link_id').unique(),
    providerLinkUrl: text('provider_link_url'),
    /** The drawer shift a cash tender went into. */
    shiftId: uuid('shift_id'),
    recordedById: text('recorded_by_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    paidAt: instant('paid_at'),
  },
  (table) => [
    index('sale_tenders_sale_idx').on(table.saleId, table.createdAt),
    index('sale_tenders_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check(
      'sale_tenders_method_check',
      sql`${table.method} in ('cash', 'card_terminal', 'razorpay', 'online')`,
    ),
    check('sale_tenders_status_check', sql`${table.status} in ('pending', 'paid', 'failed', 'cancelled')`),
    check(
      'sale_tenders_money_check',
      sql`${table.amountPaise} > 0 and ${table.changePaise} >= 0 and ${table.cashReceivedPaise} >= 0 and (${table.method} <> 'cash' or ${table.cashReceivedPaise} = ${table.amountPaise} + ${table.changePaise})`,
    ),
    check('sale_tenders_cash_shift_check', sql`${table.method} <> 'cash' or ${table.shiftId} is not null`),
  ],
);

/** Money given back from a completed sale; keyed by the desk's idempotency key. */
export const saleRefunds = pgTable(
  'sale_refunds',
  {
    id: uuid('id').primaryKey(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** cash, card_terminal or razorpay. */
    method: text('method').notNull(),
    /** requested (razorpay, not yet confirmed), processed or failed. */
    status: text('status').notNull(),
    amountPaise: paise('amount_paise'),
    reason: text('reason').notNull(),
    /** Products put back on the shelf (their stock returned to the catalogue). */
    restocked: boolean('restocked').notNull().default(false),
    providerRefundId: text('provider_refund_id').unique(),
    shiftId: uuid('shift_id'),
    refundedById: text('refunded_by_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    processedAt: instant('processed_at'),
  },
  (table) => [
    index('sale_refunds_sale_idx').on(table.saleId, table.createdAt),
    check('sale_refunds_method_check', sql`${table.method} in ('cash', 'card_terminal', 'razorpay')`),
    check('sale_refunds_status_check', sql`${table.status} in ('requested', 'processed', 'failed')`),
    check('sale_refunds_amount_check', sql`${table.amountPaise} > 0`),
  ],
);

/** What each refund gave back, per sale line: a line is never refunded beyond what was sold. */
export const saleRefundLines = pgTable(
  'sale_refund_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => saleRefunds.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => saleLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amountPaise: paise('amount_paise'),
  },
  (table) => [
    primaryKey({ columns: [table.refundId, table.lineId] }),
    check('sale_refund_lines_check', sql`${table.quantity} >= 0 and ${table.amountPaise} > 0`),
  ],
);

/** A shift of the cash drawer: opened with a float, closed with the cash counted. One open per branch. */
export const drawerShifts = pgTable(
  'drawer_shifts',
  {
    id: uuid('id').primaryKey(),
    branchId: text('branch_id'),
    /** open or closed. */
    status: text('status').notNull(),
    openingFloatPaise: paise('opening_float_paise'),
    /** Set when closed: what the movements say should be there, what was counted, and the difference. */
    expectedCashPaise: bigint('expected_cash_paise', { mode: 'number' }),
    countedCashPaise: bigint('counted_cash_paise', { mode: 'number' }),
    differencePaise: bigint('difference_paise', { mode: 'number' }),
    closeNote: text('close_note').notNull().default(''),
    openedById: text('opened_by_id').notNull(),
    openedByName: text('opened_by_name').notNull(),
    closedById: text('closed_by_id'),
    closedByName: text('closed_by_name'),
    openedAt: instant('opened_at').notNull().defaultNow(),
    closedAt: instant('closed_at'),
  },
  (table) => [
    // One open shift per branch (coalesce: null is the single-spa deployment's one drawer).
    uniqueIndex('drawer_shifts_one_open')
      .on(sql`coalesce(${table.branchId}, '')`)
      .where(sql`${table.status} = 'open'`),
    index('drawer_shifts_opened_idx').on(table.openedAt),
    check('drawer_shifts_status_check', sql`${table.status} in ('open', 'closed')`),
    check('drawer_shifts_float_check', sql`${table.openingFloatPaise} >= 0`),
    check(
      'drawer_shifts_closed_check',
      sql`(${table.status} = 'closed') = (${table.closedAt} is not null and ${table.countedCashPaise} is not null and ${table.expectedCashPaise} is not null and ${table.differencePaise} = ${table.countedCashPaise} - ${table.expectedCashPaise})`,
    ),
  ],
);

/**
 * Every movement of cash through the drawer: the opening float, cash sales (net of change), cash put in
 * or taken out with a reason, tips paid out to therapists, cash refunds. The expected cash of a shift
 * is the sum of its movements.
 */
export const drawerMovements = pgTable(
  'drawer_movements',
  {
    id: uuid('id').primaryKey(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => drawerShifts.id, { onDelete: 'cascade' }),
    /** float, sale, in, out, tip_payout or refund. */
    kind: text('kind').notNull(),
    /** Positive into the drawer, negative out of it. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    saleId: uuid('sale_id'),
    tenderId: uuid('tender_id').unique(),
    refundId: uuid('refund_id').unique(),
    /** The therapist a tip was paid out to. */
    employeeId: text('employee_id'),
    idempotencyKey: text('idempotency_key').unique(),
    recordedById: text('recorded_by_id').notNull(),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (table) => [
    index('drawer_movements_shift_idx').on(table.shiftId, table.recordedAt),
    check(
      'drawer_movements_kind_check',
      sql`${table.kind} in ('float', 'sale', 'in', 'out', 'tip_payout', 'refund')`,
    ),
    check(
      'drawer_movements_sign_check',
      sql`(${table.kind} in ('float', 'sale', 'in') and ${table.amountPaise} >= 0) or (${table.kind} in ('out', 'tip_payout', 'refund') and ${table.amountPaise} < 0)`,
    ),
  ],
);
