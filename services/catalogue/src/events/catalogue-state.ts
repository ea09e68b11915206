import { outboxInsert, type Publish, type Queryable } from '@spa/kit';
import type { DepositPolicy } from '@spa/rules';
import { findCategory } from '../db/categories.repository.js';
import { productsForEvents, type ProductState } from '../db/products.repository.js';
import type { ReviewRow } from '../db/reviews.repository.js';
import { findRoom } from '../db/rooms.repository.js';
import { serviceIdsOfCategory, servicesForEvents } from '../db/services.repository.js';
import { depositPolicyOf } from '../domain/service-form.js';
import { catalogueEvents } from './publishes.js';

/*
 * Each function reads the entity's state (through the repositories) inside the writing transaction
 * and puts it in the outbox, so the event always matches what was committed with it.
 */

const epochMs = (date: Date) => BigInt(date.getTime());

export async function publishCategoryState(
  tx: Queryable,
  publish: Publish,
  categoryId: string,
): Promise<void> {
  const category = await findCategory(tx, categoryId);
  if (!category) return;
  await publish(tx, catalogueEvents.categoryUpserted, category.id, {
    category: {
      id: category.id,
      name: category.name,
      description: category.description,
      order: category.displayOrder,
      isActive: category.isActive,
      assignedEmployeeRole: category.assignedEmployeeRole,
      updatedAtMs: epochMs(category.updatedAt),
    },
  });
}

export async function publishServiceStates(
  tx: Queryable,
  publish: Publish,
  serviceIds: readonly string[],
): Promise<void> {
  if (serviceIds.length === 0) return;
  for (const { service, category, pricing } of await servicesForEvents(tx, serviceIds)) {
    await publish(tx, catalogueEvents.serviceUpserted, service.id, {
      service: {
        id: service.id,
        name: service.name,
        description: service.description,
        categoryId: category.id,
        categoryName: category.name,
        assignedEmployeeRole: category.assignedEmployeeRole,
        pricing: pricing.map((option) => ({
          id: option.id,
          duration: option.duration,
          durationMinutes: option.durationMinutes,
          pricePaise: BigInt(option.pricePaise),
          label: option.label ?? '',
        })),
        cleanupMinutes: service.cleanupMinutes,
        isActive: service.isActive,
        images: service.images,
        tags: service.tags,
        updatedAtMs: epochMs(service.updatedAt),
        depositPolicy: eventDepositPolicy(depositPolicyOf(service)),
        sacCode: service.sacCode,
        gstBp: service.gstBp,
      },
    });
  }
}

/** The policy on the bus: always set (none is kind 'none', value 0), a fixed deposit in paise. */
function eventDepositPolicy(policy: DepositPolicy) {
  return {
    kind: policy.kind,
    value: BigInt(policy.kind === 'none' ? 0 : policy.value),
    lateCancellationHours: policy.lateCancellationHours,
    lateCancellationFeePercent: policy.lateCancellationFeePercent,
  };
}

/** A category's name and role travel inside every service event, so its services are re-announced. */
export async function publishServicesOfCategory(
  tx: Queryable,
  publish: Publish,
  categoryId: string,
): Promise<void> {
  await publishServiceStates(tx, publish, await serviceIdsOfCategory(tx, categoryId));
}

export async function publishRoomState(tx: Queryable, publish: Publish, roomId: string): Promise<void> {
  const room = await findRoom(tx, roomId);
  if (!room) return;
  await publish(tx, catalogueEvents.roomUpserted, room.id, {
    room: {
      id: room.id,
      roomNumber: room.roomNumber,
      capacity: room.capacity,
      type: room.type,
      status: room.status,
      location: room.location,
      pricePaise: BigInt(room.pricePaise),
      updatedAtMs: epochMs(room.updatedAt),
    },
  });
}

export async function publishProductStates(
  tx: Queryable,
  publish: Publish,
  productIds: readonly string[],
): Promise<void> {
  if (productIds.length === 0) return;
  await publishProductStatesOf(tx, publish, await productsForEvents(tx, productIds));
}

/** catalogue.product.upserted for each product as given (read by the caller's own statement), in one insert. */
export async function publishProductStatesOf(
  tx: Queryable,
  publish: Publish,
  states: readonly ProductState[],
): Promise<void> {
  if (states.length === 0) return;
  const rows = states.map(({ product, category, subcategory }) =>
    publish.row(catalogueEvents.productUpserted, product.id, {
      product: {
        id: product.id,
        name: product.name,
        description: product.description,
        pricePaise: BigInt(product.pricePaise),
        stock: product.stock,
        sku: product.sku ?? '',
        weight: product.weight ?? '',
        productCategoryId: category.id,
        productCategoryName: category.name,
        subcategoryId: subcategory?.id ?? '',
        subcategoryName: subcategory?.name ?? '',
        images: product.images,
        updatedAtMs: epochMs(product.updatedAt),
        hsnCode: product.hsnCode ?? '',
        gstBp: product.gstBp,
      },
    }),
  );
  await tx.execute(outboxInsert(rows));
}

/** A review as the bus carries it: no author name or email (only ReviewHidden names them). */
function reviewMessage(review: ReviewRow) {
  return {
    id: review.id,
    sourceId: review.sourceId,
    userId: review.userId,
    subjectKind: review.subjectKind,
    subjectId: review.subjectId,
    subjectName: review.subjectName,
    rating: review.rating,
    text: review.text,
    photo: review.photo ?? '',
    status: review.status,
    hiddenReason: review.hiddenReason ?? '',
    replyText: review.replyText ?? '',
    repliedAtMs: review.repliedAt ? epochMs(review.repliedAt) : 0n,
    visitedAtMs: epochMs(review.visitedAt),
    createdAtMs: epochMs(review.createdAt),
    updatedAtMs: epochMs(review.updatedAt),
  };
}

/** catalogue.review.upserted: the review as written, edited, replied to or published again. */
export async function publishReviewState(tx: Queryable, publish: Publish, review: ReviewRow): Promise<void> {
  await publish(tx, catalogueEvents.reviewUpserted, review.id, { review: reviewMessage(review) });
}

/** catalogue.review.hidden: the hidden review, the reason, and whom to tell (notification emails them). */
export async function publishReviewHidden(tx: Queryable, publish: Publish, review: ReviewRow): Promise<void> {
  await publish(tx, catalogueEvents.reviewHidden, review.id, {
    review: reviewMessage(review),
    reason: review.hiddenReason ?? '',
    authorEmail: review.authorEmail,
    authorName: review.authorName,
    subjectName: review.subjectName,
  });
}
