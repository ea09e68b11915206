import type { Queryable } from '@spa/kit';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ProductFields } from '../domain/product-form.js';
import { isUuid, likePattern } from './pg-errors.js';
import { nextProductUpdatedAt } from './product-clock.js';
import { ratingsOf, type Rating } from './reviews.repository.js';
import { productCategories, products, subcategories } from './schema.js';

export type ProductRecord = typeof products.$inferSelect & {
  productCategory: { id: string; name: string };
  subcategory: { id: string; name: string } | null;
  /** Its published reviews' average and count; null while it has none. */
  rating: Rating | null;
};

export interface ProductFilter {
  productCategoryId?: string;
  subcategoryId?: string;
  search?: string;
  page?: { number: number; size: number };
}

export type ProductRow = typeof products.$inferSelect;

function whereOf(filter: ProductFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    filter.productCategoryId ? eq(products.productCategoryId, filter.productCategoryId) : undefined,
    filter.subcategoryId ? eq(products.subcategoryId, filter.subcategoryId) : undefined,
    search
      ? or(
          ilike(products.name, likePattern(search)),
          ilike(products.description, likePattern(search)),
          ilike(products.sku, likePattern(search)),
        )
      : undefined,
  );
}

function selectProducts(db: Queryable) {
  return db
    .select({
      product: products,
      productCategory: { id: productCategories.id, name: productCategories.name },
      subcategory: { id: subcategories.id, name: subcategories.name },
    })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.productCategoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/** The rows as records, with their ratings from one grouped query. */
async function toRecords(db: Queryable, rows: SelectedRow[]): Promise<ProductRecord[]> {
  const ratings = await ratingsOf(
    db,
    'product',
    rows.map((row) => row.product.id),
  );
  return rows.map(({ product, productCategory, subcategory }) => ({
    ...product,
    productCategory,
    subcategory: subcategory?.id ? subcategory : null,
    rating: ratings.get(product.id) ?? null,
  }));
}

/** Newest first, as a shop shows what it has just added at the top. */
export async function listProducts(
  db: Queryable,
  filter: ProductFilter,
): Promise<{ items: ProductRecord[]; total: number }> {
  const ids = [filter.productCategoryId, filter.subcategoryId].filter((id) => id !== undefined);
  if (ids.some((id) => !isUuid(id))) return { items: [], total: 0 };
  const where = whereOf(filter);
  const query = selectProducts(db)
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.name), asc(products.id));
  const rows = filter.page
    ? await query.limit(filter.page.size).offset((filter.page.number - 1) * filter.page.size)
    : await query;
  const total = filter.page
    ? ((await db.select({ total: count() }).from(products).where(where))[0]?.total ?? 0)
    : rows.length;
  return { items: await toRecords(db, rows), total };
}

export async function findProduct(db: Queryable, id: string): Promise<ProductRecord | undefined> {
  const [row] = isUuid(id) ? await selectProducts(db).where(eq(products.id, id)) : [];
  if (!row) return undefined;
  return (await toRecords(db, [row]))[0]!;
}

/** The product, locked for a change (undefined when there is none). */
export async function lockProduct(tx: Queryable, id: string): Promise<ProductRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function insertProduct(tx: Queryable, fields: ProductFields): Promise<string> {
  const [row] = await tx.insert(products).values(fields).returning({ id: products.id });
  return row!.id;
}

export async function updateProductRow(tx: Queryable, id: string, fields: ProductFields): Promise<void> {
  await tx
    .update(products)
    .set({ ...fields, updatedAt: nextProductUpdatedAt })
    .where(eq(products.id, id));
}

/** Answers whether there was such a product. */
export async function deleteProductRow(tx: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length > 0;
}

/** A product as its catalogue.product.upserted event carries it. */
export type ProductState = Awaited<ReturnType<typeof productsForEvents>>[number];

/** The products with their whole category and subcategory, as their events carry them; by id. */
export async function productsForEvents(tx: Queryable, productIds: readonly string[]) {
  return tx
    .select({ product: products, category: productCategories, subcategory: subcategories })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.productCategoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id));
}
