import type { CategoryRow } from '../db/categories.repository.js';
import type { ProductCategoryRow, SubcategoryRecord } from '../db/product-taxonomy.repository.js';
import type { ProductRecord } from '../db/products.repository.js';
import type { Reservation } from '../db/reservations.repository.js';
import type { EligibilityRow, Rating, ReviewRow } from '../db/reviews.repository.js';
import type { RoomRow } from '../db/rooms.repository.js';
import type { ServiceRecord } from '../db/services.repository.js';
import { paiseToRupees } from '../domain/money.js';
import { editableUntil, publicAuthorName } from '../domain/review-form.js';
import { depositPolicyOf, depositPolicyOutput } from '../domain/service-form.js';

/*
 * The API's shapes. Ids go out as `_id` (what the spec's screens read) and as `id`; references are
 * populated as { _id, id, name }; money is rupees as a number with at most two decimals.
 */

const ref = (entity: { id: string; name: string }) => ({ _id: entity.id, id: entity.id, name: entity.name });
const iso = (date: Date) => date.toISOString();

export function presentCategory(row: CategoryRow) {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    order: row.displayOrder,
    isActive: row.isActive,
    assignedEmployeeRole: row.assignedEmployeeRole,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function presentService(record: ServiceRecord) {
  return {
    _id: record.id,
    id: record.id,
    name: record.name,
    category: ref(record.category),
    description: record.description,
    benefits: record.benefits,
    pricing: record.pricing.map((option) => ({
      _id: option.id,
      id: option.id,
      duration: option.duration,
      durationMinutes: option.durationMinutes,
      price: paiseToRupees(option.pricePaise),
      ...(option.label ? { label: option.label } : {}),
    })),
    tags: record.tags,
    isActive: record.isActive,
    images: record.images,
    cleanupMinutes: record.cleanupMinutes,
    depositPolicy: depositPolicyOutput(depositPolicyOf(record)),
    sacCode: record.sacCode,
    gstBp: record.gstBp,
    rating: presentRating(record.rating),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

export function presentRoom(row: RoomRow) {
  return {
    _id: row.id,
    id: row.id,
    roomNumber: row.roomNumber,
    capacity: row.capacity,
    type: row.type,
    status: row.status,
    location: row.location,
    price: paiseToRupees(row.pricePaise),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function presentProduct(record: ProductRecord) {
  return {
    _id: record.id,
    id: record.id,
    name: record.name,
    description: record.description,
    price: paiseToRupees(record.pricePaise),
    stock: record.stock,
    images: record.images,
    sku: record.sku,
    weight: record.weight,
    productCategory: ref(record.productCategory),
    subcategory: record.subcategory ? ref(record.subcategory) : null,
    hsnCode: record.hsnCode,
    gstBp: record.gstBp,
    rating: presentRating(record.rating),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

export function presentProductCategory(row: ProductCategoryRow) {
  return { _id: row.id, id: row.id, name: row.name, createdAt: iso(row.createdAt) };
}

export function presentSubcategory(record: SubcategoryRecord) {
  return {
    _id: record.id,
    id: record.id,
    name: record.name,
    productCategory: ref(record.productCategory),
    createdAt: iso(record.createdAt),
  };
}

export function presentReservation(reservation: Reservation) {
  return {
    orderId: reservation.orderId,
    status: reservation.status,
    items: reservation.items.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: paiseToRupees(line.unitPricePaise),
    })),
    createdAt: iso(reservation.createdAt),
    releasedAt: reservation.releasedAt ? iso(reservation.releasedAt) : null,
  };
}

/** The answer of a list when the caller asked for a page. */
export function presentPage<T>(items: T[], total: number, page: { number: number; size: number }) {
  return { items, total, page: page.number, pageSize: page.size };
}

/** `{ average, count }` of the published reviews, or null while there are none (never an invented number). */
export function presentRating(rating: Rating | null | undefined) {
  return rating && rating.count > 0 ? { average: rating.average, count: rating.count } : null;
}

const subjectOf = (row: { subjectKind: string; subjectId: string; subjectName: string }) => ({
  kind: row.subjectKind,
  id: row.subjectId,
  name: row.subjectName,
});

const replyOf = (row: ReviewRow) =>
  row.replyText !== null && row.repliedAt !== null
    ? { text: row.replyText, repliedAt: iso(row.repliedAt) }
    : null;

/** A review as anyone reads it under a treatment or product: the author as "Priya S.", no email. */
export function presentPublicReview(row: ReviewRow) {
  return {
    _id: row.id,
    id: row.id,
    rating: row.rating,
    text: row.text,
    photo: row.photo,
    authorName: publicAuthorName(row.authorName),
    verified: true,
    visitedAt: iso(row.visitedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    reply: replyOf(row),
  };
}

/** A review as the moderating admin sees it: the public view plus status, subject and the author in full. */
export function presentAdminReview(row: ReviewRow) {
  return {
    ...presentPublicReview(row),
    status: row.status,
    hiddenReason: row.hiddenReason,
    subject: subjectOf(row),
    authorName: row.authorName,
    authorEmail: row.authorEmail,
  };
}

/** A review as its author sees it in My Reviews. */
export function presentMyReview(row: ReviewRow) {
  return {
    _id: row.id,
    id: row.id,
    sourceId: row.sourceId,
    subject: subjectOf(row),
    rating: row.rating,
    text: row.text,
    photo: row.photo,
    status: row.status,
    hiddenReason: row.hiddenReason,
    reply: replyOf(row),
    visitedAt: iso(row.visitedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    editableUntil: iso(editableUntil(row.createdAt)),
  };
}

/** A visit or delivered product the customer has not reviewed yet. */
export function presentEligible(row: EligibilityRow) {
  return { sourceId: row.sourceId, subject: subjectOf(row), visitedAt: iso(row.visitedAt) };
}

/** What the emailed link's page shows: what to review, when, whom it greets and until when. */
export function presentInvitation(row: EligibilityRow, expiresAt: Date) {
  return {
    subject: subjectOf(row),
    visitedAt: iso(row.visitedAt),
    firstName: row.authorName.trim().split(/\s+/)[0] ?? '',
    expiresAt: iso(expiresAt),
  };
}

/** The answer of a review list: its page in `page`/`limit` terms, `pages` 0 when there are none. */
export function presentReviewPage(total: number, page: { number: number; size: number }) {
  return { page: page.number, limit: page.size, total, pages: Math.ceil(total / page.size) };
}
