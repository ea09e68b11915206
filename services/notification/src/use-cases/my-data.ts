import type { AuthUser, Database, Tx } from '@spa/kit';
import {
  anonymiseSentEmails,
  recipientHash,
  recordErasedRecipient,
} from '../db/erased-recipients.repository.js';
import { sentEmailsTo } from '../db/my-data.repository.js';

const ERASED = { recipient: '', subject: '(erased)' };

/**
 * Notification's part of "Download my data": the emails sent to the caller's address (when, what for,
 * subject; bodies are never stored). Only for a token whose email identity had verified: an unverified
 * account may have been registered with someone else's address.
 */
export async function exportMyEmails(db: Database, user: AuthUser) {
  const email = user.emailVerified ? user.email.trim().toLowerCase() : '';
  if (!email) return { emails: [] };
  const rows = await sentEmailsTo(db, email);
  return {
    emails: rows.map((row) => ({
      sentAt: row.sentAt.toISOString(),
      eventType: row.eventType,
      recipient: row.recipient,
      subject: row.subject,
    })),
  };
}

/**
 * The customer deleted their account (identity.user.erased), inside `tx`, the consumer's transaction:
 * the record of every email sent to their address loses the address and the subject (subjects can name
 * the person); the row itself stays, as the idempotency record that keeps a redelivered job from
 * sending twice. Bodies are never stored. The address's hash goes on the suppression list at once
 * (identity.recipient.erased, handled by the read-model consumer, puts it there too, and again after a
 * wiped database). Idempotent.
 */
export async function eraseRecipient(tx: Tx, address: string, erasedAt: Date): Promise<void> {
  const email = address.trim().toLowerCase();
  if (!email) return;
  // On the suppression list from the moment of the erasure: what happened before it is not emailed.
  await recordErasedRecipient(tx, recipientHash(email), erasedAt);
  await anonymiseSentEmails(tx, email, ERASED);
}
