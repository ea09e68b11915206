/** The store's filters live in the address (?category=&subcategory=&page=), so back works and links share. */

export const STORE_PAGE_SIZE = 8;

export interface StoreFilters {
  category: string;
  subcategory: string;
  page: number;
}

export function readStoreFilters(params: URLSearchParams): StoreFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const category = params.get('category') ?? '';
  return {
    category,
    // A subcategory only means something inside a category.
    subcategory: category ? (params.get('subcategory') ?? '') : '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The query string for a set of filters; defaults are left out so the plain /store stays plain. */
export function storeSearch({ category, subcategory, page }: StoreFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (category && subcategory) params.set('subcategory', subcategory);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Choosing a category resets the subcategory and goes back to the first page. */
export const withCategory = (_current: StoreFilters, category: string): StoreFilters => ({
  category,
  subcategory: '',
  page: 1,
});

export const withSubcategory = (current: StoreFilters, subcategory: string): StoreFilters => ({
  ...current,
  subcategory,
  page: 1,
});

export const withPage = (current: StoreFilters, page: number): StoreFilters => ({ ...current, page });

export function pageCount(total: number, pageSize = STORE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page buttons to show: all of them when few, else the first, the last and the current one's
 * neighbours, with 'gap' where pages are skipped.
 */
export function pageItems(current: number, total: number): Array<number | 'gap'> {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  const wanted = new Set([1, total, current - 1, current, current + 1]);
  const pages = [...wanted].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && page - previous > 1) items.push('gap');
    items.push(page);
  }
  return items;
}
