import { AppError, badRequest } from '@spa/kit/errors';
import { isUploadedImageUrl } from './text.js';

/*
 * The rules of a customer's review: a rating of 1 to 5, optional text of at most 2000
 * characters, an optional uploaded photo; editable for 30 days after it was written. The spa's reply
 * is at most 1000 characters and a reason to hide one at most 500.
 */

const REVIEW_TEXT_MAX = 2000;
const REPLY_TEXT_MAX = 1000;
const HIDE_REASON_MAX = 500;
const EDIT_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ReviewInput {
  rating?: number;
  text?: string | null;
  photo?: string | null;
}

export interface ReviewFields {
  rating?: number;
  text?: string;
  photo?: string | null;
}

/** Characters as Postgres counts them (code points), so the limit here is the column's. */
const lengthOf = (text: string) => [...text].length;

/**
 * The review as it is stored: text trimmed (missing or null is empty), a blank photo is none. Only
 * the fields sent are answered, so an edit changes only those.
 */
export function cleanReviewForm(input: ReviewInput): ReviewFields {
  const fields: ReviewFields = {};
  if (input.rating !== undefined) {
    if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
      throw badRequest('The rating must be a whole number from 1 to 5', [{ field: 'rating' }]);
    fields.rating = input.rating;
  }
  if (input.text !== undefined) {
    const text = (input.text ?? '').trim();
    if (lengthOf(text) > REVIEW_TEXT_MAX)
      throw badRequest(`A review can be at most ${REVIEW_TEXT_MAX} characters`, [{ field: 'text' }]);
    fields.text = text;
  }
  if (input.photo !== undefined) {
    const photo = (input.photo ?? '').trim();
    if (photo !== '' && !isUploadedImageUrl(photo))
      throw badRequest('The photo must be an uploaded image (an /uploads/… URL)', [{ field: 'photo' }]);
    fields.photo = photo === '' ? null : photo;
  }
  return fields;
}

/** The spa's reply: trimmed; empty removes it (null). */
export function cleanReply(text: string): string | null {
  const reply = text.trim();
  if (lengthOf(reply) > REPLY_TEXT_MAX)
    throw badRequest(`A reply can be at most ${REPLY_TEXT_MAX} characters`, [{ field: 'text' }]);
  return reply === '' ? null : reply;
}

/** Why a review is hidden: said to its author, so it must say something. */
export function cleanHideReason(reason: string): string {
  const text = reason.trim();
  if (text === '')
    throw badRequest('Say why the review is hidden (its author is told)', [{ field: 'reason' }]);
  if (lengthOf(text) > HIDE_REASON_MAX)
    throw badRequest(`The reason can be at most ${HIDE_REASON_MAX} characters`, [{ field: 'reason' }]);
  return text;
}

/** The last moment its author may edit a review. */
export function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + EDIT_WINDOW_DAYS * DAY_MS);
}

const DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** 409 EDIT_WINDOW_CLOSED once the 30 days after writing have passed. */
export function assertEditable(createdAt: Date, now: Date): void {
  if (now.getTime() <= editableUntil(createdAt).getTime()) return;
  throw new AppError(
    409,
    'EDIT_WINDOW_CLOSED',
    `A review can be edited for ${EDIT_WINDOW_DAYS} days after it was written; this one was written on ${DATE.format(createdAt)}. You can still delete it.`,
  );
}

/** How the public sees an author: first name and last initial ("Priya S."); no name at all is "A verified customer". */
export function publicAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A verified customer';
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const initial = [...parts.at(-1)!][0]!.toLocaleUpperCase('en-IN');
  return `${first} ${initial}.`;
}
