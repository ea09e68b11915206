import { describe, expect, it } from 'vitest';
import { cleanProductForm } from './product-form.js';

const valid = {
  name: 'Lavender Oil',
  description: 'Calming',
  price: 499.99,
  stock: 12,
  productCategory: 'cat-1',
};

describe('product form', () => {
  it('cleans a valid product into paise and nulls for blanks', () => {
    expect(cleanProductForm({ ...valid, sku: '  ', weight: 250, subcategory: '' })).toEqual({
      name: 'Lavender Oil',
      description: 'Calming',
      pricePaise: 49999,
      stock: 12,
      images: [],
      sku: null,
      weight: '250',
      productCategoryId: 'cat-1',
      subcategoryId: null,
      hsnCode: null,
      gstBp: 1800,
    });
  });

  it.each([
    [{ name: ' ' }, 'Product name is required'],
    [{ price: null }, 'Price is required'],
    [{ price: -1 }, 'Price cannot be negative'],
    [{ productCategory: '' }, 'Product category is required'],
    [{ stock: undefined }, 'Stock is required'],
    [{ stock: -3 }, 'Stock cannot be negative'],
    [{ stock: 1.5 }, 'Stock must be a whole number'],
    [{ description: '' }, 'Description is required'],
  ])('refuses %o with "%s"', (change, message) => {
    expect(() => cleanProductForm({ ...valid, ...change })).toThrow(message);
  });

  it('allows four images and refuses a fifth', () => {
    const images = ['/uploads/1.webp', '/uploads/2.webp', '/uploads/3.webp', '/uploads/4.webp'];
    expect(cleanProductForm({ ...valid, images }).images).toHaveLength(4);
    expect(() => cleanProductForm({ ...valid, images: [...images, '/uploads/5.webp'] })).toThrow(
      'Maximum 4 images allowed',
    );
  });
});
