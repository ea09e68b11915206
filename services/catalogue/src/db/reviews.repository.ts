import { AppError, badRequest, notFound, type Database, type Queryable } from '@spa/kit';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  assertEditable,
  cleanHideReason,
  cleanReply,
  cleanReviewForm,
  type ReviewInput,
} from '../domain/review-form.js';
import { publishReviewHidden, publishReviewState } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import type { ListPage } from './list-page.js';
import { isForeignKeyViolation, isUniqueViolation, isUuid } from './pg-errors.js';
import {
  erasedUsers,
  reviewEligibility,
  reviewPhotoUploads,
  reviews,
  type ReviewStatus,
  type ReviewSubjectKind,
} from './schema.js';
import type { Store } from './store.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type EligibilityRow = typeof reviewEligibility.$inferSelect;
export type EligibilityFact = Omit<typeof reviewEligibility.$inferInsert, 'id' | 'createdAt'>;

/** A treatment's or product's published reviews: the average (one decimal) and how many. */
export interface Rating {
  average: number;
  count: number;
}

/** Who writes: the signed-in caller (the token's name and email fill in what the visit did not carry). */
export interface ReviewAuthor {
  id: string;
  name: string;
  email: string;
}

const NOTHING_TO_REVIEW = 'Nothing to review here';
const REVIEW_NOT_FOUND = 'Review not found';
/** What a customer's own lists hold at most (the newest): never a whole table. */
export const OWN_LIST_LIMIT = 100;

const alreadyReviewed = () =>
  new AppError(
    409,
    'ALREADY_REVIEWED',
    'You have already reviewed this. You can change your review from My Reviews.',
  );

// ---- eligibility, from other services' facts ----

/**
 * Records what a customer may review; a source seen before changes nothing, and an erased account's
 * facts are dropped. Answers how many are new.
 */
export async function recordEligibility(db: Queryable, facts: EligibilityFact[]): Promise<number> {
  if (facts.length === 0) return 0;
  const userIds = [...new Set(facts.map((fact) => fact.userId))];
  const erased = new Set(
    (
      await db
        .select({ userId: erasedUsers.userId })
        .from(erasedUsers)
        .where(inArray(erasedUsers.userId, userIds))
    ).map((row) => row.userId),
  );
  const kept = facts.filter((fact) => !erased.has(fact.userId));
  if (kept.length === 0) return 0;
  const inserted = await db
    .insert(reviewEligibility)
    .values(kept)
    .onConflictDoNothing({ target: reviewEligibility.sourceId })
    .returning({ id: reviewEligibility.id });
  return inserted.length;
}

/** The caller's visits and delivered products not reviewed yet, newest first. */
export async function listToReview(db: Queryable, userId: string): Promise<EligibilityRow[]> {
  const rows = await db
    .select({ eligibility: reviewEligibility })
    .from(reviewEligibility)
    .leftJoin(reviews, eq(reviews.sourceId, reviewEligibility.sourceId))
    .where(and(eq(reviewEligibility.userId, userId), isNull(reviews.id)))
    .orderBy(desc(reviewEligibility.visitedAt), asc(reviewEligibility.sourceId))
    .limit(OWN_LIST_LIMIT);
  return rows.map((row) => row.eligibility);
}

// ---- the author's own reviews ----

export async function listOwnReviews(db: Queryable, userId: string): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(OWN_LIST_LIMIT);
}

/** The emailed link's answers (GET and POST /reviews/invitations/:token). */
export const linkNotValid = () => notFound('This review link is not valid.');
export const linkUsed = () =>
  new AppError(409, 'LINK_USED', 'This visit has been reviewed already. Thank you!');
export const linkExpired = () =>
  new AppError(
    410,
    'LINK_EXPIRED',
    'This review link has expired. You can still review it from My Reviews after signing in.',
  );

/**
 * Writes the review of one of the author's eligibilities: 404 when the source is not theirs (or does
 * not exist), 409 ALREADY_REVIEWED when it has its review (also when two arrive at once).
 *
 * `via: 'link'` is the emailed link's review (the author is the eligibility's own): the eligibility is
 * locked, its link marked used in the same transaction, and "reviewed already" is 409 LINK_USED (a
 * missing one: the link is not valid).
 */
