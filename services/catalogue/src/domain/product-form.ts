import { badRequest } from '@spa/kit/errors';
import { priceProblem, rupeesToPaise } from './money.js';
import { cleanImages } from './service-form.js';
import { cleanGstBp, cleanHsnCode } from './tax-codes.js';
import { optionalText } from './text.js';

const MAX_PRODUCT_IMAGES = 4;
const MAX_STOCK = 1_000_000;

export interface ProductInput {
  name?: string | null;
  description?: string | null;
  price?: number | null;
  stock?: number | null;
  images?: readonly string[];
  sku?: string | null;
  weight?: string | number | null;
  productCategory?: string | null;
  subcategory?: string | null;
  /** Null or blank: not classified. */
  hsnCode?: string | null;
  /** Basis points; left out: 1800 on create. */
  gstBp?: number;
}

export interface ProductFields {
  name: string;
  description: string;
  pricePaise: number;
  stock: number;
  images: string[];
  sku: string | null;
  weight: string | null;
  productCategoryId: string;
  subcategoryId: string | null;
  hsnCode: string | null;
  gstBp: number;
}

function required<T>(value: T | null | undefined, message: string, field: string): T {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    throw badRequest(message, [{ field }]);
  return value;
}

/** The product form: name, price, category, stock and description are required (spec section 5). */
export function cleanProductForm(input: ProductInput): ProductFields {
  const name = required(optionalText(input.name), 'Product name is required', 'name');
  const price = required(input.price, 'Price is required', 'price');
  const problem = priceProblem(price);
  if (problem) throw badRequest(problem, [{ field: 'price' }]);
  const productCategoryId = required(
    optionalText(input.productCategory),
    'Product category is required',
    'productCategory',
  );
  const stock = required(input.stock, 'Stock is required', 'stock');
  if (!Number.isInteger(stock)) throw badRequest('Stock must be a whole number', [{ field: 'stock' }]);
  if (stock < 0) throw badRequest('Stock cannot be negative', [{ field: 'stock' }]);
  if (stock > MAX_STOCK) throw badRequest(`Stock cannot be more than ${MAX_STOCK}`, [{ field: 'stock' }]);
  const description = required(optionalText(input.description), 'Description is required', 'description');
  return {
    name,
    description,
    pricePaise: rupeesToPaise(price),
    stock,
    images: cleanImages(input.images, MAX_PRODUCT_IMAGES, `Maximum ${MAX_PRODUCT_IMAGES} images allowed`),
    sku: optionalText(input.sku),
    weight: input.weight === null || input.weight === undefined ? null : optionalText(String(input.weight)),
    productCategoryId,
    subcategoryId: optionalText(input.subcategory),
    hsnCode: cleanHsnCode(input.hsnCode),
    gstBp: cleanGstBp(input.gstBp, 'product'),
  };
}
