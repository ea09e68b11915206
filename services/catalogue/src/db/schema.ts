import type { DepositKind } from '@spa/rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const emptyTextArray = sql`'{}'::text[]`;

/**
 * Which consumer group builds catalogue's read models (the employee roles mirror, review eligibility).
 * A fresh database gets a new generation, so its group has no committed offsets and reads the topics
 * from the beginning.
 */
export const readModelGeneration = pgTable('read_model_generation', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

/**
 * Re-announcements of every service and product that have been made, by name: a migration that fills
 * a column the events carry (the tax codes) leaves the mirrors behind until each row is announced
 * again, and the first replica to start claims the name and does it once.
 */
export const announcements = pgTable('announcements', {
  name: text('name').primaryKey(),
  announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Identity's employee roles as catalogue mirrors them (from identity.employee-role.v1). */
export const employeeRoles = pgTable('employee_roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: updatedAt(),
  /**
   * When identity changed the role (its event's occurredAt): an older event, read again when the
   * read models rebuild from the topic, never overwrites a newer row. Null: written without it (by a
   * version of catalogue from before it was kept); any event may overwrite it.
   */
  sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
});

export const serviceCategories = pgTable(
  'service_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    assignedEmployeeRole: text('assigned_employee_role').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('service_categories_name_key').on(sql`lower(${table.name})`),
    check('service_categories_order_check', sql`${table.displayOrder} >= 0`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Required, and a category with services cannot be deleted: no service can lose its category.
    categoryId: uuid('category_id')
      .notNull()
      .references(() => serviceCategories.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    benefits: text('benefits').array().notNull().default(emptyTextArray),
    tags: text('tags').array().notNull().default(emptyTextArray),
    images: text('images').array().notNull().default(emptyTextArray),
    isActive: boolean('is_active').notNull().default(true),
    cleanupMinutes: integer('cleanup_minutes').notNull().default(15),
    // The deposit policy for online bookings (@spa/rules DepositPolicy), carried to booking on the event.
    depositKind: text('deposit_kind').$type<DepositKind>().notNull().default('none'),
    /** percent: 1-100 of the price; fixed: paise; none: 0. */
    depositValue: integer('deposit_value').notNull().default(0),
    lateCancellationHours: integer('late_cancellation_hours').notNull().default(0),
    lateCancellationFeePercent: integer('late_cancellation_fee_percent').notNull().default(0),
    /** The SAC code its invoice lines print (@spa/rules tax-codes): 999723 is physical well-being. */
    sacCode: text('sac_code').notNull().default('999723'),
    /** GST in basis points (1800 = 18%), included in its prices. */
    gstBp: integer('gst_bp').notNull().default(500),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('services_category_idx').on(table.categoryId),
    check('services_cleanup_check', sql`${table.cleanupMinutes} between 0 and 240`),
    check('services_deposit_kind_check', sql`${table.depositKind} in ('none', 'percent', 'fixed')`),
    check(
      'services_deposit_value_check',
      sql`(${table.depositKind} = 'none' and ${table.depositValue} = 0) or (${table.depositKind} = 'percent' and ${table.depositValue} between 1 and 100) or (${table.depositKind} = 'fixed' and ${table.depositValue} >= 100)`,
    ),
    check('services_late_cancellation_hours_check', sql`${table.lateCancellationHours} between 0 and 168`),
    check('services_late_cancellation_fee_check', sql`${table.lateCancellationFeePercent} between 0 and 100`),
    check('services_sac_code_check', sql`${table.sacCode} ~ '^99[0-9]{4}$'`),
    check('services_gst_bp_check', sql`${table.gstBp} in (0, 500, 1200, 1800, 2800, 4000)`),
  ],
);

export const servicePricing = pgTable(
  'service_pricing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    duration: text('duration').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    pricePaise: integer('price_paise').notNull(),
    label: text('label'),
  },
  (table) => [
    index('service_pricing_service_idx').on(table.serviceId, table.position),
    check('service_pricing_minutes_check', sql`${table.durationMinutes} > 0`),
    check('service_pricing_price_check', sql`${table.pricePaise} >= 0`),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomNumber: text('room_number').notNull(),
    capacity: text('capacity').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    location: text('location').notNull(),
    pricePaise: integer('price_paise').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('rooms_room_number_key').on(sql`lower(${table.roomNumber})`),
    check('rooms_capacity_check', sql`${table.capacity} in ('Single Bed', 'Double Bed')`),
    check('rooms_type_check', sql`${table.type} in ('Silver', 'Gold', 'Diamond')`),
    check('rooms_status_check', sql`${table.status} in ('Available', 'Occupied', 'Maintenance')`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('product_categories_name_key').on(sql`lower(${table.name})`)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    productCategoryId: uuid('product_category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('subcategories_name_key').on(table.productCategoryId, sql`lower(${table.name})`),
    // Target of products' composite key, which keeps a product's subcategory inside its category.
    unique('subcategories_id_category_key').on(table.id, table.productCategoryId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    pricePaise: integer('price_paise').notNull(),
    stock: integer('stock').notNull(),
    images: text('images').array().notNull().default(emptyTextArray),
    sku: text('sku'),
    weight: text('weight'),
    productCategoryId: uuid('product_category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'restrict' }),
    subcategoryId: uuid('subcategory_id'),
    /** The HSN code its invoice lines print (4, 6 or 8 digits); null while nobody has classified it. */
    hsnCode: text('hsn_code'),
    /** GST in basis points (1800 = 18%), included in its price. */
    gstBp: integer('gst_bp').notNull().default(1800),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({
      name: 'products_subcategory_in_category_fk',
      columns: [table.subcategoryId, table.productCategoryId],
      foreignColumns: [subcategories.id, subcategories.productCategoryId],
    }).onDelete('restrict'),
    uniqueIndex('products_sku_key')
      .on(sql`lower(${table.sku})`)
      .where(sql`${table.sku} is not null`),
    index('products_category_idx').on(table.productCategoryId, table.subcategoryId),
    check('products_stock_check', sql`${table.stock} >= 0`),
    check('products_price_check', sql`${table.pricePaise} >= 0`),
    check('products_images_check', sql`cardinality(${table.images}) <= 4`),
    check('products_hsn_code_check', sql`${table.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    check('products_gst_bp_check', sql`${table.gstBp} in (0, 500, 1200, 1800, 2800, 4000)`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.serviceId] })],
);

/** One row per order that ever asked for stock; released rows stay so a late retry cannot reserve again. */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    orderId: text('order_id').primaryKey(),
    status: text('status').notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [check('stock_reservations_status_check', sql`${table.status} in ('reserved', 'released')`)],
);

export const stockReservationItems = pgTable(
  'stock_reservation_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => stockReservations.orderId, { onDelete: 'cascade' }),
    // No foreign key: the reservation outlives a deleted product (its release then has nothing to restore).
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    name: text('name').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.productId] }),
    check('stock_reservation_items_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/**
 * What a customer may review, from other services' facts: a completed appointment
 * (booking.appointment.completed) or a delivered order line (commerce.order.delivered). Never from
 * the client. One row per source: `appointment:<appointment id>` or `order:<order id>:<product id>`.
 */
export const reviewEligibility = pgTable(
  'review_eligibility',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    authorName: text('author_name').notNull().default(''),
    /** Empty when the source carried none. */
    authorEmail: text('author_email').notNull().default(''),
    subjectKind: text('subject_kind').$type<ReviewSubjectKind>().notNull(),
    subjectId: text('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    sourceId: text('source_id').notNull().unique('review_eligibility_source_id_key'),
    /** When the appointment was completed or the order delivered. */
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    /** When the customer was asked for a review by email (catalogue.review.requested); null until then. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** When a review was posted through the emailed link: the link then answers 409 LINK_USED. */
    reviewLinkUsedAt: timestamp('review_link_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('review_eligibility_user_idx').on(table.userId, table.visitedAt.desc()),
    // The review-request sweep: the not yet asked, by visit time.
    index('review_eligibility_unrequested_idx')
      .on(table.visitedAt)
      .where(sql`${table.reviewRequestedAt} is null`),
    check('review_eligibility_subject_kind_check', sql`${table.subjectKind} in ('service', 'product')`),
  ],
);

/**
 * Accounts erased (identity.user.erased): their id only. A completed appointment or a delivered order
 * of theirs read later (a replay, or this consumer catching up on a topic's history) must not make them
 * reviewable again with the name and email the old event carried.
 */
/**
 * The pictures customers uploaded for their reviews (POST /reviews/photos): a review may carry only a
 * photo its own author uploaded, and the rows count each customer's uploads a day.
 */
export const reviewPhotoUploads = pgTable(
  'review_photo_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    imageUrl: text('image_url').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('review_photo_uploads_user_idx').on(table.userId, table.createdAt)],
);

export const erasedUsers = pgTable('erased_users', {
  userId: text('user_id').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ReviewSubjectKind = 'service' | 'product';
export type ReviewStatus = 'published' | 'hidden';

/** A customer's review: one per eligibility (a completed visit, a delivered order line). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: text('source_id')
      .notNull()
      .unique('reviews_source_id_key')
      .references(() => reviewEligibility.sourceId),
    userId: text('user_id').notNull(),
    authorName: text('author_name').notNull().default(''),
    authorEmail: text('author_email').notNull().default(''),
    subjectKind: text('subject_kind').$type<ReviewSubjectKind>().notNull(),
    subjectId: text('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    /** An uploaded image's URL (/uploads/...). */
    photo: text('photo'),
    status: text('status').$type<ReviewStatus>().notNull().default('published'),
    hiddenReason: text('hidden_reason'),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('reviews_subject_idx').on(table.subjectKind, table.subjectId, table.status, table.createdAt.desc()),
    index('reviews_user_idx').on(table.userId, table.createdAt.desc()),
    index('reviews_status_idx').on(table.status, table.createdAt.desc()),
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('reviews_text_check', sql`char_length(${table.text}) <= 2000`),
    check('reviews_reply_check', sql`char_length(${table.replyText}) <= 1000`),
    check('reviews_status_check', sql`${table.status} in ('published', 'hidden')`),
    check('reviews_subject_kind_check', sql`${table.subjectKind} in ('service', 'product')`),
  ],
);
