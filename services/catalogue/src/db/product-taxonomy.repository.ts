import type { Queryable } from '@spa/kit';
import { asc, count, eq } from 'drizzle-orm';
import type { ListPage } from './list-page.js';
import { isUuid } from './pg-errors.js';
import { productCategories, products, subcategories } from './schema.js';

export type ProductCategoryRow = typeof productCategories.$inferSelect;
export type SubcategoryRow = typeof subcategories.$inferSelect;
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

export async function findProductCategory(
  db: Queryable,
  id: string,
): Promise<ProductCategoryRow | undefined> {
  const [row] = isUuid(id)
    ? await db.select().from(productCategories).where(eq(productCategories.id, id))
    : [];
  return row;
}

export async function findSubcategory(db: Queryable, id: string): Promise<SubcategoryRow | undefined> {
  const [row] = isUuid(id) ? await db.select().from(subcategories).where(eq(subcategories.id, id)) : [];
  return row;
}

/** The product category, locked for a change (undefined when there is none). */
export async function lockProductCategory(
  tx: Queryable,
  id: string,
): Promise<ProductCategoryRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(productCategories).where(eq(productCategories.id, id)).for('update');
  return row;
}

/** The subcategory, locked for a change (undefined when there is none). */
export async function lockSubcategory(tx: Queryable, id: string): Promise<SubcategoryRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(subcategories).where(eq(subcategories.id, id)).for('update');
  return row;
}

export async function insertProductCategory(db: Queryable, name: string): Promise<ProductCategoryRow> {
  const [row] = await db.insert(productCategories).values({ name }).returning();
  return row!;
}

export async function insertSubcategory(
  db: Queryable,
  values: { name: string; productCategoryId: string },
): Promise<SubcategoryRow> {
  const [row] = await db.insert(subcategories).values(values).returning();
  return row!;
}

/** How many products and subcategories belong to the product category. */
export async function countProductCategoryContents(
  tx: Queryable,
  id: string,
): Promise<{ productCount: number; subcategoryCount: number }> {
  const [{ productCount } = { productCount: 0 }] = await tx
    .select({ productCount: count() })
    .from(products)
    .where(eq(products.productCategoryId, id));
  const [{ subcategoryCount } = { subcategoryCount: 0 }] = await tx
    .select({ subcategoryCount: count() })
    .from(subcategories)
    .where(eq(subcategories.productCategoryId, id));
  return { productCount, subcategoryCount };
}

/** How many products use the subcategory. */
export async function countProductsOfSubcategory(tx: Queryable, id: string): Promise<number> {
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(products)
    .where(eq(products.subcategoryId, id));
  return total;
}

export async function deleteProductCategoryRow(tx: Queryable, id: string): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.id, id));
}

export async function deleteSubcategoryRow(tx: Queryable, id: string): Promise<void> {
  await tx.delete(subcategories).where(eq(subcategories.id, id));
}
