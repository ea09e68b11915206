import { randomUUID } from 'node:crypto';
import type { Queryable } from '@spa/kit';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { MirroredProduct } from '../domain/cart.js';
import { cartItems, carts, products } from './schema.js';

export interface CartRow {
  id: string;
  userId: string;
  checkoutOrderId: string | null;
}

export interface CartLine {
  id: string;
  productId: string;
  quantity: number;
  pricePaise: number;
  addedAt: Date;
  /** The mirrored product, or undefined when the catalogue never announced it (treated as deleted). */
  product: MirroredProduct | undefined;
}

/** The user's cart, created on first use; the one cart per user is guaranteed by a unique user id. */
export async function ensureCart(db: Queryable, userId: string): Promise<CartRow> {
  await db.insert(carts).values({ id: randomUUID(), userId }).onConflictDoNothing({ target: carts.userId });
  const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
  return cart!;
}

/**
 * The user's cart, locked for the rest of the transaction (and marked as changed now): cart writes and
 * checkouts of one user take turns. One statement creates it on first use and locks it (an upsert locks
 * the row it updates).
 */
export async function lockCart(tx: Queryable, userId: string): Promise<CartRow> {
  const [cart] = await tx
    .insert(carts)
    .values({ id: randomUUID(), userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date() } })
    .returning({ id: carts.id, userId: carts.userId, checkoutOrderId: carts.checkoutOrderId });
  return cart!;
}

export async function cartLines(db: Queryable, cartId: string): Promise<CartLine[]> {
  const rows = await db
    .select({ line: cartItems, product: products })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  return rows.map(({ line, product }) => ({
    id: line.id,
    productId: line.productId,
    quantity: line.quantity,
    pricePaise: line.pricePaise,
    addedAt: line.addedAt,
    product: product
      ? {
          id: product.id,
          name: product.name,
          pricePaise: product.pricePaise,
          stock: product.stock,
          images: product.images,
          deleted: product.deleted,
        }
      : undefined,
  }));
}

export async function countLines(tx: Queryable, cartId: string): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(cartItems).where(eq(cartItems.cartId, cartId));
  return row?.value ?? 0;
}

export async function findLineOfProduct(tx: Queryable, cartId: string, productId: string) {
  const [row] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return row;
}

export async function findLine(tx: Queryable, cartId: string, itemId: string) {
  const [row] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)));
  return row;
}

export async function insertLine(
  tx: Queryable,
  line: { cartId: string; productId: string; quantity: number; pricePaise: number },
): Promise<void> {
  await tx.insert(cartItems).values({ id: randomUUID(), ...line });
}

export async function setLineQuantity(tx: Queryable, itemId: string, quantity: number): Promise<void> {
  await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
}

/** A line takes a new quantity and today's price (re-adding a product, accepting a changed price). */
export async function setLine(
  tx: Queryable,
  itemId: string,
  values: { quantity?: number; pricePaise: number },
): Promise<void> {
  await tx.update(cartItems).set(values).where(eq(cartItems.id, itemId));
}

export async function deleteLine(tx: Queryable, cartId: string, itemId: string): Promise<boolean> {
  const deleted = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
    .returning({ id: cartItems.id });
  return deleted.length > 0;
}

export async function deleteLines(tx: Queryable, cartId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, itemIds)));
}

export async function setCheckoutMarker(
  tx: Queryable,
  cartId: string,
  orderId: string | null,
): Promise<void> {
  await tx.update(carts).set({ checkoutOrderId: orderId, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Clears the marker only if it still points at this order (a newer checkout may have replaced it). */
export async function clearCheckoutMarker(tx: Queryable, orderId: string): Promise<void> {
  await tx.update(carts).set({ checkoutOrderId: null }).where(eq(carts.checkoutOrderId, orderId));
}
