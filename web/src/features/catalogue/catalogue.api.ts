import { del, formWith, get, post, put, upload } from '../../lib/api';
import type {
  EmployeeRoleOption,
  Product,
  ProductCategory,
  ProductPage,
  Room,
  RoomCapacity,
  RoomStatus,
  RoomType,
  Service,
  ServiceCategory,
  ServiceDepositPolicy,
  Subcategory,
} from './types';

/** Query keys: every catalogue read sits under 'catalogue', so a write can refresh a whole family. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  services: () => ['catalogue', 'services'] as const,
  service: (id: string) => ['catalogue', 'services', id] as const,
  categories: () => ['catalogue', 'categories'] as const,
  roles: () => ['catalogue', 'categories', 'roles'] as const,
  rooms: () => ['catalogue', 'rooms'] as const,
  products: () => ['catalogue', 'products'] as const,
  productPage: (filters: ProductFilters) => ['catalogue', 'products', 'page', filters] as const,
  product: (id: string) => ['catalogue', 'products', id] as const,
  productCategories: () => ['catalogue', 'product-categories'] as const,
  subcategories: () => ['catalogue', 'subcategories'] as const,
  favorites: () => ['catalogue', 'favorites'] as const,
  favoriteCheck: (serviceId: string) => ['catalogue', 'favorites', 'check', serviceId] as const,
};

export interface ProductFilters {
  category?: string;
  subcategory?: string;
  search?: string;
  page: number;
  pageSize: number;
}

// Public reads (spec section 7, "Catalogue and public reads").
export const fetchServices = () => get<Service[]>('/admin/services');
export const fetchService = (id: string) => get<Service>(`/admin/services/${encodeURIComponent(id)}`);
export const fetchCategories = () => get<ServiceCategory[]>('/admin/categories');
export const fetchRoleOptions = () => get<EmployeeRoleOption[]>('/admin/categories/roles/list');
export const fetchRooms = () => get<Room[]>('/admin/rooms');
export const fetchProducts = () => get<Product[]>('/products');
export const fetchProduct = (id: string) => get<Product>(`/products/${encodeURIComponent(id)}`);
export const fetchProductCategories = () => get<ProductCategory[]>('/product-categories');
export const fetchSubcategories = () => get<Subcategory[]>('/subcategories');

export const fetchProductPage = ({ category, subcategory, search, page, pageSize }: ProductFilters) =>
  get<ProductPage>('/products', { query: { category, subcategory, search, page, pageSize } });

// Favorites (signed in).
export const fetchFavorites = () => get<Service[]>('/favorites');
export const checkFavorite = (serviceId: string) =>
  get<{ isFavorite: boolean }>(`/favorites/check/${encodeURIComponent(serviceId)}`);
export const addFavorite = (serviceId: string) => post<unknown>('/favorites', { service: serviceId });
export const removeFavorite = (serviceId: string) => del(`/favorites/${encodeURIComponent(serviceId)}`);

// Admin writes: references travel as id strings.
export interface CategoryInput {
  name: string;
  description: string;
  order: number;
  isActive: boolean;
  assignedEmployeeRole: string;
}

export interface PricingInput {
  _id?: string;
  duration: string;
  durationMinutes: number;
  price: number;
  label?: string;
}

export interface ServiceInput {
  name: string;
  category: string;
  description: string;
  benefits: string[];
  pricing: PricingInput[];
  tags: string[];
  isActive: boolean;
  images: string[];
  /** A fixed deposit in rupees; left out of an update, the policy stays as it is. */
  depositPolicy?: ServiceDepositPolicy;
  sacCode: string;
  /** Basis points (1800 = 18%). */
  gstBp: number;
}

export interface RoomInput {
  roomNumber: string;
  capacity: RoomCapacity;
  type: RoomType;
  status: RoomStatus;
  location: string;
}

export interface ProductInput {
  name: string;
  description: string;
  price: number;
  stock: number;
  productCategory: string;
  subcategory: string | null;
  sku: string;
  weight: string;
  images: string[];
  /** Null: not classified. */
  hsnCode: string | null;
  /** Basis points (1800 = 18%). */
  gstBp: number;
}

const byId = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export const createCategory = (input: CategoryInput) => post<ServiceCategory>('/admin/categories', input);
export const updateCategory = (id: string, input: CategoryInput) =>
  put<ServiceCategory>(byId('/admin/categories', id), input);
export const deleteCategory = (id: string) => del(byId('/admin/categories', id));

export const createService = (input: ServiceInput) => post<Service>('/admin/services', input);
export const updateService = (id: string, input: ServiceInput) =>
  put<Service>(byId('/admin/services', id), input);
/** Deactivates a treatment: it takes no new bookings; its appointments are kept. */
export const deactivateService = (id: string) =>
  put<Service>(byId('/admin/services', id), { isActive: false });
/** With cancelFuture, booking first cancels the future appointments that use it (409 HAS_FUTURE_APPOINTMENTS otherwise). */
export const deleteService = (id: string, options: { cancelFuture?: boolean } = {}) =>
  del<{ message: string; cancelledAppointments?: number }>(byId('/admin/services', id), {
    query: { cancelFuture: options.cancelFuture || undefined },
  });

export const createRoom = (input: RoomInput) => post<Room>('/admin/rooms', input);
export const updateRoom = (id: string, input: RoomInput) => put<Room>(byId('/admin/rooms', id), input);
export const deleteRoom = (id: string, options: { cancelFuture?: boolean } = {}) =>
  del<{ message: string; cancelledAppointments?: number }>(byId('/admin/rooms', id), {
    query: { cancelFuture: options.cancelFuture || undefined },
  });

export const createProduct = (input: ProductInput) => post<Product>('/products', input);
export const updateProduct = (id: string, input: ProductInput) => put<Product>(byId('/products', id), input);
export const deleteProduct = (id: string) => del(byId('/products', id));

export const createProductCategory = (name: string) => post<ProductCategory>('/product-categories', { name });
export const deleteProductCategory = (id: string) => del(byId('/product-categories', id));

export const createSubcategory = (name: string, productCategory: string) =>
  post<Subcategory>('/subcategories', { name, productCategory });
export const deleteSubcategory = (id: string) => del(byId('/subcategories', id));

/** POST /upload, one call per image (multipart field "file"); answers the stored image's address. */
export async function uploadImage(file: File): Promise<string> {
  const { imageUrl } = await upload<{ imageUrl: string }>('/upload', formWith('file', file, file.name));
  return imageUrl;
}
