import { badRequest, conflict, notFound, type Queryable } from '@spa/kit';
import { isForeignKeyViolation, isUniqueViolation, isUuid } from '../db/pg-errors.js';
import {
  countProductCategoryContents,
  countProductsOfSubcategory,
  deleteProductCategoryRow,
  deleteSubcategoryRow,
  findProductCategory,
  insertProductCategory,
  insertSubcategory,
  lockProductCategory,
  lockSubcategory,
  type SubcategoryRecord,
} from '../db/product-taxonomy.repository.js';
import { cleanText } from '../domain/text.js';

export { listProductCategories, listSubcategories } from '../db/product-taxonomy.repository.js';

/*
 * Product categories and subcategories carry no events of their own: a product's event names its
 * category and subcategory, which is all that commerce needs.
 */

export async function createProductCategory(db: Queryable, input: { name?: string | null }) {
  const name = cleanText(input.name);
  if (name === '') throw badRequest('Product category name is required', [{ field: 'name' }]);
  try {
    return await insertProductCategory(db, name);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A product category named "${name}" already exists`);
    throw error;
  }
}

/** Refused while products or subcategories belong to it: they would be left without a category. */
export async function deleteProductCategory(db: Queryable, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Product category not found');
  await db.transaction(async (tx) => {
    const category = await lockProductCategory(tx, id);
    if (!category) throw notFound('Product category not found');
    const { productCount, subcategoryCount } = await countProductCategoryContents(tx, id);
    if (productCount > 0 || subcategoryCount > 0) {
      const parts = [
        productCount > 0 ? `${productCount} product${productCount === 1 ? '' : 's'}` : '',
        subcategoryCount > 0 ? `${subcategoryCount} subcategor${subcategoryCount === 1 ? 'y' : 'ies'}` : '',
      ].filter(Boolean);
      throw conflict(
        `Cannot delete the product category "${category.name}": it still has ${parts.join(' and ')}. Move or delete them first.`,
      );
    }
    await deleteProductCategoryRow(tx, id);
  });
}

export async function createSubcategory(
  db: Queryable,
  input: { name?: string | null; productCategory?: string | null },
): Promise<SubcategoryRecord> {
  const name = cleanText(input.name);
  const productCategoryId = cleanText(input.productCategory);
  if (name === '' || productCategoryId === '')
    throw badRequest('Please enter subcategory name and select a category', [
      { field: name === '' ? 'name' : 'productCategory' },
    ]);
  const category = await findProductCategory(db, productCategoryId);
  if (!category)
    throw badRequest('The selected product category does not exist', [{ field: 'productCategory' }]);
  try {
    const row = await insertSubcategory(db, { name, productCategoryId });
    return { ...row, productCategory: { id: category.id, name: category.name } };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`"${category.name}" already has a subcategory named "${name}"`);
    if (isForeignKeyViolation(error))
      throw badRequest('The selected product category does not exist', [{ field: 'productCategory' }]);
    throw error;
  }
}

/** Refused while products use it. */
export async function deleteSubcategory(db: Queryable, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Subcategory not found');
  await db.transaction(async (tx) => {
    const subcategory = await lockSubcategory(tx, id);
    if (!subcategory) throw notFound('Subcategory not found');
    const total = await countProductsOfSubcategory(tx, id);
    if (total > 0)
      throw conflict(
        `Cannot delete the subcategory "${subcategory.name}": ${total} product${total === 1 ? '' : 's'} still use${total === 1 ? 's' : ''} it. Move or delete them first.`,
      );
    await deleteSubcategoryRow(tx, id);
  });
}
