import { randomUUID } from 'node:crypto';
import { compiledStatement, type Queryable } from '@spa/kit';
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MirroredProduct } from '../domain/cart.js';
import type { Address } from './addresses.repository.js';
import { toProduct } from './products.repository.js';
import { addresses, cartItems, carts, products } from './schema.js';

export interface CartRow {
  id: string;
  userId: string;
  checkoutOrderId: string | null;
}

type CartItemRow = typeof cartItems.$inferSelect;
type ProductRow = typeof products.$inferSelect;

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
 * The user's cart, locked for the rest of the transaction (and marked as changed now), and its lines as
 * cartLines gives them: cart writes and checkouts of one user take turns, and each starts here. One
 * statement creates the cart on first use and locks it (an upsert locks the row it updates).
 *
 * The lines are read by a second statement on purpose. One statement reads with the snapshot it took
 * when it began, before it waited for the lock; so a checkout that had waited behind another would
 * read the lines that one had just ordered and taken out of the cart, and order them again
 * (`checkout-concurrency.test.ts` holds the lock to prove it).
 */
export async function lockCartWithLines(
  tx: Queryable,
  userId: string,
): Promise<{ cart: CartRow; lines: CartLine[] }> {
  const [cart] = await lockingUpsert(tx, userId).returning(cartColumns);
  return { cart: cart!, lines: await cartLines(tx, cart!.id) };
}

/**
 * The user's cart, locked, for adding a product (addToLine answers its other lines): the product
 * (undefined when commerce has never heard of it) is read by the locking statement itself. Unlike
 * the lines, it may be read there: no write to this cart changes it, and the snapshot taken before
 * the lock wait is newer than a read before the transaction, which is where it was read before.
 */
export async function lockCartWithProduct(
  tx: Queryable,
  userId: string,
  productId: string,
): Promise<{ cart: CartRow; product: MirroredProduct | undefined }> {
  const locked = tx.$with('locked_cart').as(lockingUpsert(tx, userId).returning(cartColumns));
  const [row] = await tx
    .with(locked)
    .select({ cartId: locked.id, checkoutOrderId: locked.checkoutOrderId, product: products })
    .from(locked)
    .leftJoin(products, eq(products.id, productId));
  const cart = { id: row!.cartId, userId, checkoutOrderId: row!.checkoutOrderId };
  return { cart, product: row!.product ? toProduct(row!.product) : undefined };
}

/**
 * lockCartWithLines for a checkout: the address the order goes to (undefined unless it is this user's)
 * is read by the locking statement, as lockCartWithProduct reads the product.
 */
export async function lockCartWithAddress(
  tx: Queryable,
  userId: string,
  addressId: string,
): Promise<{ cart: CartRow; lines: CartLine[]; address: Address | undefined }> {
  const locked = tx.$with('locked_cart').as(lockingUpsert(tx, userId).returning(cartColumns));
  const [row] = await tx
    .with(locked)
    .select({ cartId: locked.id, checkoutOrderId: locked.checkoutOrderId, address: addresses })
    .from(locked)
    .leftJoin(addresses, and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  const cart = { id: row!.cartId, userId, checkoutOrderId: row!.checkoutOrderId };
  return { cart, lines: await cartLines(tx, cart.id), address: row!.address ?? undefined };
}

const cartColumns = { id: carts.id, userId: carts.userId, checkoutOrderId: carts.checkoutOrderId };

/**
 * A cart read without its lock, with the version of its row (Postgres' xmin: the transaction that
 * wrote it). Every write to a cart's lines also writes its row (each starts with lockingUpsert, and a
 * checkout's marker lives on it), so an unchanged version means unchanged lines: a write made only
 * on an `unchangedCart` can skip the lock, the transaction and its BEGIN and COMMIT (on this
 * machine the round trips' system calls are most of commerce's CPU per order).
 */
export interface SeenCart extends CartRow {
  version: string;
}

const seenCartColumns = { ...cartColumns, version: sql<string>`${carts}.xmin::text` };

/**
 * Matches the cart's row (placeholders cartId, version) only while it is the version that was read.
 * An UPDATE that waited for the row checks this again on the row the other transaction left, whose
 * xmin is that transaction's.
 */
export const unchangedCart = () =>
  and(eq(carts.id, sql.placeholder('cartId')), sql`${carts}.xmin::text = ${sql.placeholder('version')}`);

/** A seen cart and its lines from rows of (cart, line, product), one per line or one without any. */
function seenCartOf<Row extends { cart: SeenCart; line: CartItemRow | null; product: ProductRow | null }>(
  rows: Row[],
): { first: Row; lines: CartLine[] } | undefined {
  const [first] = rows;
  if (!first) return undefined;
  return {
    first,
    lines: rows.flatMap(({ line, product }) => (line ? [toCartLine(line, product)] : [])),
  };
}

const addedProduct = alias(products, 'added_product');

// Built once each (compiledStatement): cart writes and checkouts read a cart on every call.
const cartWithProduct = compiledStatement((db) =>
  db
    .select({ cart: seenCartColumns, line: cartItems, product: products, added: addedProduct })
    .from(carts)
    .leftJoin(addedProduct, eq(addedProduct.id, sql.placeholder('productId')))
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id)),
);

