import { lockKeys, type Queryable } from '@spa/kit';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ListPage } from './list-page.js';
import { isUuid } from './pg-errors.js';
import {
  erasedUsers,
  reviewEligibility,
  reviewPhotoUploads,
  reviews,
  type ReviewStatus,
  type ReviewSubjectKind,
} from './schema.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
export type ReviewChanges = Partial<Omit<NewReview, 'id' | 'sourceId' | 'userId'>>;
export type EligibilityRow = typeof reviewEligibility.$inferSelect;
export type EligibilityFact = Omit<typeof reviewEligibility.$inferInsert, 'id' | 'createdAt'>;

/** A treatment's or product's published reviews: the average (one decimal) and how many. */
export interface Rating {
  average: number;
  count: number;
}

/** What a customer's own lists hold at most (the newest): never a whole table. */
const OWN_LIST_LIMIT = 100;

// ---- eligibility, from other services' facts ----

/**
 * These accounts' eligibility and erasure take turns until the transaction ends (ids in one order, so
 * two callers never wait on each other crosswise). A visit's eligibility and the account's erasure
 * arrive on different topics and are handled at once, by different groups or partitions: without the
 * turn, the eligibility could read "not erased" just before the erasure commits and insert after its
 * delete, and an erased customer would keep a row with their name and email.
 */
export async function lockAccountFacts(tx: Queryable, userIds: readonly string[]): Promise<void> {
  await lockKeys(
    tx,
    userIds.map((userId) => `review-account:${userId}`),
  );
}

/** Which of these accounts were erased. */
export async function erasedAmong(db: Queryable, userIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ userId: erasedUsers.userId })
    .from(erasedUsers)
    .where(inArray(erasedUsers.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}

/** Inserts the facts whose source is new; answers how many were. */
export async function insertEligibilities(db: Queryable, facts: EligibilityFact[]): Promise<number> {
  const inserted = await db
    .insert(reviewEligibility)
    .values(facts)
    .onConflictDoNothing({ target: reviewEligibility.sourceId })
    .returning({ id: reviewEligibility.id });
  return inserted.length;
}

/**
 * The caller's visits and delivered products not reviewed yet, newest first: only those over by `now`
 * (a visit is dated at its end, recordEligibility's caller says).
 */
export async function listToReview(db: Queryable, userId: string, now: Date): Promise<EligibilityRow[]> {
  const rows = await db
    .select({ eligibility: reviewEligibility })
    .from(reviewEligibility)
    .leftJoin(reviews, eq(reviews.sourceId, reviewEligibility.sourceId))
    .where(
      and(eq(reviewEligibility.userId, userId), isNull(reviews.id), lte(reviewEligibility.visitedAt, now)),
    )
    .orderBy(desc(reviewEligibility.visitedAt), asc(reviewEligibility.sourceId))
    .limit(OWN_LIST_LIMIT);
  return rows.map((row) => row.eligibility);
}

/** The user's eligibility of this source (locked for a change when `lock`). */
export async function findOwnEligibility(
  tx: Queryable,
  userId: string,
  sourceId: string,
  { lock }: { lock: boolean },
): Promise<EligibilityRow | undefined> {
  const mine = tx
    .select()
    .from(reviewEligibility)
    .where(and(eq(reviewEligibility.sourceId, sourceId), eq(reviewEligibility.userId, userId)));
  const [eligibility] = lock ? await mine.for('update') : await mine;
  return eligibility;
}

/** The emailed link of this eligibility was used now. */
export async function markReviewLinkUsed(tx: Queryable, eligibilityId: string, at: Date): Promise<void> {
  await tx
    .update(reviewEligibility)
    .set({ reviewLinkUsedAt: at })
    .where(eq(reviewEligibility.id, eligibilityId));
}

// ---- reviews and their photos ----

export async function listOwnReviews(db: Queryable, userId: string): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(OWN_LIST_LIMIT);
}

/** Whether the source has its review already. */
export async function sourceHasReview(tx: Queryable, sourceId: string): Promise<boolean> {
  const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.sourceId, sourceId));
  return existing !== undefined;
}

export async function insertReview(tx: Queryable, values: NewReview): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(values).returning();
  return row!;
}

