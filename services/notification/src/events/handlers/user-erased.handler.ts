import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { sql } from 'drizzle-orm';
import { erasedRecipients, sentEmails } from '../../db/schema.js';
import { recipientHash } from '../../db/erased-recipients.repository.js';

const ERASED_RECIPIENT = '';
const ERASED_SUBJECT = '(erased)';

/**
 * identity.user.erased: the record of every email sent to the customer's address loses the address
 * and the subject (subjects can name the person); the row itself stays, as the idempotency record that
 * keeps a redelivered job from sending twice. Bodies are never stored. The address's hash goes on the
 * suppression list (email/suppression.ts). Idempotent.
 */
export const userErased: EventHandler<typeof events.userErased> = async (tx, payload, meta) => {
  const email = payload.email.trim().toLowerCase();
  if (!email) return;
  // On the suppression list from the moment of the erasure: what happened before it is not emailed.
  await tx
    .insert(erasedRecipients)
    .values({ emailHash: recipientHash(email), erasedAt: meta.occurredAt })
    .onConflictDoUpdate({ target: erasedRecipients.emailHash, set: { erasedAt: meta.occurredAt } });
  await tx
    .update(sentEmails)
    .set({ recipient: ERASED_RECIPIENT, subject: ERASED_SUBJECT })
    .where(sql`lower(${sentEmails.recipient}) = ${email}`);
};
