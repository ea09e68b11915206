import type { Queryable } from '@spa/kit';
import { asc, sql } from 'drizzle-orm';
import { sentEmails } from './schema.js';

/** The record of the emails sent to this (lower-case) address, oldest first, at most 5000. */
export function sentEmailsTo(db: Queryable, email: string) {
  return db
    .select()
    .from(sentEmails)
    .where(sql`lower(${sentEmails.recipient}) = ${email}`)
    .orderBy(asc(sentEmails.sentAt))
    .limit(5000);
}
