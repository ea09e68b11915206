import { badRequest, conflict, notFound, type Queryable } from '@spa/kit';
import { isForeignKeyViolation, isUniqueViolation } from '../db/pg-errors.js';
import { findProductCategory, findSubcategory } from '../db/product-taxonomy.repository.js';
import {
  deleteProductRow,
  findProduct,
  insertProduct,
  lockProduct,
  updateProductRow,
  type ProductRecord,
  type ProductRow,
} from '../db/products.repository.js';
import { paiseToRupees } from '../domain/money.js';
import { cleanProductForm, type ProductFields, type ProductInput } from '../domain/product-form.js';
import { definedOnly } from '../domain/text.js';
import { publishProductStates } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import type { CatalogueContext } from './context.js';

export { listProducts } from '../db/products.repository.js';

const NOT_FOUND = 'Product not found';

export async function getProduct(db: Queryable, id: string): Promise<ProductRecord> {
  const product = await findProduct(db, id);
  if (!product) throw notFound(NOT_FOUND);
  return product;
}

/** The category must exist and the subcategory, when given, must be one of that category's. */
async function checkReferences(tx: Queryable, fields: ProductFields): Promise<void> {
  const category = await findProductCategory(tx, fields.productCategoryId);
  if (!category)
    throw badRequest('The selected product category does not exist', [{ field: 'productCategory' }]);
  if (fields.subcategoryId === null) return;
  const subcategory = await findSubcategory(tx, fields.subcategoryId);
  if (!subcategory) throw badRequest('The selected subcategory does not exist', [{ field: 'subcategory' }]);
  if (subcategory.productCategoryId !== category.id)
    throw badRequest(
      `The subcategory "${subcategory.name}" does not belong to the category "${category.name}"`,
      [{ field: 'subcategory' }],
    );
}

function translate(error: unknown, fields: ProductFields | undefined): never {
  if (isUniqueViolation(error, 'products_sku_key'))
    throw conflict(`Another product already has the SKU "${fields?.sku ?? ''}"`);
  // A category or subcategory deleted while this write waited for it.
  if (isForeignKeyViolation(error)) throw badRequest('The selected category or subcategory no longer exists');
  throw error;
}

export async function createProduct(
  { db, publish }: CatalogueContext,
  input: ProductInput,
): Promise<ProductRecord> {
  const fields = cleanProductForm(input);
  try {
    const id = await db.transaction(async (tx) => {
      await checkReferences(tx, fields);
      const id = await insertProduct(tx, fields);
      await publishProductStates(tx, publish, [id]);
      return id;
    });
    return await getProduct(db, id);
  } catch (error) {
    return translate(error, fields);
  }
}

function inputOf(row: ProductRow): ProductInput {
  return {
    name: row.name,
    description: row.description,
    price: paiseToRupees(row.pricePaise),
    stock: row.stock,
    images: row.images,
    sku: row.sku,
    weight: row.weight,
    productCategory: row.productCategoryId,
    subcategory: row.subcategoryId,
    hsnCode: row.hsnCode,
    gstBp: row.gstBp,
  };
}

/**
 * Sent fields replace stored ones. Changing the category without sending a subcategory drops a
 * subcategory that no longer fits, as the form does.
 */
export async function updateProduct(
  { db, publish }: CatalogueContext,
  id: string,
  input: ProductInput,
): Promise<ProductRecord> {
  let fields: ProductFields | undefined;
  try {
    await db.transaction(async (tx) => {
      const existing = await lockProduct(tx, id);
      if (!existing) throw notFound(NOT_FOUND);
      const sent = definedOnly(input);
      const categoryChanged =
        sent.productCategory !== undefined && sent.productCategory !== existing.productCategoryId;
      const merged = { ...inputOf(existing), ...(categoryChanged ? { subcategory: null } : {}), ...sent };
      fields = cleanProductForm(merged);
      await checkReferences(tx, fields);
      await updateProductRow(tx, id, fields);
      await publishProductStates(tx, publish, [id]);
    });
    return await getProduct(db, id);
  } catch (error) {
    return translate(error, fields);
  }
}

/** Orders keep their own copies of names and prices, so a product can always be deleted. */
export async function deleteProduct({ db, publish }: CatalogueContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteProductRow(tx, id))) throw notFound(NOT_FOUND);
    await publish(tx, catalogueEvents.productDeleted, id, { productId: id });
  });
}
