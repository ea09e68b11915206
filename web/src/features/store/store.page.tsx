import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { toast } from '../../stores/toast.store';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterChips } from '../../components/ui/filter-chips';
import { useProductCategories, useProductPage, useSubcategories } from '../catalogue/catalogue.queries';
import { subcategoriesOf } from '../catalogue/product-lists';
import type { Product } from '../catalogue/types';
import { useAddToCart } from './add-to-cart';
import { Pagination } from './pagination';
import { StoreProductCard } from './store-product-card';
import {
  pageCount,
  readStoreFilters,
  STORE_PAGE_SIZE,
  storeSearch,
  withCategory,
  withPage,
  withSubcategory,
  type StoreFilters,
} from './store-filters';
import './store.css';

function countLine(total: number, categoryName?: string, subcategoryName?: string): string {
  let line = `${total} product(s) found`;
  if (categoryName) line += ` in ${categoryName}`;
  if (subcategoryName) line += ` / ${subcategoryName}`;
  return line;
}

export default function StorePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readStoreFilters(searchParams), [searchParams]);
  const categories = useProductCategories();
  const subcategories = useSubcategories();
  const products = useProductPage({
    category: filters.category || undefined,
    subcategory: filters.subcategory || undefined,
    page: filters.page,
    pageSize: STORE_PAGE_SIZE,
  });
  const cart = useAddToCart();

  const loadError = products.error ?? categories.error ?? subcategories.error;
  useEffect(() => {
    if (loadError) toast.error('Failed to load store data');
  }, [loadError]);

  // Each filter change is a new history entry, so the back button walks back through them.
  const go = (next: StoreFilters) => {
    setSearchParams(storeSearch(next));
    window.scrollTo({ top: 0 });
  };

  const categoryChips = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: category._id, label: category.name })),
    [categories.data],
  );
  const subcategoryChips = useMemo(
    () =>
      subcategoriesOf(subcategories.data ?? [], filters.category).map((subcategory) => ({
        value: subcategory._id,
        label: subcategory.name,
      })),
    [subcategories.data, filters.category],
  );
  const categoryName = categoryChips.find((chip) => chip.value === filters.category)?.label;
  const subcategoryName = subcategoryChips.find((chip) => chip.value === filters.subcategory)?.label;

  const total = products.data?.total ?? 0;
  const items = products.data?.items ?? [];
  const totalPages = pageCount(total);

  // A shared link to a page that no longer exists lands on the last one instead of an empty grid.
  useEffect(() => {
    if (products.data && !products.isPlaceholderData && total > 0 && filters.page > totalPages)
      setSearchParams(storeSearch(withPage(filters, totalPages)), { replace: true });
  }, [products.data, products.isPlaceholderData, total, totalPages, filters, setSearchParams]);

  const addToCart = async (product: Product) => {
    if (await cart.add({ productId: product._id, quantity: 1 })) toast.success('Added to cart');
  };

  return (
    <section className="store container" aria-labelledby="store-title">
      <PageTitle title="Store" />
      <header className="section-heading store__heading">
        <span className="eyebrow">Spa store</span>
        <h1 id="store-title">Take the calm home</h1>
        <p className="lead">Oils, skin care and bath rituals chosen by our therapists.</p>
      </header>

      <FilterChips
        label="Product categories"
        allLabel="All Categories"
        options={categoryChips}
        value={filters.category}
        onChange={(category) => go(withCategory(filters, category))}
      />
      {filters.category && subcategoryChips.length > 0 && (
        <FilterChips
          label="Subcategories"
          allLabel="All Subcategories"
          options={subcategoryChips}
          value={filters.subcategory}
          onChange={(subcategory) => go(withSubcategory(filters, subcategory))}
          size="sm"
        />
      )}

      {products.isPending ? (
        <div className="store__loading" role="status">
          <span className="page-loader__dot" aria-hidden="true" />
          <span className="visually-hidden">Loading products</span>
        </div>
      ) : (
        <>
          <p className="store__count" aria-live="polite">
            {countLine(total, categoryName, subcategoryName)}
          </p>
          {items.length === 0 ? (
            <EmptyState title="No products found">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => go(withCategory(filters, ''))}
              >
                View All Products
              </button>
            </EmptyState>
          ) : (
            <ul className="store__grid" aria-busy={products.isPlaceholderData}>
              {items.map((product, position) => (
                <StoreProductCard
                  key={product._id}
                  position={position}
                  product={product}
                  onAddToCart={(product) => void addToCart(product)}
                  adding={cart.pending && cart.pendingProductId === product._id}
                />
              ))}
            </ul>
          )}
          <Pagination
            page={Math.min(filters.page, totalPages)}
            totalPages={totalPages}
            onChange={(page) => go(withPage(filters, page))}
          />
        </>
      )}
    </section>
  );
}
