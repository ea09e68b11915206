import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PricingOption } from '../domain/pricing.js';
import type { TimeOffStatus } from '../domain/working-time.js';
import type { DepositPolicy } from '@spa/rules';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();

/*
 * Read models: local copies of other services' entities, built only from their events (compacted
 * topics), so booking never calls catalogue or identity to take a booking. `source_updated_at` is the
 * producer's own change time: an older copy never overwrites a newer one. A deleted entity is kept
 * (flagged) because appointments still show its name.
 */

export const services = pgTable('services', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  categoryId: text('category_id').notNull(),
  categoryName: text('category_name').notNull(),
  /** The role the service's category had when the service was announced (the category row wins). */
  assignedEmployeeRole: text('assigned_employee_role').notNull(),
  pricing: jsonb('pricing').$type<PricingOption[]>().notNull(),
  cleanupMinutes: integer('cleanup_minutes').notNull(),
  /** The admin's deposit and late-cancellation policy for online bookings of it (catalogue's). */
  depositPolicy: jsonb('deposit_policy')
    .$type<DepositPolicy>()
    .notNull()
    .default(
      sql`'{"kind":"none","value":0,"lateCancellationHours":0,"lateCancellationFeePercent":0}'::jsonb`,
    ),
  /** The GST classification the counter's invoice prints: SAC code and rate in basis points (catalogue's). */
  sacCode: text('sac_code').notNull().default('999723'),
  gstBp: integer('gst_bp').notNull().default(500),
  isActive: boolean('is_active').notNull(),
  deleted: boolean('deleted').notNull().default(false),
  sourceUpdatedAt: instant('source_updated_at').notNull(),
});

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  assignedEmployeeRole: text('assigned_employee_role').notNull(),
  isActive: boolean('is_active').notNull(),
  deleted: boolean('deleted').notNull().default(false),
  sourceUpdatedAt: instant('source_updated_at').notNull(),
});

export const rooms = pgTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    roomNumber: text('room_number').notNull(),
    capacity: text('capacity').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    location: text('location').notNull(),
    pricePaise: paise('price_paise'),
    deleted: boolean('deleted').notNull().default(false),
    sourceUpdatedAt: instant('source_updated_at').notNull(),
  },
  (table) => [index('rooms_type_idx').on(table.type)],
);

/** Customers and employees alike (identity's users); employees carry their role, shift and location. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    role: text('role').notNull(),
    employeeRole: text('employee_role').notNull(),
    shift: text('shift').notNull(),
    workingLocation: text('working_location').notNull(),
    status: text('status').notNull(),
    employeeCode: text('employee_code').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [index('users_employee_role_idx').on(table.role, sql`lower(${table.employeeRole})`)],
);

/**
 * Which consumer group builds the read models. A fresh database gets a new generation, so its
 * consumer group has no committed offsets and reads the compacted topics from the beginning.
 */
