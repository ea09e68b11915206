import { createHash } from 'node:crypto';
import type { Queryable } from '@spa/kit';
import { eq } from 'drizzle-orm';
import { erasedRecipients } from './schema.js';

/** How an address is kept on the suppression list: its SHA-256, lowercased and trimmed first. */
export const recipientHash = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

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
