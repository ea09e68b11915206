import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { recordErasedRecipient } from '../../db/erased-recipients.repository.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * identity.recipient.erased (compacted, keyed by the address's hash): the address goes on the
 * suppression list as erased when the event happened. The read-model consumer reads the topic from the
 * beginning on a new database, so the list survives a wipe. Idempotent.
 */
export const recipientErased: EventHandler<typeof events.recipientErased> = async (tx, payload, meta) => {
  if (!SHA256_HEX.test(payload.emailSha256))
    throw new PermanentEventError('identity.recipient.erased without a SHA-256 of the address');
  await recordErasedRecipient(tx, payload.emailSha256, meta.occurredAt);
};
