/**
 * The catalogue's shapes as the API answers them (spec section 3). Ids come as `_id` (and `id`);
 * references arrive populated as { _id, name } in reads and are sent back as plain id strings.
 */
import type { DepositKind, RoomCapacity, RoomStatus, RoomType } from '@spa/rules';

export interface NamedRef {
  _id: string;
  name: string;
}

/** A reference as read: populated, a bare id, or missing. */
export type Ref = NamedRef | string | null | undefined;

export interface PricingOption {
  _id?: string;
  /** The duration label, e.g. "60 min". */
  duration: string;
  durationMinutes: number;
  price: number;
  label?: string | null;
}

/**
 * A treatment's deposit policy as the API speaks it (@spa/rules DepositPolicy, except that a fixed
 * deposit's value is rupees here, like every price of the API; a percent is a whole percent).
 */
export interface ServiceDepositPolicy {
  kind: DepositKind;
  value: number;
  lateCancellationHours: number;
  lateCancellationFeePercent: number;
}

export interface Service {
  _id: string;
  id?: string;
  name: string;
  category: Ref;
  description?: string | null;
  benefits: string[];
  pricing: PricingOption[];
  tags: string[];
  isActive: boolean;
  images: string[];
  /** The deposit an online booking pays (absent: none); `value` a percent, or rupees when fixed. */
  depositPolicy?: ServiceDepositPolicy;
  /** The SAC code its invoice lines print (absent from an older answer: 999723). */
  sacCode?: string;
  /** GST included in its prices, in basis points (1800 = 18%). */
  gstBp?: number;
  /** Verified reviews' average and count; null (or absent) when nobody has reviewed it. */
  rating?: Rating | null;
}

interface Rating {
  average: number;
  count: number;
}

export interface ServiceDepositPolicy {
  kind: 'none' | 'percent' | 'fixed';
  value: number;
  lateCancellationHours: number;
  lateCancellationFeePercent: number;
}

export interface ServiceCategory {
  _id: string;
  id?: string;
  name: string;
  description?: string | null;
  order: number;
  isActive: boolean;
  assignedEmployeeRole: string;
}

/** GET /admin/categories/roles/list: the employee roles a category can be assigned to. */
export interface EmployeeRoleOption {
  _id?: string;
  name: string;
}

export interface Product {
  _id: string;
  id?: string;
  name: string;
  description?: string | null;
  /** Rupees; Postgres numeric may arrive as a string. */
  price: number | string;
  stock: number;
  images: string[];
  sku?: string | null;
  weight?: string | number | null;
  productCategory: Ref;
  subcategory?: Ref;
  /** The HSN code its invoice lines print; null when not classified. */
  hsnCode?: string | null;
  /** GST included in its price, in basis points (1800 = 18%). */
  gstBp?: number;
  /** Verified reviews' average and count; null (or absent) when nobody has reviewed it. */
  rating?: Rating | null;
}

export interface ProductCategory {
  _id: string;
  id?: string;
  name: string;
}

export interface Subcategory {
  _id: string;
  id?: string;
  name: string;
  productCategory: Ref;
}

/** GET /products?page=… answers one page with the total across pages. */
export interface ProductPage {
  items: Product[];
  total: number;
  page: number;
  pageSize: number;
}

// The room choices are the catalogue's and booking's (@spa/rules), named here for the screens.
export { ROOM_CAPACITIES, ROOM_STATUSES, ROOM_TYPES } from '@spa/rules';
export type { RoomCapacity, RoomStatus, RoomType };

export interface Room {
  _id: string;
  id?: string;
  roomNumber: string;
  capacity: RoomCapacity;
  type: RoomType;
  price: number | string;
  status: RoomStatus;
  location: string;
}

/** The id of a reference, whichever way it arrived. */
export function refId(ref: Ref): string | undefined {
  if (!ref) return undefined;
  return typeof ref === 'string' ? ref : ref._id;
}

/** The name of a populated reference, else the name found in a list of candidates by id. */
export function refName(ref: Ref, candidates: readonly NamedRef[] = []): string | undefined {
  if (!ref) return undefined;
  if (typeof ref !== 'string') return ref.name;
  return candidates.find((candidate) => candidate._id === ref)?.name;
}
