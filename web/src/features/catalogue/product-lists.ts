import { refId, type Product, type Subcategory } from './types';

/** The subcategories of one product category. */
export function subcategoriesOf(subcategories: readonly Subcategory[], categoryId: string): Subcategory[] {
  if (!categoryId) return [];
  return subcategories.filter((subcategory) => refId(subcategory.productCategory) === categoryId);
}

/** Products in a category and, when one is chosen, a subcategory ('' means any). */
export function productsIn(
  products: readonly Product[],
  categoryId: string,
  subcategoryId: string,
): Product[] {
  return products.filter(
    (product) =>
      (!categoryId || refId(product.productCategory) === categoryId) &&
      (!subcategoryId || refId(product.subcategory) === subcategoryId),
  );
}

/** Spec section 9: the "Only n left!" badge shows for 1 to 9 in stock. */
const LOW_STOCK_BELOW = 10;
/** Spec section 9: the admin list shows stock in red below 5. */
export const ADMIN_LOW_STOCK_BELOW = 5;

export function isLowStock(stock: number): boolean {
  return stock > 0 && stock < LOW_STOCK_BELOW;
}
