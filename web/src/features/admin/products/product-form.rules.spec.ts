import { describe, expect, it } from 'vitest';
import type { Product, Subcategory } from '../../catalogue/types';
import {
  productDraft,
  suggestedHsnCode,
  validateProductDraft,
  withProductCategory,
  type ProductDraft,
} from './product-form.rules';

const filled = (): ProductDraft => ({
  ...productDraft(),
  name: ' Lavender oil ',
  description: ' Calming ',
  price: '499.50',
  stock: '12',
  productCategory: 'oils',
});

describe('validateProductDraft', () => {
  it('requires name, price, category, stock and description', () => {
    expect(validateProductDraft(productDraft()).errors).toEqual({
      name: 'Product name is required',
      price: 'Price is required',
      productCategory: 'Category is required',
      stock: 'Stock is required',
      description: 'Description is required',
    });
  });

  it('refuses a negative price, more than two decimals and a negative or fractional stock', () => {
    expect(validateProductDraft({ ...filled(), price: '-1' }).errors.price).toBe('Price must be 0 or more');
    expect(validateProductDraft({ ...filled(), price: '1.005' }).errors.price).toBe(
      'Price can have at most 2 decimal places',
    );
    expect(validateProductDraft({ ...filled(), stock: '-1' }).errors.stock).toBeDefined();
    expect(validateProductDraft({ ...filled(), stock: '2.5' }).errors.stock).toBeDefined();
  });

  it('turns the price into a number and the stock into an integer; no subcategory is null', () => {
    expect(validateProductDraft(filled()).input).toEqual({
      name: 'Lavender oil',
      description: 'Calming',
      price: 499.5,
      stock: 12,
      productCategory: 'oils',
      subcategory: null,
      sku: '',
      weight: '',
      images: [],
      hsnCode: null,
      gstBp: 1800,
    });
  });

  it('sends a trimmed HSN code and the chosen rate in basis points; a blank code is null', () => {
    expect(validateProductDraft({ ...filled(), hsnCode: ' 33049990 ', gstBp: '500' }).input).toMatchObject({
      hsnCode: '33049990',
      gstBp: 500,
    });
    expect(validateProductDraft({ ...filled(), hsnCode: '   ' }).input?.hsnCode).toBeNull();
  });

  it('refuses an HSN code that is not 4, 6 or 8 digits and a rate that is not GST’s', () => {
    for (const hsnCode of ['330', '33049', '3304999', '33o4']) {
      const { errors, input } = validateProductDraft({ ...filled(), hsnCode });
      expect(input, hsnCode).toBeUndefined();
      expect(errors.hsnCode, hsnCode).toBe('HSN code must be 4, 6 or 8 digits, e.g. 3304');
    }
    expect(validateProductDraft({ ...filled(), gstBp: '18' }).errors.gstBp).toBe(
      'GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%',
    );
  });
});

describe('suggestedHsnCode', () => {
  it('suggests the heading the name makes clear while the code is blank', () => {
    expect(suggestedHsnCode({ ...filled(), name: 'Lavender Essential Oil' })).toBe('3301');
    expect(
      suggestedHsnCode({ ...filled(), name: 'Lavender Essential Oil', hsnCode: '3304' }),
    ).toBeUndefined();
    expect(suggestedHsnCode({ ...filled(), name: 'Ceramic Diffuser' })).toBeUndefined();
  });
});

describe('withProductCategory', () => {
  const subcategories: Subcategory[] = [
    { _id: 'massage', name: 'Massage oils', productCategory: 'oils' },
    { _id: 'masks', name: 'Masks', productCategory: { _id: 'skin', name: 'Skin' } },
  ];

  it('keeps a subcategory that belongs to the new category and clears one that does not', () => {
    const draft = { ...filled(), subcategory: 'massage' };
    expect(withProductCategory(draft, 'oils', subcategories).subcategory).toBe('massage');
    expect(withProductCategory(draft, 'skin', subcategories)).toMatchObject({
      productCategory: 'skin',
      subcategory: '',
    });
    expect(withProductCategory(draft, '', subcategories).subcategory).toBe('');
  });
});

describe('productDraft', () => {
  it('fills the form from a product with references as ids', () => {
    const product: Product = {
      _id: 'p1',
      name: 'Oil',
      description: 'd',
      price: '250.00',
      stock: 3,
      images: ['/uploads/a.webp'],
      sku: null,
      weight: null,
      productCategory: { _id: 'oils', name: 'Oils' },
      subcategory: { _id: 'massage', name: 'Massage oils' },
    };
    expect(productDraft(product)).toMatchObject({
      price: '250.00',
      stock: '3',
      productCategory: 'oils',
      subcategory: 'massage',
      sku: '',
      weight: '',
      // An answer without tax fields reads as not classified, 18%.
      hsnCode: '',
      gstBp: '1800',
    });
    expect(productDraft({ ...product, hsnCode: '3301', gstBp: 500 })).toMatchObject({
      hsnCode: '3301',
      gstBp: '500',
    });
  });
});
