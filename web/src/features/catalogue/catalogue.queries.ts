import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { selectIsSignedIn, useSessionStore } from '../../stores/session.store';
import {
  catalogueKeys,
  checkFavorite,
  fetchCategories,
  fetchFavorites,
  fetchProduct,
  fetchProductCategories,
  fetchProductPage,
  fetchProducts,
  fetchRoleOptions,
  fetchRooms,
  fetchService,
  fetchServices,
  fetchSubcategories,
  type ProductFilters,
} from './catalogue.api';

/**
 * Admin tabs reload whenever they are opened (spec: switching tabs remounts and reloads), so their
 * reads skip the 30 s freshness the public pages enjoy.
 */
export interface ReadOptions {
  alwaysRefetch?: boolean;
}

const mountPolicy = (options?: ReadOptions) =>
  options?.alwaysRefetch ? { refetchOnMount: 'always' as const } : {};

export const useServices = (options?: ReadOptions) =>
  useQuery({ queryKey: catalogueKeys.services(), queryFn: fetchServices, ...mountPolicy(options) });

export const useService = (id: string | undefined) =>
  useQuery({
    queryKey: catalogueKeys.service(id ?? ''),
    queryFn: () => fetchService(id!),
    enabled: Boolean(id),
  });

export const useCategories = (options?: ReadOptions) =>
  useQuery({ queryKey: catalogueKeys.categories(), queryFn: fetchCategories, ...mountPolicy(options) });

export const useRoleOptions = () =>
  useQuery({ queryKey: catalogueKeys.roles(), queryFn: fetchRoleOptions, refetchOnMount: 'always' });

export const useRooms = (options?: ReadOptions) =>
  useQuery({ queryKey: catalogueKeys.rooms(), queryFn: fetchRooms, ...mountPolicy(options) });

export const useProducts = (options?: ReadOptions) =>
  useQuery({ queryKey: catalogueKeys.products(), queryFn: fetchProducts, ...mountPolicy(options) });

/** One store page; the previous page stays on screen while the next one loads. */
export const useProductPage = (filters: ProductFilters) =>
  useQuery({
    queryKey: catalogueKeys.productPage(filters),
    queryFn: () => fetchProductPage(filters),
    placeholderData: keepPreviousData,
  });

export const useProduct = (id: string | undefined) =>
  useQuery({
    queryKey: catalogueKeys.product(id ?? ''),
    queryFn: () => fetchProduct(id!),
    enabled: Boolean(id),
  });

export const useProductCategories = (options?: ReadOptions) =>
  useQuery({
    queryKey: catalogueKeys.productCategories(),
    queryFn: fetchProductCategories,
    ...mountPolicy(options),
  });

export const useSubcategories = (options?: ReadOptions) =>
  useQuery({ queryKey: catalogueKeys.subcategories(), queryFn: fetchSubcategories, ...mountPolicy(options) });

/** The signed-in user's favorite services; nothing is asked while signed out. */
export function useFavorites() {
  const signedIn = useSessionStore(selectIsSignedIn);
  return useQuery({
    queryKey: catalogueKeys.favorites(),
    queryFn: fetchFavorites,
    enabled: signedIn,
    refetchOnMount: 'always',
  });
}

export function useFavoriteCheck(serviceId: string | undefined) {
  const signedIn = useSessionStore(selectIsSignedIn);
  return useQuery({
    queryKey: catalogueKeys.favoriteCheck(serviceId ?? ''),
    queryFn: () => checkFavorite(serviceId!),
    enabled: signedIn && Boolean(serviceId),
  });
}
