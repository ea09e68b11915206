import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterChips } from '../../components/ui/filter-chips';
import { useProductCategories, useProducts, useSubcategories } from '../catalogue/catalogue.queries';
import { productsIn, subcategoriesOf } from '../catalogue/product-lists';
import { CarouselSkeleton, CarouselTrack } from './carousel-track';
import { ProductCard } from './product-card';

interface ProductsCarouselProps {
  /** 'Our Products' on the home page, 'Explore Products' elsewhere (spec: Home sections). */
  title?: string;
  titleId?: string;
  intro?: string;
}

function emptyMessage(categoryName?: string, subcategoryName?: string): string {
  if (subcategoryName) return `No products available in ${subcategoryName} subcategory`;
  if (categoryName) return `No products available in ${categoryName} category`;
  return 'No products available';
}

/** Retail products by category and subcategory in a scrollable strip (spec: Home sections, products). */
export function ProductsCarousel({
  title = 'Explore Products',
  titleId = 'products-title',
  intro,
}: ProductsCarouselProps) {
  const products = useProducts();
  const categories = useProductCategories();
  const subcategories = useSubcategories();
  const [categoryId, setCategoryId] = useState('');
  const [subcategoryId, setSubcategoryId] = useState('');

  // Spec section 8: a failed load is only logged; the list stays empty.
  const loadError = products.error ?? categories.error ?? subcategories.error;
  useEffect(() => {
    if (loadError) console.error('Failed to load products', loadError);
  }, [loadError]);

  const categoryChips = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: category._id, label: category.name })),
    [categories.data],
  );
  const subcategoryChips = useMemo(
    () =>
      subcategoriesOf(subcategories.data ?? [], categoryId).map((subcategory) => ({
        value: subcategory._id,
        label: subcategory.name,
      })),
    [subcategories.data, categoryId],
  );
  const shown = useMemo(
    () => productsIn(products.data ?? [], categoryId, subcategoryId),
    [products.data, categoryId, subcategoryId],
  );

  const chooseCategory = (id: string) => {
    setCategoryId(id);
    setSubcategoryId('');
  };

  const categoryName = categoryChips.find((chip) => chip.value === categoryId)?.label;
  const subcategoryName = subcategoryChips.find((chip) => chip.value === subcategoryId)?.label;

  return (
    <div className="catalogue-carousel">
      <header className="section-heading">
        <span className="eyebrow">Spa store</span>
        <h2 id={titleId}>{title}</h2>
        {intro && <p className="lead">{intro}</p>}
      </header>

      <FilterChips
        label="Product categories"
        allLabel="All"
        options={categoryChips}
        value={categoryId}
        onChange={chooseCategory}
      />
      {categoryId && (
        <FilterChips
          label="Subcategories"
          allLabel="All Subcategories"
          options={subcategoryChips}
          value={subcategoryId}
          onChange={setSubcategoryId}
          size="sm"
        />
      )}

      {products.isPending ? (
        <CarouselSkeleton />
      ) : shown.length === 0 ? (
        <EmptyState title="No products found" message={emptyMessage(categoryName, subcategoryName)} />
      ) : (
        <CarouselTrack label="Products">
          {shown.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </CarouselTrack>
      )}
    </div>
  );
}
