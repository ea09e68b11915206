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
  /** '' (none) when not given. */
  hsnCode?: string;
  /** 1800 (18%) when not given. */
  gstBp?: number;
  sourceUpdatedAtMs: number;
}

/**
 * Applies product states from the catalogue, in the order given, each unless the mirror already holds
 * a newer one (a replayed compacted topic, a redelivery) or the product was deleted. One statement:
 * of one product's states only the one applying them in turn would leave is written (the newest, the
 * later of equals), as a statement may not change a row twice.
 */
export async function upsertProducts(tx: Queryable, states: readonly ProductState[]): Promise<void> {
  const latest = new Map<string, ProductState>();
  for (const state of states) {
    const id = state.id.toLowerCase();
    const kept = latest.get(id);
    if (!kept || kept.sourceUpdatedAtMs <= state.sourceUpdatedAtMs) latest.set(id, { ...state, id });
  }
  if (latest.size === 0) return;
  const now = new Date();
  await tx
    .insert(products)
    .values(
      [...latest.values()].map((state) => ({
        ...state,
        hsnCode: state.hsnCode ?? '',
        gstBp: state.gstBp ?? 1800,
        deleted: false,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: products.id,
      set: {
        name: sql`excluded.name`,
        pricePaise: sql`excluded.price_paise`,
        stock: sql`excluded.stock`,
        images: sql`excluded.images`,
        hsnCode: sql`excluded.hsn_code`,
        gstBp: sql`excluded.gst_bp`,
        sourceUpdatedAtMs: sql`excluded.source_updated_at_ms`,
        updatedAt: now,
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
    hsnCode: row.hsnCode,
    gstBp: row.gstBp,
  };
}
