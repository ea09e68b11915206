import { AppError, badRequest, notFound, type Database, type Queryable } from '@spa/kit';
import { isForeignKeyViolation, isUniqueViolation } from '../db/pg-errors.js';
import {
  countReviewPhotosSince,
  deleteEligibilitiesOfUser,
  deleteReviewPhotosOfUser,
  deleteReviewRow,
  deleteReviewsOfUser,
  erasedAmong,
  findOwnEligibility,
  insertEligibilities,
  insertReview,
  insertReviewPhoto,
  isOwnReviewPhoto,
  lockAccountFacts,
  lockReview,
  lockReviewPhotosOf,
  markReviewLinkUsed,
  rememberErasedUser,
  sourceHasReview,
  updateReviewRow,
  type EligibilityFact,
  type ReviewRow,
} from '../db/reviews.repository.js';
import {
  assertEditable,
  cleanHideReason,
  cleanReply,
  cleanReviewForm,
  type ReviewInput,
} from '../domain/review-form.js';
import { publishReviewHidden, publishReviewState } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import type { CatalogueContext } from './context.js';

export {
  listOwnReviews,
  listPublishedReviews,
  listReviewsForAdmin,
  listToReview,
} from '../db/reviews.repository.js';

/** Who writes: the signed-in caller (the token's name and email fill in what the visit did not carry). */
export interface ReviewAuthor {
  id: string;
  name: string;
  email: string;
}

const NOTHING_TO_REVIEW = 'Nothing to review here';
const REVIEW_NOT_FOUND = 'Review not found';

const visitNotOver = () =>
  new AppError(409, 'VISIT_NOT_OVER', 'You can review this visit once it has ended.');

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
  // Read "erased?" only once an erasure running now has committed (see lockAccountFacts).
  await lockAccountFacts(db, userIds);
  const erased = await erasedAmong(db, userIds);
  const kept = facts.filter((fact) => !erased.has(fact.userId));
  if (kept.length === 0) return 0;
  return insertEligibilities(db, kept);
}

// ---- the author's own reviews ----

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
 * not exist), 409 VISIT_NOT_OVER before the visit's end, 409 ALREADY_REVIEWED when it has its review
 * (also when two arrive at once).
 *
 * `via: 'link'` is the emailed link's review (the author is the eligibility's own): the eligibility is
 * locked, its link marked used in the same transaction, and "reviewed already" is 409 LINK_USED (a
 * missing one: the link is not valid).
 */
export async function createReview(
  { db, publish }: CatalogueContext,
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
      const eligibility = await findOwnEligibility(tx, author.id, sourceId, { lock: byLink });
      if (!eligibility) throw missing();
      // A visit is dated at its end: one completed early opens no review before it is over.
      if (eligibility.visitedAt.getTime() > now.getTime()) throw visitNotOver();
      if (byLink && eligibility.reviewLinkUsedAt) throw linkUsed();
      if (await sourceHasReview(tx, sourceId)) throw reviewed();
      await assertOwnPhoto(tx, author.id, fields.photo);
      const row = await insertReview(tx, {
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
      });
      if (byLink) await markReviewLinkUsed(tx, eligibility.id, now);
      await publishReviewState(tx, publish, row);
      return row;
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
  if (!(await isOwnReviewPhoto(tx, userId, photo)))
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
    await lockReviewPhotosOf(tx, userId);
    const since = new Date(now.getTime() - 24 * 3_600_000);
    const count = await countReviewPhotosSince(tx, userId, since);
    if (count >= perDay)
      throw new AppError(
        429,
        'TOO_MANY_PHOTOS',
        `You can add up to ${perDay} photos a day to your reviews. Please try again tomorrow.`,
      );
    const imageUrl = await save();
    await insertReviewPhoto(tx, { userId, imageUrl, createdAt: now });
    return imageUrl;
  });
}

/** The author's own review, locked for a change; anyone else's is not found. */
async function lockOwn(tx: Queryable, userId: string, id: string): Promise<ReviewRow> {
  const row = await lockReview(tx, id, userId);
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return row;
}

/**
 * The author rewrites the review within 30 days of writing it (409 EDIT_WINDOW_CLOSED after): the
 * body is the whole review, so text left out is empty and a photo left out is none. The status stays
 * (a hidden review stays hidden until an admin publishes it again).
 */
export async function updateReview(
  { db, publish }: CatalogueContext,
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
    const row = await updateReviewRow(tx, id, { ...fields, updatedAt: now });
    await publishReviewState(tx, publish, row);
    return row;
  });
}

/** The author deletes their review (at any time); the visit may then be reviewed again. */
export async function deleteOwnReview(
  { db, publish }: CatalogueContext,
  userId: string,
  id: string,
): Promise<ReviewRow> {
  return db.transaction(async (tx) => {
    const existing = await lockOwn(tx, userId, id);
    await deleteReviewRow(tx, id);
    await publish(tx, catalogueEvents.reviewDeleted, id, { reviewId: id });
    return existing;
  });
}

/**
 * An erased account: every review of theirs is deleted (each announced), what they could review goes,
 * and their id is remembered so a later-read fact of theirs does not bring it back. Answers the
 * deleted reviews.
 */
export async function eraseReviewer({ db, publish }: CatalogueContext, userId: string): Promise<ReviewRow[]> {
  // An eligibility being recorded now commits first, so the delete below sees it (lockAccountFacts).
  await lockAccountFacts(db, [userId]);
  const deleted = await deleteReviewsOfUser(db, userId);
  for (const review of deleted)
    await publish(db, catalogueEvents.reviewDeleted, review.id, { reviewId: review.id });
  await deleteEligibilitiesOfUser(db, userId);
  // Their photos' files stay (unguessable names no page links any more); the record of whose they were goes.
  await deleteReviewPhotosOfUser(db, userId);
  await rememberErasedUser(db, userId);
  return deleted;
}

// ---- moderation ----

async function lockAny(tx: Queryable, id: string): Promise<ReviewRow> {
  const row = await lockReview(tx, id);
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return row;
}

/**
 * Hides a review from the public with a reason its author is told (catalogue.review.hidden). Hiding a
 * hidden one changes nothing and announces nothing.
 */
export async function hideReview(
  { db, publish }: CatalogueContext,
  id: string,
  reason: string,
): Promise<ReviewRow> {
  const why = cleanHideReason(reason);
  return db.transaction(async (tx) => {
    const existing = await lockAny(tx, id);
    if (existing.status === 'hidden') return existing;
    const row = await updateReviewRow(tx, id, { status: 'hidden', hiddenReason: why });
    await publishReviewHidden(tx, publish, row);
    return row;
  });
}

/** Publishes a hidden review again; a published one is answered as it is. */
export async function unhideReview({ db, publish }: CatalogueContext, id: string): Promise<ReviewRow> {
  return db.transaction(async (tx) => {
    const existing = await lockAny(tx, id);
    if (existing.status === 'published') return existing;
    const row = await updateReviewRow(tx, id, { status: 'published', hiddenReason: null });
    await publishReviewState(tx, publish, row);
    return row;
  });
}

/** The spa's public reply; an empty text removes it. */
export async function replyToReview(
  { db, publish }: CatalogueContext,
  id: string,
  text: string,
  now: Date,
): Promise<ReviewRow> {
  const reply = cleanReply(text);
  return db.transaction(async (tx) => {
    await lockAny(tx, id);
    const row = await updateReviewRow(tx, id, { replyText: reply, repliedAt: reply === null ? null : now });
    await publishReviewState(tx, publish, row);
    return row;
  });
}