/**
 * The user's cart with its lines and the product being added (undefined when commerce has never
 * heard of it), in one read and without the lock: adding to the cart's first try (addToLineIfUnchanged
 * then writes only if the cart is unchanged). Undefined when the user has no cart yet.
 */
export async function readCartWithProduct(
  db: Queryable,
  userId: string,
  productId: string,
): Promise<{ cart: SeenCart; lines: CartLine[]; product: MirroredProduct | undefined } | undefined> {
  const seen = seenCartOf(await cartWithProduct(db, { userId, productId }));
  if (!seen) return undefined;
  const { added } = seen.first;
  return { cart: seen.first.cart, lines: seen.lines, product: added ? toProduct(added) : undefined };
}

const cartWithAddress = compiledStatement((db) =>
  db
    .select({ cart: seenCartColumns, address: addresses, line: cartItems, product: products })
    .from(carts)
    .leftJoin(
      addresses,
      and(eq(addresses.id, sql.placeholder('addressId')), eq(addresses.userId, sql.placeholder('userId'))),
    )
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id)),
);

/**
 * The user's cart with its lines and the address the order goes to (undefined unless it is this
 * user's), in one read and without the lock: checkout's first try (writeReservingOrder then marks the
 * cart only if it is unchanged). Undefined when the user has no cart yet.
 */
export async function readCartWithAddress(
  db: Queryable,
  userId: string,
  addressId: string,
): Promise<{ cart: SeenCart; lines: CartLine[]; address: Address | undefined } | undefined> {
  const seen = seenCartOf(await cartWithAddress(db, { userId, addressId }));
  if (!seen) return undefined;
  return { cart: seen.first.cart, lines: seen.lines, address: seen.first.address ?? undefined };
}

/** Creates the user's cart on first use and locks it (an upsert locks the row it updates). */
const lockingUpsert = (tx: Queryable, userId: string) =>
  tx
    .insert(carts)
    .values({ id: randomUUID(), userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date() } });

export async function cartLines(db: Queryable, cartId: string): Promise<CartLine[]> {
  const rows = await db
    .select({ line: cartItems, product: products })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  return rows.map(({ line, product }) => toCartLine(line, product));
}

function toCartLine(line: CartItemRow, product: ProductRow | null): CartLine {
  return {
    id: line.id,
    productId: line.productId,
    quantity: line.quantity,
    pricePaise: line.pricePaise,
    addedAt: line.addedAt,
    product: product ? toProduct(product) : undefined,
  };
}

/**
 * Adds `quantity` of a product to a locked cart in one statement: its line is inserted, or the line it
 * has grows (taking today's price), and the cart's other lines come back with it. The caller checks
 * the result (how many lines, the new quantity) and throws to undo the write: one round trip where
 * reading the lines and then writing took two. The other lines are read after the cart's lock was
 * taken (by an earlier statement), so they are the cart as it now is.
 */
