import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Money columns hold integer paise; the API speaks rupees (domain/money.ts).
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const emptyTextArray = sql`'{}'::text[]`;

/**
 * Commerce's mirror of the catalogue's products (from catalogue.product.v1): what a cart shows and
 * checks before checkout. The catalogue's reservation stays the authority on stock.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    pricePaise: paise('price_paise'),
    stock: integer('stock').notNull(),
    images: text('images').array().notNull().default(emptyTextArray),
    /** What the counter's invoice line carries: the HSN code ('' when not set) and GST rate (bp). */
    hsnCode: text('hsn_code').notNull().default(''),
    gstBp: integer('gst_bp').notNull().default(1800),
    deleted: boolean('deleted').notNull().default(false),
    /** The catalogue's updatedAt of the state held here: an older event never overwrites a newer one. */
    sourceUpdatedAtMs: bigint('source_updated_at_ms', { mode: 'number' }).notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('products_price_check', sql`${table.pricePaise} >= 0`)],
);

/**
 * Which consumer group builds the products mirror. A fresh database gets a new generation, so its
 * consumer group has no committed offsets and reads catalogue.product.v1 (compacted) from the beginning.
 */
export const readModelGeneration = pgTable('read_model_generation', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** One cart per signed-in user. checkoutOrderId marks a checkout in progress, so a double submit waits its turn. */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey(),
  userId: text('user_id').notNull().unique(),
  checkoutOrderId: uuid('checkout_order_id'),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The price when the product was first added: what the cart shows and the order charges. */
    pricePaise: paise('price_paise'),
    addedAt: instant('added_at').notNull().defaultNow(),
  },
  (table) => [
    unique('cart_items_one_line_per_product').on(table.cartId, table.productId),
    check('cart_items_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    label: text('label').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [index('addresses_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Orders. `reserving` is internal: the row exists before the catalogue is asked for stock, so a
 * checkout interrupted after reserving can be found and undone; the API never shows such a row.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    itemsPricePaise: paise('items_price_paise'),
    shippingPricePaise: paise('shipping_price_paise'),
    taxPricePaise: paise('tax_price_paise'),
    totalPricePaise: paise('total_price_paise'),
    shipFullName: text('ship_full_name').notNull(),
    shipAddress: text('ship_address').notNull(),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipPostalCode: text('ship_postal_code').notNull(),
    shipCountry: text('ship_country').notNull(),
    shipPhone: text('ship_phone').notNull(),
    shipLabel: text('ship_label').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: instant('paid_at'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: instant('delivered_at'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    paymentExpiresAt: instant('payment_expires_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_created_idx').on(table.createdAt),
    index('orders_expiring_idx')
      .on(table.paymentExpiresAt)
      .where(sql`${table.status} = 'pending_payment'`),
    index('orders_reserving_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'reserving'`),
    index('orders_paid_idx')
      .on(table.paidAt)
      .where(sql`${table.isPaid}`),
    check('orders_payment_method_check', sql`${table.paymentMethod} in ('COD', 'ONLINE')`),
    check(
      'orders_status_check',
      sql`${table.status} in ('reserving', 'pending_payment', 'placed', 'paid', 'delivered', 'cancelled')`,
    ),
    check(
      'orders_money_check',
      sql`${table.itemsPricePaise} >= 0 and ${table.shippingPricePaise} >= 0 and ${table.taxPricePaise} >= 0 and ${table.totalPricePaise} = ${table.itemsPricePaise} + ${table.shippingPricePaise} + ${table.taxPricePaise}`,
    ),
    // Only a paid order can be delivered (a COD order is paid as it is delivered).
    check('orders_delivered_paid_check', sql`not ${table.isDelivered} or ${table.isPaid}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise'),
    /** The product's HSN code and GST rate when ordered (the products mirror's); '' / null on older orders. */
    hsnCode: text('hsn_code').notNull().default(''),
    gstBp: integer('gst_bp'),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId, table.position),
    check('order_items_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

/**
 * One provider order per payment (an ONLINE store order or an online appointment). Captured once:
 * providerPaymentId is set with the capture and never changes afterwards.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    appointmentId: text('appointment_id'),
    customerId: text('customer_id').notNull(),
    amountPaise: paise('amount_paise'),
    currency: text('currency').notNull(),
    description: text('description'),
    providerOrderId: text('provider_order_id').notNull().unique(),
    status: text('status').notNull(),
    providerPaymentId: text('provider_payment_id').unique(),
    capturedAt: instant('captured_at'),
    /** A capture that arrived after the order's hold ran out: the money has to go back. */
    refundDue: boolean('refund_due').notNull().default(false),
    lastFailureReason: text('last_failure_reason'),
    /**
     * An appointment's payment hold as booking gave it: a payment captured before then is one booking
     * accepts for sure, so verify-payment may confirm it even while booking cannot be asked.
     */
    payableUntil: instant('payable_until'),
    /** Who to tell of a refund: an appointment's customer, as booking reported them (orders carry their own). */
    customerEmail: text('customer_email'),
    customerName: text('customer_name'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_order_unique')
      .on(table.orderId)
      .where(sql`${table.orderId} is not null`),
    uniqueIndex('payments_appointment_unique')
      .on(table.appointmentId)
      .where(sql`${table.appointmentId} is not null`),
    check('payments_purpose_check', sql`${table.purpose} in ('order', 'appointment')`),
    check(
      'payments_target_check',
      sql`(${table.purpose} = 'order' and ${table.orderId} is not null and ${table.appointmentId} is null) or (${table.purpose} = 'appointment' and ${table.appointmentId} is not null and ${table.orderId} is null)`,
    ),
    check('payments_status_check', sql`${table.status} in ('created', 'failed', 'captured', 'expired')`),
    check(
      'payments_captured_check',
      sql`(${table.status} = 'captured') = (${table.providerPaymentId} is not null)`,
    ),
    check('payments_amount_check', sql`${table.amountPaise} > 0`),
  ],
);

/** Every provider payment attempt we were told about, once each: a failure event is sent once per attempt. */
export const paymentAttempts = pgTable('payment_attempts', {
  providerPaymentId: text('provider_payment_id').primaryKey(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  outcome: text('outcome').notNull(),
  reason: text('reason'),
  recordedAt: instant('recorded_at').notNull().defaultNow(),
});

/**
 * Every refund of a captured payment, written before the provider is asked (status `requested`), so a
 * crash between the two is retried rather than forgotten, and keyed by an idempotency key (e.g.
 * `appointment_cancelled:<appointment id>`) so a retried request refunds once. `receipt` at the provider
 * is this row's id: a refund whose answer was lost is found again by it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountPaise: paise('amount_paise'),
    /** appointment_cancelled, order_cancelled, late_payment or admin. */
    reason: text('reason').notNull(),
    note: text('note'),
    /** requested (not yet accepted by the provider), pending (accepted), processed or failed. */
    status: text('status').notNull(),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    requestedBy: text('requested_by'),
    attempts: integer('attempts').notNull().default(0),
    processedAt: instant('processed_at'),
    failedAt: instant('failed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('refunds_payment_idx').on(table.paymentId, table.createdAt),
    index('refunds_open_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('requested', 'pending')`),
    index('refunds_processed_idx')
      .on(table.processedAt)
      .where(sql`${table.status} = 'processed'`),
    check('refunds_status_check', sql`${table.status} in ('requested', 'pending', 'processed', 'failed')`),
    check('refunds_amount_check', sql`${table.amountPaise} > 0`),
  ],
);
export * from './counter.schema.js';
