import type { Queryable } from '@spa/kit';
import { sql } from 'drizzle-orm';
import { products, services } from './schema.js';

/** Catalogue counts for the admin dashboard: products, those out of stock, and services. */
export async function catalogueCounts(db: Queryable) {
  const [productCounts] = await db
    .select({
      totalProducts: sql<number>`count(*)::int`,
      outOfStockProducts: sql<number>`count(*) filter (where ${products.stock} <= 0)::int`,
    })
    .from(products);
  const [serviceCounts] = await db.select({ totalServices: sql<number>`count(*)::int` }).from(services);
  return { ...productCounts, ...serviceCounts };
}
