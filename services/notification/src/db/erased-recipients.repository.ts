import { emailHash, type Queryable } from '@spa/kit';
import { eq, sql } from 'drizzle-orm';
import { erasedRecipients, sentEmails } from './schema.js';

/** How an address is kept on the suppression list: its SHA-256, lowercased and trimmed first. */
export const recipientHash = emailHash;

/**
 * Puts an address (by its hash) on the suppression list as erased at `erasedAt`. An address erased
 * twice (a new account at it, erased in turn) keeps the later time, whichever event comes first.
 */
export async function recordErasedRecipient(tx: Queryable, hash: string, erasedAt: Date): Promise<void> {
  await tx
    .insert(erasedRecipients)
    .values({ emailHash: hash, erasedAt })
    .onConflictDoUpdate({
      target: erasedRecipients.emailHash,
      set: { erasedAt: sql`greatest(${erasedRecipients.erasedAt}, excluded.erased_at)` },
    });
}

/**
 * The record of every email sent to `address` loses the address and the subject (subjects can name
 * the person); the rows stay, as the send-once records.
 */
export async function anonymiseSentEmails(
  tx: Queryable,
  address: string,
  erased: { recipient: string; subject: string },
): Promise<void> {
  await tx
    .update(sentEmails)
    .set(erased)
    .where(sql`lower(${sentEmails.recipient}) = ${address.trim().toLowerCase()}`);
}

/**
 * Whether an email about something that happened at `occurredAt` must not go to `address`: its owner
 * erased their account after it happened (an order confirmation or a reminder still waiting in the
 * queue). A new account at the same address, after the erasure, is written to as usual.
 */
export async function erasedSince(db: Queryable, address: string, occurredAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ erasedAt: erasedRecipients.erasedAt })
    .from(erasedRecipients)
    .where(eq(erasedRecipients.emailHash, recipientHash(address)));
  return Boolean(row && row.erasedAt.getTime() >= occurredAt.getTime());
}
