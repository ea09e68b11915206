import { badRequest, conflict, notFound, type Queryable } from '@spa/kit';
import { asc, count, eq } from 'drizzle-orm';
import type { ListPage } from './list-page.js';
import { cleanText } from '../domain/text.js';
import { isForeignKeyViolation, isUniqueViolation, isUuid } from './pg-errors.js';
import { productCategories, products, subcategories } from './schema.js';

export type ProductCategoryRow = typeof productCategories.$inferSelect;
export type SubcategoryRecord = typeof subcategories.$inferSelect & {
  productCategory: { id: string; name: string };
};

/** One page of the product categories by name, and how many there are. */
export async function listProductCategories(
  db: Queryable,
  page: ListPage,
): Promise<{ items: ProductCategoryRow[]; total: number }> {
  const [items, [counted]] = await Promise.all([
    db
      .select()
      .from(productCategories)
      .orderBy(asc(productCategories.name), asc(productCategories.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(productCategories),
  ]);
  return { items, total: counted?.total ?? 0 };
}

/** One page of the subcategories (of one product category, if given), and how many there are. */
export async function listSubcategories(
  db: Queryable,
  { productCategoryId }: { productCategoryId?: string },
  page: ListPage,
): Promise<{ items: SubcategoryRecord[]; total: number }> {
  if (productCategoryId !== undefined && !isUuid(productCategoryId)) return { items: [], total: 0 };
  const where = productCategoryId ? eq(subcategories.productCategoryId, productCategoryId) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        subcategory: subcategories,
        productCategory: { id: productCategories.id, name: productCategories.name },
      })
      .from(subcategories)
      .innerJoin(productCategories, eq(productCategories.id, subcategories.productCategoryId))
      .where(where)
      .orderBy(asc(productCategories.name), asc(subcategories.name), asc(subcategories.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(subcategories).where(where),
  ]);
  return {
    items: rows.map(({ subcategory, productCategory }) => ({ ...subcategory, productCategory })),
    total: counted?.total ?? 0,
  };
}

/*
 * Product categories and subcategories carry no events of their own: a product's event names its
 * category and subcategory, which is all that commerce needs.
 */

export async function createProductCategory(db: Queryable, input: { name?: string | null }) {
  const name = cleanText(input.name);
  if (name === '') throw badRequest('Product category name is required', [{ field: 'name' }]);
  try {
    const [row] = await db.insert(productCategories).values({ name }).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A product category named "${name}" already exists`);
    throw error;
  }
}

/** Refused while products or subcategories belong to it: they would be left without a category. */
export async function deleteProductCategory(db: Queryable, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Product category not found');
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select()
      .from(productCategories)
      .where(eq(productCategories.id, id))
      .for('update');
    if (!category) throw notFound('Product category not found');
    const [{ productCount } = { productCount: 0 }] = await tx
      .select({ productCount: count() })
      .from(products)
      .where(eq(products.productCategoryId, id));
    const [{ subcategoryCount } = { subcategoryCount: 0 }] = await tx
      .select({ subcategoryCount: count() })
      .from(subcategories)
      .where(eq(subcategories.productCategoryId, id));
    if (productCount > 0 || subcategoryCount > 0) {
      const parts = [
        productCount > 0 ? `${productCount} product${productCount === 1 ? '' : 's'}` : '',
        subcategoryCount > 0 ? `${subcategoryCount} subcategor${subcategoryCount === 1 ? 'y' : 'ies'}` : '',
      ].filter(Boolean);
      throw conflict(
        `Cannot delete the product category "${category.name}": it still has ${parts.join(' and ')}. Move or delete them first.`,
      );
    }
    await tx.delete(productCategories).where(eq(productCategories.id, id));
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
  const [category] = isUuid(productCategoryId)
    ? await db.select().from(productCategories).where(eq(productCategories.id, productCategoryId))
    : [];
  if (!category)
    throw badRequest('The selected product category does not exist', [{ field: 'productCategory' }]);
  try {
    const [row] = await db.insert(subcategories).values({ name, productCategoryId }).returning();
    return { ...row!, productCategory: { id: category.id, name: category.name } };
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
    const [subcategory] = await tx.select().from(subcategories).where(eq(subcategories.id, id)).for('update');
    if (!subcategory) throw notFound('Subcategory not found');
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(products)
      .where(eq(products.subcategoryId, id));
    if (total > 0)
      throw conflict(
        `Cannot delete the subcategory "${subcategory.name}": ${total} product${total === 1 ? '' : 's'} still use${total === 1 ? 's' : ''} it. Move or delete them first.`,
      );
    await tx.delete(subcategories).where(eq(subcategories.id, id));
  });
}
