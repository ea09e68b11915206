import type { Queryable } from '@spa/kit';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { oneTimeTokens } from './schema.js';

export type OneTimeTokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export async function storeOneTimeToken(
  q: Queryable,
  values: { tokenHash: string; userId: string; purpose: OneTimeTokenPurpose; expiresAt: Date },
): Promise<void> {
  await q.insert(oneTimeTokens).values(values);
}

/**
 * Uses a token up: one conditional update, so of two requests racing with the same link only one
 * gets the user id. Expired, used and unknown tokens all answer undefined.
 */
export async function consumeOneTimeToken(
  q: Queryable,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
): Promise<string | undefined> {
  const [row] = await q
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** Retires a user's other outstanding tokens of one purpose (older verification links once one is used). */
export async function retireOneTimeTokens(
  q: Queryable,
  userId: string,
  purpose: OneTimeTokenPurpose,
): Promise<void> {
  await q
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/**
 * Retires every open link of the user: password-reset links (the front desk's account-claim links are
 * password-reset tokens too) and email-verification links. Called inside the transaction that changes
 * how the account signs in (a password change, a completed reset, a password dropped by a Google link),
 * so a link mailed before the change cannot undo it, nor sign the owner out, afterwards. A retired link
 * answers exactly as an expired one.
 */
export async function retireOpenLinks(q: Queryable, userId: string): Promise<void> {
  await q
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
