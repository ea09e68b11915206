import { badRequest, currentUser, requireAuth, requireRole, strictObject } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  createReview,
  deleteOwnReview,
  hideReview,
  listOwnReviews,
  listPublishedReviews,
  listReviewsForAdmin,
  listToReview,
  recordReviewPhoto,
  replyToReview,
  unhideReview,
  updateReview,
} from '../use-cases/reviews.js';
import type { ReviewRow } from '../db/reviews.repository.js';
import { invitationOrThrow, openInvitation } from '../use-cases/review-requests.js';
import type { ReviewStatus, ReviewSubjectKind } from '../db/schema.js';
import type { ReviewInput } from '../domain/review-form.js';
import {
  presentAdminReview,
  presentEligible,
  presentInvitation,
  presentMyReview,
  presentPublicReview,
  presentRating,
  presentReviewPage,
} from './presenters.js';
import { sendCached, type CacheGroup, type ReadCache } from './read-cache.js';
import { queryKey, type RouteDeps } from './route-deps.js';
import { readImagePart } from './upload.routes.js';
import {
  adminReviewSchema,
  bearer,
  createReviewBody,
  eligibleSchema,
  errors,
  idParams,
  invitationParams,
  invitationReviewBody,
  invitationSchema,
  listOf,
  myReviewSchema,
  publicReviewSchema,
  reviewPageFields,
  updateReviewBody,
} from './schemas.js';

const tags = ['reviews'];
const moderationTags = ['review moderation'];
const admin = requireRole('admin');

const PUBLIC_PAGE_SIZE = 5;
const PUBLIC_MAX_PAGE_SIZE = 20;
const ADMIN_PAGE_SIZE = 20;
const ADMIN_MAX_PAGE_SIZE = 100;

const pageParam = { type: 'integer', minimum: 1, maximum: 100_000, description: '1-based; default 1' };

const publicListQuery = strictObject({
  service: { type: 'string', minLength: 1, maxLength: 100, description: 'A treatment id' },
  product: { type: 'string', minLength: 1, maxLength: 100, description: 'A product id' },
  page: pageParam,
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: PUBLIC_MAX_PAGE_SIZE,
    description: `Reviews per page: default ${PUBLIC_PAGE_SIZE}, at most ${PUBLIC_MAX_PAGE_SIZE}`,
  },
});

const adminListQuery = strictObject({
  status: { type: 'string', enum: ['published', 'hidden', 'all'], description: 'Default all' },
  page: pageParam,
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: ADMIN_MAX_PAGE_SIZE,
    description: `Reviews per page: default ${ADMIN_PAGE_SIZE}, at most ${ADMIN_MAX_PAGE_SIZE}`,
  },
});

const publicListSchema = {
  type: 'object',
  required: ['summary', 'reviews', 'page', 'limit', 'total', 'pages'],
  properties: {
    summary: {
      type: 'object',
      required: ['average', 'count'],
      properties: {
        average: { type: ['number', 'null'], description: 'One decimal; null while there are none' },
        count: { type: 'integer' },
      },
    },
    reviews: listOf(publicReviewSchema),
    ...reviewPageFields,
  },
};

const adminListSchema = {
  type: 'object',
  required: ['reviews', 'page', 'limit', 'total', 'pages'],
  properties: { reviews: listOf(adminReviewSchema), ...reviewPageFields },
};

const mineSchema = {
  type: 'object',
  required: ['written', 'toReview'],
  properties: {
    written: { ...listOf(myReviewSchema), description: 'The caller’s reviews, newest first (at most 100)' },
    toReview: {
      ...listOf(eligibleSchema),
      description: 'Completed visits and delivered products not reviewed yet, newest first (at most 100)',
    },
  },
};

const groupOf: Record<ReviewSubjectKind, CacheGroup> = { service: 'services', product: 'products' };

/**
 * A review's change moves its treatment's or product's rating and its list: their cached reads move on
 * before the answer leaves, so the next read (on any replica) sees it.
 */
async function refreshReads(cache: ReadCache, review: ReviewRow): Promise<void> {
  await cache.invalidate([groupOf[review.subjectKind], 'reviews']);
}

const invitationErrors = {
  400: errors[400],
  404: errors[404],
  409: errors[409],
  410: errors[404],
};

interface PublicListQuery {
  service?: string;
  product?: string;
  page?: number;
  limit?: number;
}

