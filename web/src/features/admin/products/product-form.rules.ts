import {
  DEFAULT_PRODUCT_GST_BP,
  GST_RATES_BP,
  gstBpProblem,
  gstRateLabel,
  hsnCodeFor,
  hsnCodeProblem,
} from '@spa/rules';
import type { ProductInput } from '../../catalogue/catalogue.api';
import { subcategoriesOf } from '../../catalogue/product-lists';
import { refId, type Product, type Subcategory } from '../../catalogue/types';

/** Spec section 9: at most 4 images per product. */
export const MAX_PRODUCT_IMAGES = 4;

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  stock: string;
  productCategory: string;
  subcategory: string;
  sku: string;
  weight: string;
  images: string[];
  /** Blank: not classified. */
  hsnCode: string;
  /** Basis points as the select holds them ("1800"). */
  gstBp: string;
}

export type ProductFormErrors = Partial<
  Record<'name' | 'description' | 'price' | 'stock' | 'productCategory' | 'hsnCode' | 'gstBp', string>
>;

/** The GST rates a product may carry, as the select offers them ("18%"). */
export const GST_RATE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = GST_RATES_BP.map((bp) => ({
  value: String(bp),
  label: gstRateLabel(bp),
}));

/** The HSN heading the product's name suggests, offered while the code is blank (nothing when unclear). */
export function suggestedHsnCode(draft: ProductDraft): string | undefined {
  return draft.hsnCode.trim() === '' ? hsnCodeFor(draft.name) : undefined;
}

export function productDraft(product?: Product): ProductDraft {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    stock: product ? String(product.stock) : '',
    productCategory: refId(product?.productCategory) ?? '',
    subcategory: refId(product?.subcategory) ?? '',
    sku: product?.sku ?? '',
    weight: product?.weight === null || product?.weight === undefined ? '' : String(product.weight),
    images: [...(product?.images ?? [])],
    hsnCode: product?.hsnCode ?? '',
    gstBp: String(product?.gstBp ?? DEFAULT_PRODUCT_GST_BP),
  };
}

/** Choosing a category keeps the subcategory only if it belongs to that category (spec section 5). */
export function withProductCategory(
  draft: ProductDraft,
  productCategory: string,
  subcategories: readonly Subcategory[],
): ProductDraft {
  const fits = subcategoriesOf(subcategories, productCategory).some((sub) => sub._id === draft.subcategory);
  return { ...draft, productCategory, subcategory: fits ? draft.subcategory : '' };
}

/**
 * Name, price, category, stock and description are required; price is 0 or more with at most two
 * decimals, stock a whole number 0 or more. On submit the price becomes a number and the stock an integer.
 */
export function validateProductDraft(draft: ProductDraft): {
  errors: ProductFormErrors;
  input?: ProductInput;
} {
  const errors: ProductFormErrors = {};
  if (!draft.name.trim()) errors.name = 'Product name is required';
  const price = Number.parseFloat(draft.price);
  if (!draft.price.trim()) errors.price = 'Price is required';
  else if (!Number.isFinite(price) || price < 0) errors.price = 'Price must be 0 or more';
  else if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6)
    errors.price = 'Price can have at most 2 decimal places';
  if (!draft.productCategory) errors.productCategory = 'Category is required';
  const stock = Number(draft.stock);
  if (!draft.stock.trim()) errors.stock = 'Stock is required';
  else if (!Number.isInteger(stock) || stock < 0) errors.stock = 'Stock must be a whole number, 0 or more';
  if (!draft.description.trim()) errors.description = 'Description is required';
  const hsnCode = draft.hsnCode.trim();
  const hsnProblem = hsnCode === '' ? undefined : hsnCodeProblem(hsnCode);
  if (hsnProblem) errors.hsnCode = hsnProblem;
  const gstBp = Number(draft.gstBp);
  const gstProblem = gstBpProblem(gstBp);
  if (gstProblem) errors.gstBp = gstProblem;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    input: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      price,
      stock: Number.parseInt(draft.stock, 10),
      productCategory: draft.productCategory,
      subcategory: draft.subcategory || null,
      sku: draft.sku.trim(),
      weight: draft.weight.trim(),
      images: draft.images.slice(0, MAX_PRODUCT_IMAGES),
      hsnCode: hsnCode === '' ? null : hsnCode,
      gstBp,
    },
  };
}