export async function createReview(
  { db, publish }: Store,
  author: ReviewAuthor,
  input: ReviewInput & { sourceId: string },
  now: Date,
  via: 'account' | 'link' = 'account',
): Promise<ReviewRow> {
  const fields = cleanReviewForm(input);
  const sourceId = input.sourceId.trim();
  const byLink = via === 'link';
  const reviewed = byLink ? linkUsed : alreadyReviewed;
  const missing = () => (byLink ? linkNotValid() : notFound(NOTHING_TO_REVIEW));
  try {
    return await db.transaction(async (tx) => {
      const mine = tx
        .select()
        .from(reviewEligibility)
        .where(and(eq(reviewEligibility.sourceId, sourceId), eq(reviewEligibility.userId, author.id)));
      const [eligibility] = byLink ? await mine.for('update') : await mine;
      if (!eligibility) throw missing();
      if (byLink && eligibility.reviewLinkUsedAt) throw linkUsed();
      const [existing] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.sourceId, sourceId));
      if (existing) throw reviewed();
      await assertOwnPhoto(tx, author.id, fields.photo);
      const [row] = await tx
        .insert(reviews)
        .values({
          sourceId,
          userId: author.id,
          // The names the visit or order carried; the account's own when it carried none.
          authorName: eligibility.authorName || author.name,
          authorEmail: eligibility.authorEmail || author.email,
          subjectKind: eligibility.subjectKind,
          subjectId: eligibility.subjectId,
          subjectName: eligibility.subjectName,
          rating: fields.rating!,
          text: fields.text ?? '',
          photo: fields.photo ?? null,
          visitedAt: eligibility.visitedAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (byLink)
        await tx
          .update(reviewEligibility)
          .set({ reviewLinkUsedAt: now })
          .where(eq(reviewEligibility.id, eligibility.id));
      await publishReviewState(tx, publish, row!);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'reviews_source_id_key')) throw reviewed();
    // The eligibility went (the account was erased) between the look-up and the insert.
    if (isForeignKeyViolation(error)) throw missing();
    throw error;
  }
}

/**
 * A review's photo must be one its author uploaded for a review (POST /reviews/photos): never a
 * product's picture or another customer's.
 */
async function assertOwnPhoto(
  tx: Queryable,
  userId: string,
  photo: string | null | undefined,
): Promise<void> {
  if (!photo) return;
  const [own] = await tx
    .select({ id: reviewPhotoUploads.id })
    .from(reviewPhotoUploads)
    .where(and(eq(reviewPhotoUploads.userId, userId), eq(reviewPhotoUploads.imageUrl, photo)));
  if (!own)
    throw badRequest('The photo must be one you uploaded for your review', [
      { field: 'photo', message: 'Upload the photo with the review form' },
    ]);
}

/** A customer's photo for a review, refused (429) beyond `perDay` in 24 hours. */
export async function recordReviewPhoto(
  db: Database,
  userId: string,
  perDay: number,
  now: Date,
  save: () => Promise<string>,
): Promise<string> {
  return db.transaction(async (tx) => {
    // One customer's uploads take turns, so two at once cannot both slip under the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review-photos:${userId}`}))`);
    const since = new Date(now.getTime() - 24 * 3_600_000);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(reviewPhotoUploads)
      .where(and(eq(reviewPhotoUploads.userId, userId), gte(reviewPhotoUploads.createdAt, since)));
    if (count >= perDay)
      throw new AppError(
        429,
        'TOO_MANY_PHOTOS',
        `You can add up to ${perDay} photos a day to your reviews. Please try again tomorrow.`,
      );
    const imageUrl = await save();
    await tx.insert(reviewPhotoUploads).values({ userId, imageUrl, createdAt: now });
    return imageUrl;
  });
}

/** The author's own review, locked for a change; anyone else's is not found. */
async function lockOwn(tx: Queryable, userId: string, id: string): Promise<ReviewRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, id), eq(reviews.userId, userId)))
        .for('update')
    : [];
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return row;
}

