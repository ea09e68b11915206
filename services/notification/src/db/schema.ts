import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per email handed to the SMTP server. The row is written in the same transaction that
 * sends, so a job retried after a successful send finds it and sends nothing.
 */
export const sentEmails = pgTable(
  'sent_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    /** What the email is for within its event ("email" today; a later reminder would add its own). */
    purpose: text('purpose').notNull(),
    eventType: text('event_type').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * For an email sent once per thing rather than per event (the template's sentOnceFor: a review
     * request per visit), that thing: a second event about it, e.g. re-announced by a rebuilt
     * catalogue, sends nothing. Null for the rest (Postgres lets any number of nulls be unique).
     */
    onceKey: text('once_key'),
  },
  (table) => [
    unique('sent_emails_event_purpose_unique').on(table.eventId, table.purpose),
    unique('sent_emails_once_key_unique').on(table.onceKey),
  ],
);

export type SentEmail = typeof sentEmails.$inferSelect;

/**
 * The suppression list of erased customers (identity.user.erased): the SHA-256 of the address and when
 * it was erased, never the address. An email caused by something that happened before the erasure (an
 * order confirmation still in the queue) is not sent after it; a new account's emails later are.
 */
export const erasedRecipients = pgTable('erased_recipients', {
  emailHash: text('email_hash').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
});

/**
 * Which consumer group builds the suppression list from identity.erased-recipient.v1 (compacted). A
 * fresh database gets a new generation (migration 0002 writes the row), so its group has no committed
 * offsets and reads the topic from the beginning: a wiped database knows every erased address again.
 */
export const readModelGeneration = pgTable('read_model_generation', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
