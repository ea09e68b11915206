import type { Queryable } from '@spa/kit';
import { and, asc, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { EligibilityRow } from './reviews.repository.js';
import { erasedUsers, reviewEligibility, reviews } from './schema.js';

/**
 * Up to `limit` eligibilities due a review request, locked (SKIP LOCKED: another replica's sweep takes
 * the others): visited at or before `due` and after `oldest`, not reviewed, not asked about, of an
 * account not erased; oldest visit first.
 */
export async function lockDueEligibilities(
  tx: Queryable,
  { due, oldest, limit }: { due: Date; oldest: Date; limit: number },
): Promise<EligibilityRow[]> {
  return tx
    .select()
    .from(reviewEligibility)
    .where(
      and(
        isNull(reviewEligibility.reviewRequestedAt),
        lte(reviewEligibility.visitedAt, due),
        gt(reviewEligibility.visitedAt, oldest),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(reviews)
            .where(eq(reviews.sourceId, reviewEligibility.sourceId)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(erasedUsers)
            .where(eq(erasedUsers.userId, reviewEligibility.userId)),
        ),
      ),
    )
    .orderBy(asc(reviewEligibility.visitedAt), asc(reviewEligibility.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markReviewRequested(tx: Queryable, ids: string[], at: Date): Promise<void> {
  await tx.update(reviewEligibility).set({ reviewRequestedAt: at }).where(inArray(reviewEligibility.id, ids));
}

/** The eligibility of a source and whether the source has its review. */
export async function findEligibilityOfSource(
  db: Queryable,
  sourceId: string,
): Promise<{ eligibility: EligibilityRow; reviewed: boolean } | undefined> {
  const [row] = await db
    .select({ eligibility: reviewEligibility, reviewId: reviews.id })
    .from(reviewEligibility)
    .leftJoin(reviews, eq(reviews.sourceId, reviewEligibility.sourceId))
    .where(eq(reviewEligibility.sourceId, sourceId));
  return row && { eligibility: row.eligibility, reviewed: Boolean(row.reviewId) };
}
