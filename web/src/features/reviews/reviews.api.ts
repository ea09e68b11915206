import { del, formWith, get, post, put, upload } from '../../lib/api';

/*
 * Verified reviews, served by the catalogue service: only a completed visit or a delivered
 * order line can be reviewed, once; the client never says what may be reviewed, catalogue learns it
 * from booking's and commerce's events.
 */

export type ReviewSubjectKind = 'service' | 'product';

export interface ReviewSubject {
  kind: ReviewSubjectKind;
  id: string;
  name: string;
}

interface ReviewReply {
  text: string;
  repliedAt: string;
}

/** A review as everyone sees it on a treatment's or a product's page. */
export interface PublicReview {
  _id: string;
  rating: number;
  text: string;
  photo: string | null;
  /** "Priya S." */
  authorName: string;
  verified: boolean;
  visitedAt: string;
  createdAt: string;
  updatedAt: string;
  reply: ReviewReply | null;
}

interface RatingSummary {
  /** One decimal; null when nothing has been reviewed. */
  average: number | null;
  count: number;
}

export interface ReviewPage {
  summary: RatingSummary;
  reviews: PublicReview[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}

/** My own review, with what only its author sees (hidden, why, until when it can be edited). */
export interface MyReview {
  _id: string;
  sourceId: string;
  subject: ReviewSubject;
  rating: number;
  text: string;
  photo: string | null;
  status: 'published' | 'hidden';
  hiddenReason: string | null;
  reply: ReviewReply | null;
  visitedAt: string;
  createdAt: string;
  updatedAt: string;
  editableUntil: string;
}

/** A visit or a delivered product I may still review. */
export interface Reviewable {
  sourceId: string;
  subject: ReviewSubject;
  visitedAt: string;
}

export interface MyReviews {
  written: MyReview[];
  toReview: Reviewable[];
}

export interface ReviewInput {
  rating: number;
  text: string;
  photo?: string | null;
}

export interface AdminReview extends PublicReview {
  status: 'published' | 'hidden';
  hiddenReason: string | null;
  subject: ReviewSubject;
  authorEmail: string;
}

export interface AdminReviewPage {
  reviews: AdminReview[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export type AdminReviewFilter = 'published' | 'hidden' | 'all';

export const reviewKeys = {
  all: ['reviews'] as const,
  of: (kind: ReviewSubjectKind, id: string, page: number) => ['reviews', kind, id, page] as const,
  mine: ['reviews', 'mine'] as const,
  admin: (status: AdminReviewFilter, page: number) => ['reviews', 'admin', status, page] as const,
};

const REVIEWS_PER_PAGE = 5;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_TEXT_MAX = 1000;
export const HIDE_REASON_MAX = 500;

/** GET /reviews?service=|product=: the published reviews of one treatment or product, newest first. */
export const fetchReviews = (kind: ReviewSubjectKind, id: string, page: number) =>
  get<ReviewPage>('/reviews', { query: { [kind]: id, page, limit: REVIEWS_PER_PAGE }, anonymous: true });

export const fetchMyReviews = () => get<MyReviews>('/reviews/mine');

export const writeReview = (sourceId: string, input: ReviewInput) =>
  post<MyReview>('/reviews', { sourceId, ...withoutEmptyPhoto(input) });

export const editReview = (id: string, input: ReviewInput) =>
  put<MyReview>(`/reviews/${encodeURIComponent(id)}`, withoutEmptyPhoto(input));

export const deleteReview = (id: string) => del<void>(`/reviews/${encodeURIComponent(id)}`);

export const fetchAdminReviews = (status: AdminReviewFilter, page: number) =>
  get<AdminReviewPage>('/admin/reviews', { query: { status, page, limit: 10 } });

export const hideReview = (id: string, reason: string) =>
  put<AdminReview>(`/admin/reviews/${encodeURIComponent(id)}/hide`, { reason });

export const unhideReview = (id: string) =>
  put<AdminReview>(`/admin/reviews/${encodeURIComponent(id)}/unhide`, {});

export const replyToReview = (id: string, text: string) =>
  put<AdminReview>(`/admin/reviews/${encodeURIComponent(id)}/reply`, { text });

function withoutEmptyPhoto({ photo, ...rest }: ReviewInput) {
  return photo ? { ...rest, photo } : rest;
}

/** "4.6 out of 5 from 12 reviews": the words a rating is read as (screen readers, titles). */
export function ratingText(summary: { average: number | null; count: number }): string {
  if (!summary.average || summary.count === 0) return 'No reviews yet';
  return `${summary.average.toFixed(1)} out of 5 from ${summary.count} review${summary.count === 1 ? '' : 's'}`;
}

/** A review request's link: what it asks about, for whom, until when. */
export interface ReviewInvitation {
  subject: ReviewSubject;
  visitedAt: string;
  firstName: string;
  expiresAt: string;
}

/** GET /reviews/invitations/:token: the email's signed link, no sign-in needed. */
export const fetchInvitation = (token: string) =>
  get<ReviewInvitation>(`/reviews/invitations/${encodeURIComponent(token)}`, { anonymous: true });

/** POST /reviews/invitations/:token: the review, once, as the visit's customer. */
export const reviewByInvitation = (token: string, input: ReviewInput) =>
  post<MyReview>(
    `/reviews/invitations/${encodeURIComponent(token)}`,
    { rating: input.rating, text: input.text },
    {
      anonymous: true,
    },
  );

/** POST /reviews/photos: a photo for my review (the upload's checks; a few a day); its address. */
export const uploadReviewPhoto = async (file: File) =>
  (await upload<{ imageUrl: string }>('/reviews/photos', formWith('file', file, file.name))).imageUrl;
