import type { Queryable } from '@spa/kit';
import { eq } from 'drizzle-orm';
import { sentEmails } from './schema.js';

export interface SentEmailClaim {
  eventId: string;
  purpose: string;
  eventType: string;
  recipient: string;
  subject: string;
  onceKey: string | null;
}

/**
 * Claims the send-once record of an (event, purpose), and of its once key when it has one: answers the
 * new row's id, or undefined when the email was sent already. A concurrent claim waits on the row's lock until this transaction ends.
 */
export async function claimSentEmail(tx: Queryable, claim: SentEmailClaim): Promise<string | undefined> {
  const [row] = await tx
    .insert(sentEmails)
    .values(claim)
    .onConflictDoNothing()
    .returning({ id: sentEmails.id });
  return row?.id;
}

/** Records what the SMTP server answered for a claimed email, and when it was sent. */
export async function recordSent(tx: Queryable, id: string, messageId: string): Promise<void> {
  await tx.update(sentEmails).set({ messageId, sentAt: new Date() }).where(eq(sentEmails.id, id));
}
