import { describe, expect, it } from 'vitest';
import { isLowStock, productsIn, subcategoriesOf } from './product-lists';
import type { Product, Subcategory } from './types';

const product = (id: string, category: string, subcategory?: string): Product => ({
  _id: id,
  name: id,
  price: 100,
  stock: 5,
  images: [],
  productCategory: { _id: category, name: category },
  subcategory: subcategory ? { _id: subcategory, name: subcategory } : null,
});

describe('productsIn', () => {
  const products = [
    product('oil', 'body', 'oils'),
    product('salt', 'body', 'bath'),
    product('serum', 'face'),
  ];

  it('returns everything without filters', () => {
    expect(productsIn(products, '', '')).toHaveLength(3);
  });

  it('filters by category, then by subcategory', () => {
    expect(productsIn(products, 'body', '').map((item) => item._id)).toEqual(['oil', 'salt']);
    expect(productsIn(products, 'body', 'bath').map((item) => item._id)).toEqual(['salt']);
    expect(productsIn(products, 'face', 'bath')).toEqual([]);
  });
});

describe('subcategoriesOf', () => {
  const subcategories: Subcategory[] = [
    { _id: 'oils', name: 'Oils', productCategory: 'body' },
    { _id: 'masks', name: 'Masks', productCategory: { _id: 'face', name: 'Face' } },
  ];

  it('keeps those of the category, whether the reference is populated or not', () => {
    expect(subcategoriesOf(subcategories, 'body').map((item) => item._id)).toEqual(['oils']);
    expect(subcategoriesOf(subcategories, 'face').map((item) => item._id)).toEqual(['masks']);
    expect(subcategoriesOf(subcategories, '')).toEqual([]);
  });
});

describe('isLowStock', () => {
  it('is true from 1 to 9 only', () => {
    expect([0, 1, 9, 10].map(isLowStock)).toEqual([false, true, true, false]);
  });
});