export const readModelGeneration = pgTable('read_model_generation', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Hands out the sequence part of the human appointment ids (unique, readable, not gapless). */
export const appointmentCodeSequence = pgSequence('appointment_code_seq', { startWith: 1 });

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey(),
    appointmentCode: text('appointment_code').notNull().unique(),
    customerId: text('customer_id').notNull(),
    // What the customer's token said at booking time: the user read model may not have them yet.
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    serviceId: text('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    categoryName: text('category_name').notNull(),
    pricingOptionId: text('pricing_option_id').notNull(),
    durationLabel: text('duration_label').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    cleanupMinutes: integer('cleanup_minutes').notNull(),
    roomId: text('room_id').notNull(),
    roomType: text('room_type').notNull(),
    roomNumber: text('room_number').notNull(),
    roomLocation: text('room_location').notNull(),
    employeeId: text('employee_id'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /** ends_at plus the cleanup buffer: the room is blocked over [starts_at, room_free_at). */
    roomFreeAt: instant('room_free_at').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    servicePricePaise: paise('service_price_paise'),
    roomPricePaise: paise('room_price_paise'),
    totalPricePaise: paise('total_price_paise'),
    paymentHoldExpiresAt: instant('payment_hold_expires_at'),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    paidAt: instant('paid_at'),
    cancellationReason: text('cancellation_reason'),
    // The check-in flow's times, each recorded the first time the step is taken.
    arrivedAt: instant('arrived_at'),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
    noShowAt: instant('no_show_at'),
    // Deposits: what the online payment is when it is a deposit (0: the whole price
    // or cash), and the treatment's late-cancellation terms as they were when it was booked, so a
    // policy changed later never changes what this customer agreed to.
    depositPaise: paise('deposit_paise').default(0),
    lateCancellationHours: integer('late_cancellation_hours').notNull().default(0),
    lateCancellationFeePercent: integer('late_cancellation_fee_percent').notNull().default(0),
    /** What the spa kept of the online payment when it was cancelled (late); commerce refunds the rest. */
    keptOnCancellationPaise: paise('kept_on_cancellation_paise').default(0),
    /** The counter sale (commerce's) that checked the visit out; null until one completes. */
    checkedOutSaleId: uuid('checked_out_sale_id'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    index('appointments_customer_idx').on(table.customerId, table.startsAt),
    index('appointments_employee_idx').on(table.employeeId, table.startsAt),
    index('appointments_starts_at_idx').on(table.startsAt),
    index('appointments_payment_hold_idx')
      .on(table.paymentHoldExpiresAt)
      .where(sql`${table.status} <> 'Cancelled' and ${table.paymentStatus} in ('Pending', 'Failed')`),
    check(
      'appointments_status_check',
      sql`${table.status} in ('Pending', 'Scheduled', 'Confirmed', 'Arrived', 'In Progress', 'Completed', 'No-show', 'Cancelled')`,
    ),
    check(
      'appointments_payment_status_check',
      sql`${table.paymentStatus} in ('Pending', 'Paid', 'Failed', 'Partially refunded', 'Refunded', 'Cash')`,
    ),
    check('appointments_payment_method_check', sql`${table.paymentMethod} in ('cash', 'online')`),
    check(
      'appointments_deposit_check',
      sql`${table.depositPaise} between 0 and ${table.totalPricePaise} and ${table.keptOnCancellationPaise} between 0 and ${table.totalPricePaise}`,
    ),
    check(
      'appointments_times_check',
      sql`${table.startsAt} < ${table.endsAt} and ${table.endsAt} <= ${table.roomFreeAt}`,
    ),
    check(
      'appointments_money_check',
      sql`${table.servicePricePaise} >= 0 and ${table.roomPricePaise} >= 0 and ${table.totalPricePaise} = ${table.servicePricePaise} + ${table.roomPricePaise}`,
    ),
  ],
);

/** Who changed what on an appointment and when, one row per change (booking included). */
export const appointmentHistory = pgTable(
  'appointment_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders the entries of one change (written with the same time) as they were recorded. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    changedAt: instant('changed_at').notNull(),
    /** booked, status, paymentStatus, employee, schedule */
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    note: text('note'),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
  },
  (table) => [index('appointment_history_appointment_idx').on(table.appointmentId, table.seq)],
);

/**
 * Dates the spa is closed or open other hours than BUSINESS_OPENS–BUSINESS_CLOSES,
 * set by an admin. One row a local date; none means the usual hours.
 */
export const specialDays = pgTable(
  'special_days',
  {
    /** The local date (the business's zone), YYYY-MM-DD. */
    date: text('date').primaryKey(),
    closed: boolean('closed').notNull(),
    /** Minutes from local midnight; null when closed. */
    opensMinute: integer('opens_minute'),
    closesMinute: integer('closes_minute'),
    reason: text('reason').notNull(),
    updatedAt: instant('updated_at').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (table) => [
    check('special_days_date_check', sql`${table.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check(
      'special_days_hours_check',
      sql`(${table.closed} and ${table.opensMinute} is null and ${table.closesMinute} is null) or (not ${table.closed} and ${table.opensMinute} >= 0 and ${table.closesMinute} <= 1440 and ${table.opensMinute} < ${table.closesMinute})`,
    ),
  ],
);

export type SpecialDayRow = typeof specialDays.$inferSelect;

/**
 * An employee's own weekly hours, set by an admin; without a row the employee works
 * their shift's hours every day. `weekly`: seven entries, Sunday first, `{ startMinute, endMinute }` or
 * null for a day off.
 */
export const employeeSchedules = pgTable('employee_schedules', {
  employeeId: text('employee_id').primaryKey(),
  weekly: jsonb('weekly').$type<Array<{ startMinute: number; endMinute: number } | null>>().notNull(),
  updatedAt: instant('updated_at').notNull(),
  updatedBy: text('updated_by').notNull(),
});

export { TIME_OFF_STATUSES, type TimeOffStatus } from '../domain/working-time.js';

/** Time off and leave: asked for by the employee, approved or declined by an admin. Dates are local. */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: text('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
    firstDate: text('first_date').notNull(),
    lastDate: text('last_date').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<TimeOffStatus>().notNull(),
    requestedAt: instant('requested_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
  },
  (table) => [
    check('time_off_dates_check', sql`${table.firstDate} <= ${table.lastDate}`),
    check(
      'time_off_status_check',
      sql`${table.status} in ('requested', 'approved', 'declined', 'withdrawn')`,
    ),
    index('time_off_employee_idx').on(table.employeeId, table.lastDate),
    index('time_off_status_idx').on(table.status, table.firstDate),
  ],
);

export const WAITLIST_STATUSES = ['waiting', 'offered', 'expired', 'left', 'closed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * The waitlist: a customer waiting for a start in a window of one local day. When a
 * cancellation or a move frees time, the first one waiting whose window has a free start is offered it
 * (`appointment_id`: an online booking held for them until `offer_expires_at`); unpaid by then, the
 * entry is expired and the next one is offered.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    serviceId: text('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    pricingOptionId: text('pricing_option_id'),
    durationMinutes: integer('duration_minutes').notNull(),
    date: text('date').notNull(),
    fromMinute: integer('from_minute').notNull(),
    toMinute: integer('to_minute').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull(),
    appointmentId: uuid('appointment_id'),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    check('waitlist_window_check', sql`${table.fromMinute} <= ${table.toMinute}`),
    check(
      'waitlist_status_check',
      sql`${table.status} in ('waiting', 'offered', 'expired', 'left', 'closed')`,
    ),
    index('waitlist_day_idx').on(table.date, table.status, table.createdAt),
    index('waitlist_customer_idx').on(table.customerId, table.date),
    index('waitlist_appointment_idx').on(table.appointmentId),
  ],
);

export type WaitlistRow = typeof waitlistEntries.$inferSelect;
export type TimeOffRow = typeof timeOff.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type HistoryRow = typeof appointmentHistory.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type UserRow = typeof users.$inferSelect;
