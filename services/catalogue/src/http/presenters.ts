import type { CategoryRow } from '../db/categories.repository.js';
import type { ProductCategoryRow, SubcategoryRecord } from '../db/product-taxonomy.repository.js';
import type { ProductRecord } from '../db/products.repository.js';
import type { Reservation } from '../db/reservations.repository.js';
import type { RoomRow } from '../db/rooms.repository.js';
import type { ServiceRecord } from '../db/services.repository.js';
import { paiseToRupees } from '../domain/money.js';
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