export async function addToLine(
  tx: Queryable,
  cartId: string,
  product: { id: string; pricePaise: number },
  quantity: number,
): Promise<{ others: CartLine[]; written: CartItemRow; inserted: boolean }> {
  const written = tx.$with('written_line').as(
    tx
      .insert(cartItems)
      .values({ id: randomUUID(), cartId, productId: product.id, quantity, pricePaise: product.pricePaise })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        set: {
          quantity: sql`${cartItems.quantity} + excluded.quantity`,
          pricePaise: sql`excluded.price_paise`,
        },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ ...getTableColumns(cartItems), inserted: sql<boolean>`xmax = 0`.as('inserted') }),
  );
  // One row per other line (the written line's columns on each), or one row without any.
  const rows = await tx
    .with(written)
    .select({
      written: {
        id: written.id,
        cartId: written.cartId,
        productId: written.productId,
        quantity: written.quantity,
        pricePaise: written.pricePaise,
        addedAt: written.addedAt,
      },
      inserted: written.inserted,
      other: cartItems,
      product: products,
    })
    .from(written)
    .leftJoin(
      cartItems,
      // Not the product's own line: this statement reads it as it was before the write.
      // (by the values, not the CTE's columns: the planner then takes the cart's index).
      and(eq(cartItems.cartId, cartId), ne(cartItems.productId, product.id)),
    )
    .leftJoin(products, eq(products.id, cartItems.productId));
  const [first] = rows;
  return {
    others: rows.flatMap(({ other, product }) => (other ? [toCartLine(other, product)] : [])),
    written: first!.written,
    inserted: first!.inserted,
  };
}

/**
 * addToLine for a cart read without its lock: the line is written only if the cart is still the
 * version that was read (its row is written too, so a checkout or another write that read it before
 * finds it changed). Answers the line as written, or undefined when the cart had changed. The caller
 * checked the addition against the lines it read, which are the cart's lines when it is unchanged.
 */
export async function addToLineIfUnchanged(
  db: Queryable,
  cart: SeenCart,
  product: { id: string; pricePaise: number },
  quantity: number,
): Promise<(CartItemRow & { inserted: boolean }) | undefined> {
  const [written] = await addToUnchangedCart(db, {
    cartId: cart.id,
    version: cart.version,
    lineId: randomUUID(),
    productId: product.id,
    quantity,
    pricePaise: product.pricePaise,
    changedAt: new Date(),
  });
  return written;
}

const addToUnchangedCart = compiledStatement((db) => {
  const placeholder = sql.placeholder;
  const unchanged = db.$with('unchanged_cart').as(
    db
      .update(carts)
      .set({ updatedAt: sql`${placeholder('changedAt')}` })
      .where(unchangedCart())
      .returning({ id: carts.id }),
  );
  return db
    .with(unchanged)
    .insert(cartItems)
    .select(
      sql`select ${placeholder('lineId')}::uuid, ${unchanged.id}, ${placeholder('productId')}::uuid, ${placeholder('quantity')}::integer, ${placeholder('pricePaise')}::bigint, now() from ${unchanged}`,
    )
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        pricePaise: sql`excluded.price_paise`,
      },
    })
    .returning({ ...getTableColumns(cartItems), inserted: sql<boolean>`xmax = 0` });
});

export async function setLineQuantity(tx: Queryable, itemId: string, quantity: number): Promise<void> {
  await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
}

/** A line takes a new quantity and today's price (re-adding a product, accepting a changed price). */
export async function setLine(
  tx: Queryable,
  itemId: string,
  values: { quantity?: number; pricePaise: number },
): Promise<CartItemRow> {
  const [row] = await tx.update(cartItems).set(values).where(eq(cartItems.id, itemId)).returning();
  return row!;
}

/**
 * The cart's lines once `written` (a line just inserted or updated, as its statement returned it) is in
 * them, in cartLines' order: what a re-read after the write would answer, without the round trip.
 */
export function linesWith(
  lines: CartLine[],
  written: CartItemRow,
  product: MirroredProduct | undefined,
): CartLine[] {
  const others = lines.filter((line) => line.id !== written.id);
  return [...others, { ...toCartLine(written, null), product }].sort(
    (a, b) => a.addedAt.getTime() - b.addedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export async function deleteLine(tx: Queryable, cartId: string, itemId: string): Promise<boolean> {
  const deleted = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
    .returning({ id: cartItems.id });
  return deleted.length > 0;
}

/** Clears the marker only if it still points at this order (a newer checkout may have replaced it). */
export async function clearCheckoutMarker(tx: Queryable, orderId: string): Promise<void> {
  await tx.update(carts).set({ checkoutOrderId: null }).where(eq(carts.checkoutOrderId, orderId));
}
