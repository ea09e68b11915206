import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import {
  anonymiseSentEmails,
  recipientHash,
  recordErasedRecipient,
} from '../../db/erased-recipients.repository.js';

const ERASED = { recipient: '', subject: '(erased)' };

/**
 * identity.user.erased: the record of every email sent to the customer's address loses the address
 * and the subject (subjects can name the person); the row itself stays, as the idempotency record that
 * keeps a redelivered job from sending twice. Bodies are never stored. The address's hash goes on the
 * suppression list at once (identity.recipient.erased, handled by the read-model consumer, puts it
 * there too, and again after a wiped database). Idempotent.
 */
export const userErased: EventHandler<typeof events.userErased> = async (tx, payload, meta) => {
  const email = payload.email.trim().toLowerCase();
  if (!email) return;
  // On the suppression list from the moment of the erasure: what happened before it is not emailed.
  await recordErasedRecipient(tx, recipientHash(email), meta.occurredAt);
  await anonymiseSentEmails(tx, email, ERASED);
};
