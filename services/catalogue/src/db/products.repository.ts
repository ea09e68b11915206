import { badRequest, conflict, notFound, type Queryable } from '@spa/kit';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '../domain/money.js';
import { cleanProductForm, type ProductFields, type ProductInput } from '../domain/product-form.js';
import { definedOnly } from '../domain/text.js';
import { publishProductStates } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import { isForeignKeyViolation, isUniqueViolation, isUuid, likePattern } from './pg-errors.js';
import { ratingsOf, type Rating } from './reviews.repository.js';
import { productCategories, products, subcategories } from './schema.js';
import type { Store } from './store.js';
import { nextProductUpdatedAt } from './product-clock.js';

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

const NOT_FOUND = 'Product not found';

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

export async function getProduct(db: Queryable, id: string): Promise<ProductRecord> {
  const [row] = isUuid(id) ? await selectProducts(db).where(eq(products.id, id)) : [];
  if (!row) throw notFound(NOT_FOUND);
  return (await toRecords(db, [row]))[0]!;
}

/** The category must exist and the subcategory, when given, must be one of that category's. */
async function checkReferences(tx: Queryable, fields: ProductFields): Promise<void> {
  const [category] = isUuid(fields.productCategoryId)
    ? await tx.select().from(productCategories).where(eq(productCategories.id, fields.productCategoryId))
    : [];
  if (!category)
    throw badRequest('The selected product category does not exist', [{ field: 'productCategory' }]);
  if (fields.subcategoryId === null) return;
  const [subcategory] = isUuid(fields.subcategoryId)
    ? await tx.select().from(subcategories).where(eq(subcategories.id, fields.subcategoryId))
    : [];
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

export async function createProduct({ db, publish }: Store, input: ProductInput): Promise<ProductRecord> {
  const fields = cleanProductForm(input);
  try {
    const id = await db.transaction(async (tx) => {
      await checkReferences(tx, fields);
      const [row] = await tx.insert(products).values(fields).returning({ id: products.id });
      await publishProductStates(tx, publish, [row!.id]);
      return row!.id;
    });
    return await getProduct(db, id);
  } catch (error) {
    return translate(error, fields);
  }
}

function inputOf(row: typeof products.$inferSelect): ProductInput {
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
  };
}

/**
 * Sent fields replace stored ones. Changing the category without sending a subcategory drops a
 * subcategory that no longer fits, as the form does.
 */
export async function updateProduct(
  { db, publish }: Store,
  id: string,
  input: ProductInput,
): Promise<ProductRecord> {
  let fields: ProductFields | undefined;
  try {
    await db.transaction(async (tx) => {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const [existing] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!existing) throw notFound(NOT_FOUND);
      const sent = definedOnly(input);
      const categoryChanged =
        sent.productCategory !== undefined && sent.productCategory !== existing.productCategoryId;
      const merged = { ...inputOf(existing), ...(categoryChanged ? { subcategory: null } : {}), ...sent };
      fields = cleanProductForm(merged);
      await checkReferences(tx, fields);
      await tx
        .update(products)
        .set({ ...fields, updatedAt: nextProductUpdatedAt })
        .where(eq(products.id, id));
      await publishProductStates(tx, publish, [id]);
    });
    return await getProduct(db, id);
  } catch (error) {
    return translate(error, fields);
  }
}

/** Orders keep their own copies of names and prices, so a product can always be deleted. */
export async function deleteProduct({ db, publish }: Store, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (deleted.length === 0) throw notFound(NOT_FOUND);
    await publish(tx, catalogueEvents.productDeleted, id, { productId: id });
  });
}