export function reviewsRoutes(app: FastifyInstance, { context, cache, now, config, images }: RouteDeps) {
  const linkSecret = config.reviewRequests.linkSecret;
  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: "A treatment's or a product's published reviews, newest first (public)",
        description:
          'Exactly one of `service` or `product` (ids). `page` (1-based) and `limit` (default 5, at most 20). ' +
          '`summary` is the average (one decimal; null while there are none) and count of all published reviews. ' +
          'Authors are shown as first name and last initial; every review is of a completed visit or a delivered order.',
        querystring: publicListQuery,
        response: { 200: publicListSchema, 400: errors[400] },
      },
    },
    async (request, reply) => {
      const query = request.query as PublicListQuery;
      if ((query.service === undefined) === (query.product === undefined))
        throw badRequest('Ask for the reviews of one treatment (service) or one product (product)', [
          { field: 'service' },
          { field: 'product' },
        ]);
      const kind: ReviewSubjectKind = query.service !== undefined ? 'service' : 'product';
      const subjectId = (query.service ?? query.product)!;
      const page = { number: query.page ?? 1, size: query.limit ?? PUBLIC_PAGE_SIZE };
      const cached = await cache.read(
        'reviews',
        `reviews|${queryKey({ kind, subjectId, page: page.number, limit: page.size })}`,
        async () => {
          const { items, total, rating } = await listPublishedReviews(context.db, kind, subjectId, page);
          const summary = presentRating(rating);
          return {
            summary: { average: summary?.average ?? null, count: summary?.count ?? 0 },
            reviews: items.map(presentPublicReview),
            ...presentReviewPage(total, page),
          };
        },
      );
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.get(
    '/reviews/mine',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "The signed-in customer's reviews, and what they may still review",
        description:
          '`written`: their reviews as they see them (hidden ones with the reason, the spa’s reply, `editableUntil`). ' +
          '`toReview`: their completed treatments and delivered products without a review, newest first.',
        security: bearer,
        response: { 200: mineSchema, 401: errors[401] },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [written, toReview] = await Promise.all([
        listOwnReviews(context.db, user.id),
        listToReview(context.db, user.id, now()),
      ]);
      return reply
        .header('cache-control', 'private, no-store')
        .send({ written: written.map(presentMyReview), toReview: toReview.map(presentEligible) });
    },
  );

  app.post(
    '/reviews',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Review a completed treatment or a delivered product',
        description:
          '`sourceId` must be one of the caller’s own (GET /reviews/mine, `toReview`), else 404 "Nothing to review here"; ' +
          'one review per visit or order line (409 ALREADY_REVIEWED). `rating` 1-5, `text` at most 2000 characters, ' +
          '`photo` an image the caller uploaded through POST /reviews/photos.',
        security: bearer,
        body: createReviewBody,
        response: { 201: myReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const review = await createReview(
        context,
        { id: user.id, name: user.name, email: user.email },
        request.body as ReviewInput & { sourceId: string },
        now(),
      );
      await refreshReads(cache, review);
      return reply.code(201).send(presentMyReview(review));
    },
  );

  app.post(
    '/reviews/photos',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary:
          'Upload a photo for my review (multipart field "file"); answers its URL for the review’s `photo`',
        description:
          'The checks of POST /upload (JPEG, PNG, WebP or GIF by their bytes, the size limit, a web version made once), ' +
          `for any signed-in customer, at most REVIEW_PHOTOS_PER_DAY (${config.reviewPhotosPerDay}) in 24 hours ` +
          '(429 TOO_MANY_PHOTOS). A review may carry only a photo its own author uploaded here.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: {
          201: { type: 'object', required: ['imageUrl'], properties: { imageUrl: { type: 'string' } } },
          ...errors,
          413: errors[400],
          415: errors[400],
          429: errors[400],
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const bytes = await readImagePart(request, config.uploadMaxBytes);
      const imageUrl = await recordReviewPhoto(context.db, user.id, config.reviewPhotosPerDay, now(), () =>
        images.saveUpload(bytes),
      );
      return reply.code(201).send({ imageUrl });
    },
  );

  // ---- the emailed link (no sign-in) ----

  const invitationDescription =
    'The token is the emailed link’s (catalogue.review.requested): it needs no sign-in, works for 30 days ' +
    'after the email and once. 404 NOT_FOUND "This review link is not valid." for a forged or garbled one; ' +
    '410 LINK_EXPIRED once it has run out; 409 LINK_USED once a review was posted through it, or the visit ' +
    'was reviewed from My Reviews.';

  app.get(
    '/reviews/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an emailed review link is for (public: the token is the key)',
        description: invitationDescription,
        params: invitationParams,
        response: { 200: invitationSchema, ...invitationErrors },
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const { eligibility, expiresAt } = invitationOrThrow(
        await openInvitation(context, token, linkSecret, now()),
      );
      return reply
        .header('cache-control', 'private, no-store')
        .send(presentInvitation(eligibility, expiresAt));
    },
  );

  app.post(
    '/reviews/invitations/:token',
    {
      schema: {
        tags,
        summary: 'Review the visit or product an emailed link is for (public: the token is the key)',
        description:
          `${invitationDescription} The body is as POST /reviews without sourceId and photo: \`rating\` 1-5, ` +
          '`text` at most 2000 characters. The review is the customer’s the link was sent to, published as ' +
          'any other; the answer is as POST /reviews.',
        params: invitationParams,
        body: invitationReviewBody,
        response: { 201: myReviewSchema, ...invitationErrors },
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const at = now();
      const { eligibility } = invitationOrThrow(await openInvitation(context, token, linkSecret, at));
      const body = request.body as Pick<ReviewInput, 'rating' | 'text'>;
      const review = await createReview(
        context,
        { id: eligibility.userId, name: eligibility.authorName, email: eligibility.authorEmail },
        { rating: body.rating, text: body.text, sourceId: eligibility.sourceId },
        at,
        'link',
      );
      await refreshReads(cache, review);
      return reply.code(201).send(presentMyReview(review));
    },
  );

  app.put(
    '/reviews/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Edit my review (for 30 days after writing it)',
        description:
          'The body is the whole review (as POST, without sourceId): text left out is empty, a photo left out is removed. ' +
          'Only its author finds it (404 for anyone else). ' +
          'After 30 days: 409 EDIT_WINDOW_CLOSED. A hidden review stays hidden.',
        security: bearer,
        params: idParams,
        body: updateReviewBody,
        response: { 200: myReviewSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const review = await updateReview(
        context,
        currentUser(request).id,
        id,
        request.body as ReviewInput,
        now(),
      );
      await refreshReads(cache, review);
      return presentMyReview(review);
    },
  );

  app.delete(
    '/reviews/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Delete my review',
        description: 'Only its author finds it (404 for anyone else). The visit may then be reviewed again.',
        security: bearer,
        params: idParams,
        response: { 204: { type: 'null' }, 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const review = await deleteOwnReview(context, currentUser(request).id, id);
      await refreshReads(cache, review);
      return reply.code(204).send();
    },
  );

  // ---- moderation ----

  app.get(
    '/admin/reviews',
    {
      preValidation: admin,
      schema: {
        tags: moderationTags,
        summary: 'Every review, newest first, with its status and author',
        description:
          '`status` published, hidden or all (default); `page` and `limit` (default 20, at most 100).',
        security: bearer,
        querystring: adminListQuery,
        response: { 200: adminListSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request, reply) => {
      const query = request.query as { status?: ReviewStatus | 'all'; page?: number; limit?: number };
      const page = { number: query.page ?? 1, size: query.limit ?? ADMIN_PAGE_SIZE };
      const status = query.status === 'all' ? undefined : query.status;
      const { items, total } = await listReviewsForAdmin(context.db, status, page);
      return reply
        .header('cache-control', 'private, no-store')
        .send({ reviews: items.map(presentAdminReview), ...presentReviewPage(total, page) });
    },
  );

  app.put(
    '/admin/reviews/:id/hide',
    {
      preValidation: admin,
      schema: {
        tags: moderationTags,
        summary: 'Hide a review from the public, saying why',
        description:
          'Its author is emailed the reason and may edit it from My Reviews; it leaves the public list and the rating. ' +
          '`reason` 1-500 characters. Hiding a hidden review changes nothing.',
        security: bearer,
        params: idParams,
        body: strictObject({ reason: { type: 'string', maxLength: 1000 } }, ['reason']),
        response: { 200: adminReviewSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const review = await hideReview(context, id, (request.body as { reason: string }).reason);
      await refreshReads(cache, review);
      return presentAdminReview(review);
    },
  );

  app.put(
    '/admin/reviews/:id/unhide',
    {
      preValidation: admin,
      schema: {
        tags: moderationTags,
        summary: 'Publish a hidden review again',
        description: 'Takes no body. Publishing a published review changes nothing.',
        security: bearer,
        params: idParams,
        response: { 200: adminReviewSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const review = await unhideReview(context, id);
      await refreshReads(cache, review);
      return presentAdminReview(review);
    },
  );

  app.put(
    '/admin/reviews/:id/reply',
    {
      preValidation: admin,
      schema: {
        tags: moderationTags,
        summary: "The spa's public reply to a review",
        description: '`text` at most 1000 characters; an empty text removes the reply.',
        security: bearer,
        params: idParams,
        body: strictObject({ text: { type: 'string', maxLength: 2000 } }, ['text']),
        response: { 200: adminReviewSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const review = await replyToReview(context, id, (request.body as { text: string }).text, now());
      await refreshReads(cache, review);
      return presentAdminReview(review);
    },
  );
}
