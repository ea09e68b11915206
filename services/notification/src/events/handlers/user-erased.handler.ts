import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { eraseRecipient } from '../../use-cases/my-data.js';

/**
 * identity.user.erased: the record of the emails sent to the customer's address keeps neither the
 * address nor the subject, and the address goes on the suppression list as erased when the event
 * happened (use-cases/my-data.ts), in the consumer's transaction. Idempotent.
 */
export const userErased: EventHandler<typeof events.userErased> = (tx, payload, meta) =>
  eraseRecipient(tx, payload.email, meta.occurredAt);