export async function updateReviewRow(tx: Queryable, id: string, changes: ReviewChanges): Promise<ReviewRow> {
  const [row] = await tx.update(reviews).set(changes).where(eq(reviews.id, id)).returning();
  return row!;
}

export async function deleteReviewRow(tx: Queryable, id: string): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, id));
}

/** The review (the author's own when `userId` is given), locked for a change. */
export async function lockReview(tx: Queryable, id: string, userId?: string): Promise<ReviewRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(reviews)
    .where(userId === undefined ? eq(reviews.id, id) : and(eq(reviews.id, id), eq(reviews.userId, userId)))
    .for('update');
  return row;
}

/** Whether the user uploaded this photo for a review. */
export async function isOwnReviewPhoto(tx: Queryable, userId: string, imageUrl: string): Promise<boolean> {
  const [own] = await tx
    .select({ id: reviewPhotoUploads.id })
    .from(reviewPhotoUploads)
    .where(and(eq(reviewPhotoUploads.userId, userId), eq(reviewPhotoUploads.imageUrl, imageUrl)));
  return own !== undefined;
}

/** One customer's photo uploads take turns until the transaction ends. */
export async function lockReviewPhotosOf(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review-photos:${userId}`}))`);
}

export async function countReviewPhotosSince(tx: Queryable, userId: string, since: Date): Promise<number> {
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(reviewPhotoUploads)
    .where(and(eq(reviewPhotoUploads.userId, userId), gte(reviewPhotoUploads.createdAt, since)));
  return count;
}

export async function insertReviewPhoto(
  tx: Queryable,
  values: { userId: string; imageUrl: string; createdAt: Date },
): Promise<void> {
  await tx.insert(reviewPhotoUploads).values(values);
}

// ---- an erased account ----

export async function deleteReviewsOfUser(db: Queryable, userId: string): Promise<ReviewRow[]> {
  return db.delete(reviews).where(eq(reviews.userId, userId)).returning();
}

export async function deleteEligibilitiesOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(reviewEligibility).where(eq(reviewEligibility.userId, userId));
}

export async function deleteReviewPhotosOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(reviewPhotoUploads).where(eq(reviewPhotoUploads.userId, userId));
}

export async function rememberErasedUser(db: Queryable, userId: string): Promise<void> {
  await db.insert(erasedUsers).values({ userId }).onConflictDoNothing();
}

// ---- what everyone reads ----

/** The published reviews' rating of each of these treatments or products: one grouped query. */
export async function ratingsOf(
  db: Queryable,
  kind: ReviewSubjectKind,
  subjectIds: readonly string[],
): Promise<Map<string, Rating>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .select({
      subjectId: reviews.subjectId,
      average: sql<number>`round(avg(${reviews.rating}), 1)`.mapWith(Number),
      count: count(),
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.subjectKind, kind),
        inArray(reviews.subjectId, [...new Set(subjectIds)]),
        eq(reviews.status, 'published'),
      ),
    )
    .groupBy(reviews.subjectId);
  return new Map(rows.map((row) => [row.subjectId, { average: row.average, count: row.count }]));
}

/** One page of a treatment's or product's published reviews, newest first. */
export async function listPublishedReviews(
  db: Queryable,
  kind: ReviewSubjectKind,
  subjectId: string,
  page: ListPage,
): Promise<{ items: ReviewRow[]; total: number; rating: Rating | undefined }> {
  const where = and(
    eq(reviews.subjectKind, kind),
    eq(reviews.subjectId, subjectId),
    eq(reviews.status, 'published'),
  );
  const items = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const rating = (await ratingsOf(db, kind, [subjectId])).get(subjectId);
  return { items, total: rating?.count ?? 0, rating };
}

// ---- moderation ----

/** Every review (or those of one status), newest first. */
export async function listReviewsForAdmin(
  db: Queryable,
  status: ReviewStatus | undefined,
  page: ListPage,
): Promise<{ items: ReviewRow[]; total: number }> {
  const where: SQL | undefined = status ? eq(reviews.status, status) : undefined;
  const items = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const [row] = await db.select({ total: count() }).from(reviews).where(where);
  return { items, total: row?.total ?? 0 };
}
