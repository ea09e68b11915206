import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { sql } from 'drizzle-orm';
import { sentEmails } from '../../db/schema.js';

export const ERASED_RECIPIENT = '';
export const ERASED_SUBJECT = '(erased)';

/**
 * identity.user.erased: the record of every email sent to the customer's address loses the address
 * and the subject (subjects can name the person); the row itself stays, as the idempotency record that
 * keeps a redelivered job from sending twice. Bodies are never stored. Idempotent.
 */
export const userErased: EventHandler<typeof events.userErased> = async (tx, payload) => {
  const email = payload.email.trim().toLowerCase();
  if (!email) return;
  await tx
    .update(sentEmails)
    .set({ recipient: ERASED_RECIPIENT, subject: ERASED_SUBJECT })
    .where(sql`lower(${sentEmails.recipient}) = ${email}`);
};
