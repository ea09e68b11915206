import * as catalogue from '../../gen/spa/catalogue/v1/events_pb.js';
import { defineEvent } from '../define.js';

/**
 * Catalogue entity state, mirrored by booking (services, categories, rooms) and commerce (products),
 * and customers' reviews (notification emails the author of a hidden one, and asks
 * for a review a day after a visit or a delivery).
 */
export const catalogueEvents = {
  serviceUpserted: defineEvent(
    'catalogue.service.upserted',
    catalogue.ServiceUpsertedSchema,
    'catalogue.service.v1',
    true,
  ),
  serviceDeleted: defineEvent(
    'catalogue.service.deleted',
    catalogue.ServiceDeletedSchema,
    'catalogue.service.v1',
    true,
  ),
  categoryUpserted: defineEvent(
    'catalogue.category.upserted',
    catalogue.CategoryUpsertedSchema,
    'catalogue.category.v1',
    true,
  ),
  categoryDeleted: defineEvent(
    'catalogue.category.deleted',
    catalogue.CategoryDeletedSchema,
    'catalogue.category.v1',
    true,
  ),
  roomUpserted: defineEvent(
    'catalogue.room.upserted',
    catalogue.RoomUpsertedSchema,
    'catalogue.room.v1',
    true,
  ),
  roomDeleted: defineEvent('catalogue.room.deleted', catalogue.RoomDeletedSchema, 'catalogue.room.v1', true),
  productUpserted: defineEvent(
    'catalogue.product.upserted',
    catalogue.ProductUpsertedSchema,
    'catalogue.product.v1',
    true,
  ),
  productDeleted: defineEvent(
    'catalogue.product.deleted',
    catalogue.ProductDeletedSchema,
    'catalogue.product.v1',
    true,
  ),
  reviewUpserted: defineEvent(
    'catalogue.review.upserted',
    catalogue.ReviewUpsertedSchema,
    'catalogue.review.v1',
    true,
  ),
  reviewDeleted: defineEvent(
    'catalogue.review.deleted',
    catalogue.ReviewDeletedSchema,
    'catalogue.review.v1',
    true,
  ),
  reviewHidden: defineEvent(
    'catalogue.review.hidden',
    catalogue.ReviewHiddenSchema,
    'catalogue.review.v1',
    true,
  ),
  reviewRequested: defineEvent(
    'catalogue.review.requested',
    catalogue.ReviewRequestedSchema,
    'catalogue.review.v1',
    true,
  ),
} as const;
