import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Events written in the same transaction as the state change they announce; the relay sends them. */
export const outbox = pgTable(
  'outbox',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique(),
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    eventType: text('event_type').notNull(),
    payload: bytea('payload').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('outbox_unsent_idx')
      .on(table.seq)
      .where(sql`${table.sentAt} is null`),
    // For pruning sent rows by age (events/pruning.ts) without reading the whole table.
    index('outbox_sent_at_idx')
      .on(table.sentAt)
      .where(sql`${table.sentAt} is not null`),
  ],
);

/** Event ids a consumer has handled, written in the same transaction as the handler's effect. */
export const inbox = pgTable(
  'inbox',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    topic: text('topic').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.consumer, table.eventId] }),
    // For pruning old ids by age (events/pruning.ts) without reading the whole table.
    index('inbox_handled_at_idx').on(table.handledAt),
  ],
);