/**
 * The author rewrites the review within 30 days of writing it (409 EDIT_WINDOW_CLOSED after): the
 * body is the whole review, so text left out is empty and a photo left out is none. The status stays
 * (a hidden review stays hidden until an admin publishes it again).
 */
export async function updateReview(
  { db, publish }: Store,
  userId: string,
  id: string,
  input: ReviewInput,
  now: Date,
): Promise<ReviewRow> {
  const fields = cleanReviewForm({
    rating: input.rating,
    text: input.text ?? '',
    photo: input.photo ?? null,
  });
  return db.transaction(async (tx) => {
    const existing = await lockOwn(tx, userId, id);
    assertEditable(existing.createdAt, now);
    await assertOwnPhoto(tx, userId, fields.photo);
    const [row] = await tx
      .update(reviews)
      .set({ ...fields, updatedAt: now })
      .where(eq(reviews.id, id))
      .returning();
    await publishReviewState(tx, publish, row!);
    return row!;
  });
}

/** The author deletes their review (at any time); the visit may then be reviewed again. */
export async function deleteOwnReview(
  { db, publish }: Store,
  userId: string,
  id: string,
): Promise<ReviewRow> {
  return db.transaction(async (tx) => {
    const existing = await lockOwn(tx, userId, id);
    await tx.delete(reviews).where(eq(reviews.id, id));
    await publish(tx, catalogueEvents.reviewDeleted, id, { reviewId: id });
    return existing;
  });
}

/**
 * An erased account: every review of theirs is deleted (each announced), what they could review goes,
 * and their id is remembered so a later-read fact of theirs does not bring it back. Answers the
 * deleted reviews.
 */
export async function eraseReviewer({ db, publish }: Store, userId: string): Promise<ReviewRow[]> {
  const deleted = await db.delete(reviews).where(eq(reviews.userId, userId)).returning();
  for (const review of deleted)
    await publish(db, catalogueEvents.reviewDeleted, review.id, { reviewId: review.id });
  await db.delete(reviewEligibility).where(eq(reviewEligibility.userId, userId));
  // Their photos' files stay (unguessable names no page links any more); the record of whose they were goes.
  await db.delete(reviewPhotoUploads).where(eq(reviewPhotoUploads.userId, userId));
  await db.insert(erasedUsers).values({ userId }).onConflictDoNothing();
  return deleted;
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

async function lockAny(tx: Queryable, id: string): Promise<ReviewRow> {
  const [row] = isUuid(id) ? await tx.select().from(reviews).where(eq(reviews.id, id)).for('update') : [];
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return row;
}

/**
 * Hides a review from the public with a reason its author is told (catalogue.review.hidden). Hiding a
 * hidden one changes nothing and announces nothing.
 */
export async function hideReview({ db, publish }: Store, id: string, reason: string): Promise<ReviewRow> {
  const why = cleanHideReason(reason);
  return db.transaction(async (tx) => {
    const existing = await lockAny(tx, id);
    if (existing.status === 'hidden') return existing;
    const [row] = await tx
      .update(reviews)
      .set({ status: 'hidden', hiddenReason: why })
      .where(eq(reviews.id, id))
      .returning();
    await publishReviewHidden(tx, publish, row!);
    return row!;
  });
}

/** Publishes a hidden review again; a published one is answered as it is. */
export async function unhideReview({ db, publish }: Store, id: string): Promise<ReviewRow> {
  return db.transaction(async (tx) => {
    const existing = await lockAny(tx, id);
    if (existing.status === 'published') return existing;
    const [row] = await tx
      .update(reviews)
      .set({ status: 'published', hiddenReason: null })
      .where(eq(reviews.id, id))
      .returning();
    await publishReviewState(tx, publish, row!);
    return row!;
  });
}

/** The spa's public reply; an empty text removes it. */
export async function replyToReview(
  { db, publish }: Store,
  id: string,
  text: string,
  now: Date,
): Promise<ReviewRow> {
  const reply = cleanReply(text);
  return db.transaction(async (tx) => {
    await lockAny(tx, id);
    const [row] = await tx
      .update(reviews)
      .set({ replyText: reply, repliedAt: reply === null ? null : now })
      .where(eq(reviews.id, id))
      .returning();
    await publishReviewState(tx, publish, row!);
    return row!;
  });
}
