import { refId, type Service, type ServiceCategory } from './types';

/**
 * What visitors see: active treatments that have a category (spec section 3 drops the rest). The
 * server already answers only those to the public; an admin's answer holds every service, so the
 * active categories, once known, narrow it the same way.
 */
export function publicServices(
  services: readonly Service[],
  activeCategories?: readonly ServiceCategory[],
): Service[] {
  const activeIds = activeCategories && new Set(activeCategories.map((category) => category._id));
  return services.filter((service) => {
    const categoryId = refId(service.category);
    return service.isActive !== false && Boolean(categoryId) && (!activeIds || activeIds.has(categoryId!));
  });
}

/** Category chips: active categories by their display order, then by name. */
export function activeCategoriesInOrder(categories: readonly ServiceCategory[]): ServiceCategory[] {
  return categories
    .filter((category) => category.isActive !== false)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.name.localeCompare(b.name));
}

/** The cheapest option, for "from ₹…" lines. */
export function startingPrice(service: Pick<Service, 'pricing'>): number | undefined {
  const prices = service.pricing.map((option) => Number(option.price)).filter(Number.isFinite);
  return prices.length ? Math.min(...prices) : undefined;
}
