import type { Queryable } from '@spa/kit';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { MirroredProduct } from '../domain/cart.js';
import { products } from './schema.js';

export interface ProductState {
  id: string;
  name: string;
  pricePaise: number;
  stock: number;
  images: string[];
  sourceUpdatedAtMs: number;
}

/**
 * Applies a product state from the catalogue unless the mirror already holds a newer one (a replayed
 * compacted topic, a redelivery) or the product was deleted.
 */
export async function upsertProduct(tx: Queryable, state: ProductState): Promise<void> {
  await tx
    .insert(products)
    .values({ ...state, deleted: false, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: products.id,
      set: {
        name: state.name,
        pricePaise: state.pricePaise,
        stock: state.stock,
        images: state.images,
        sourceUpdatedAtMs: state.sourceUpdatedAtMs,
        updatedAt: new Date(),
      },
      setWhere: and(
        eq(products.deleted, false),
        lte(products.sourceUpdatedAtMs, sql`excluded.source_updated_at_ms`),
      ),
    });
}

/** Keeps the row, marked deleted: cart lines of it are flagged, not silently dropped. */
export async function markProductDeleted(tx: Queryable, productId: string): Promise<void> {
  await tx
    .insert(products)
    .values({
      id: productId,
      name: 'Unavailable product',
      pricePaise: 0,
      stock: 0,
      deleted: true,
      sourceUpdatedAtMs: Date.now(),
    })
    .onConflictDoUpdate({ target: products.id, set: { deleted: true, stock: 0, updatedAt: new Date() } });
}

export async function findProduct(db: Queryable, id: string): Promise<MirroredProduct | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row && toProduct(row);
}

export function toProduct(row: typeof products.$inferSelect): MirroredProduct {
  return {
    id: row.id,
    name: row.name,
    pricePaise: row.pricePaise,
    stock: row.stock,
    images: row.images,
    deleted: row.deleted,
  };
}
