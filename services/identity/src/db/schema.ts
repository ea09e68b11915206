import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import type { AvailabilityStatus, EmployeeStatus, Role, Shift } from '../domain/user.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * Always stored normalised (trimmed, lower case); the unique index also compares in lower case.
     * Empty for a walk-in or phone customer the front desk created without one (never null, so the
     * mirrored user and every consumer keep reading a string; see `walkIn`).
     */
    email: text('email').notNull(),
    phone: text('phone'),
    /** argon2id PHC string; null for an account that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    /** The effective role: `user` for an employee applicant until an admin approves them. */
    role: text('role').$type<Role>().notNull().default('user'),
    /** A self-registered employee's application: applicant, approved or rejected; null otherwise. */
    employeeStatus: text('employee_status').$type<EmployeeStatus>(),
    employeeRole: text('employee_role'),
    shift: text('shift').$type<Shift>(),
    workingLocation: text('working_location'),
    status: text('status').$type<AvailabilityStatus>().notNull().default('free'),
    employeeId: text('employee_id').unique(),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    googleSubject: text('google_subject').unique(),
    /**
     * Created by the front desk for a walk-in or phone customer (POST /auth/walk-in-customers), with
     * no password and perhaps no email. Such an account cannot verify an email by itself, so the
     * retention sweep of unverified sign-ups leaves it alone (erasing it would cancel the bookings
     * the desk made for the person).
     */
    walkIn: boolean('walk_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Partial: any number of walk-in customers may have no email (''), every real address stays unique.
    uniqueIndex('users_email_lower_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.email} <> ''`),
    index('users_role_idx').on(table.role),
    check('users_role_check', sql`${table.role} in ('user', 'employee', 'admin')`),
    check('users_shift_check', sql`${table.shift} is null or ${table.shift} in ('morning', 'night')`),
    check(
      'users_employee_status_check',
      sql`${table.employeeStatus} is null or ${table.employeeStatus} in ('applicant', 'approved', 'rejected')`,
    ),
    check('users_status_check', sql`${table.status} in ('free', 'occupied')`),
  ],
);

/** Readable employee ids (EMP-0001...) come from here, inside the transaction that makes the employee. */
export const employeeNumberSequence = pgSequence('employee_number_seq', { startWith: 1, increment: 1 });

export const employeeRoles = pgTable(
  'employee_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('employee_roles_name_lower_unique').on(sql`lower(${table.name})`)],
);

/** Password-reset and email-verification tokens: only a SHA-256 of the token is kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'password-reset' | 'email-verification'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('one_time_tokens_user_idx').on(table.userId, table.purpose),
    check('one_time_tokens_purpose_check', sql`${table.purpose} in ('password-reset', 'email-verification')`),
  ],
);

/**
 * The access-token signing key when none is configured (development and tests only): generated on
 * first start and kept here so a restart does not sign everyone out.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The record that an account was erased (DPDP Act 2023): which id, when and why, and nothing else
 * about the person. The user row itself is deleted; this answers "what happened to account X".
 */
export const userErasures = pgTable(
  'user_erasures',
  {
    userId: uuid('user_id').primaryKey(),
    reason: text('reason').notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('user_erasures_reason_check', sql`${table.reason} in ('self', 'admin', 'retention')`)],
);

export type UserRow = typeof users.$inferSelect;
export type EmployeeRoleRow = typeof employeeRoles.$inferSelect;
