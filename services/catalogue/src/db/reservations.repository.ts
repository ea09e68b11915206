import type { Queryable } from '@spa/kit';
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProductForReservation, ReservationItem } from '../domain/reservation.js';
import { nextProductUpdatedAt } from './product-clock.js';
import type { ProductState } from './products.repository.js';
import {
  productCategories,
  products,
  stockReservationItems,
  stockReservations,
  subcategories,
} from './schema.js';

export interface ReservedLine extends ReservationItem {
  /** Name and unit price when reserved, so a repeated call answers exactly what the first did. */
  name: string;
  unitPricePaise: number;
}

export interface Reservation {
  orderId: string;
  status: 'reserved' | 'released';
  items: ReservedLine[];
  createdAt: Date;
  releasedAt: Date | null;
}

export async function findReservation(db: Queryable, orderId: string): Promise<Reservation | undefined> {
  const [head] = await db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
  if (!head) return undefined;
  const items = await db
    .select()
    .from(stockReservationItems)
    .where(eq(stockReservationItems.orderId, orderId))
    .orderBy(asc(stockReservationItems.productId));
  return {
    orderId: head.orderId,
    status: head.status as Reservation['status'],
    items: items.map(({ productId, quantity, name, unitPricePaise }) => ({
      productId,
      quantity,
      name,
      unitPricePaise,
    })),
    createdAt: head.createdAt,
    releasedAt: head.releasedAt,
  };
}

/**
 * Records the order's reservation in this status unless it has one; answers the row's times when this
 * call did (undefined when the order already had one). Waits for a concurrent call with the same order
 * id to finish.
 */
export async function claimReservation(
  tx: Queryable,
  orderId: string,
  status: Reservation['status'],
): Promise<Pick<Reservation, 'createdAt' | 'releasedAt'> | undefined> {
  const [claimed] = await tx
    .insert(stockReservations)
    .values(status === 'released' ? { orderId, status, releasedAt: new Date() } : { orderId, status })
    .onConflictDoNothing()
    .returning({ createdAt: stockReservations.createdAt, releasedAt: stockReservations.releasedAt });
  return claimed;
}

/** The products as a refused reservation explains itself with. */
export async function productsForReservation(
  tx: Queryable,
  productIds: string[],
): Promise<ProductForReservation[]> {
  return tx
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      stock: products.stock,
    })
    .from(products)
    .where(inArray(products.id, productIds));
}

/**
 * A reservation's line in one statement (checkout's hot path): the quantity comes off the
 * product's stock only when it has that many and, when a price was agreed, only at that price (a
 * conditional update, so stock never goes below zero and nobody is charged a price they were not
 * shown); the reserved line is recorded, and the product as it now is comes back for its event. The
 * product state is read from the update's own answer: a plain read in the same statement would see the
 * stock as it was before. Undefined when the product is gone, short or at another price (nothing
 * written); the caller finds out which.
 */
export async function reserveLine(
  tx: Queryable,
  orderId: string,
  line: ReservationItem,
  agreedPricePaise: number | undefined,
): Promise<ProductState | undefined> {
  const { taken, recorded } = lineTaking(tx, orderId, line, agreedPricePaise);
  const [row] = await tx
    .with(taken, recorded)
    .select()
    .from(taken)
    .innerJoin(productCategories, eq(productCategories.id, taken.productCategoryId))
    .leftJoin(subcategories, eq(subcategories.id, taken.subcategoryId));
  return (
    row && { product: row.taken_stock, category: row.product_categories, subcategory: row.subcategories }
  );
}

/**
 * claimReservation ('reserved') and the first line's reserveLine in one statement, one round trip
 * fewer: the line is taken only when this call claimed the order (a repeat takes nothing and answers
 * `claimed` undefined, after waiting for a concurrent claim of the same order to finish, as
 * claimReservation does). `state` is reserveLine's answer.
 */
export async function claimWithFirstLine(
  tx: Queryable,
  orderId: string,
  line: ReservationItem,
  agreedPricePaise: number | undefined,
): Promise<{
  claimed: Pick<Reservation, 'createdAt' | 'releasedAt'> | undefined;
  state: ProductState | undefined;
}> {
  const claim = tx
    .$with('claimed')
    .as(
      tx
        .insert(stockReservations)
        .values({ orderId, status: 'reserved' })
        .onConflictDoNothing()
        .returning({ createdAt: stockReservations.createdAt, releasedAt: stockReservations.releasedAt }),
    );
  const { taken, recorded } = lineTaking(
    tx,
    orderId,
    line,
    agreedPricePaise,
    sql`exists (select 1 from ${claim})`,
  );
  const [row] = await tx
    .with(claim, taken, recorded)
    .select()
    .from(claim)
    .leftJoin(taken, sql`true`)
    .leftJoin(productCategories, eq(productCategories.id, taken.productCategoryId))
    .leftJoin(subcategories, eq(subcategories.id, taken.subcategoryId));
  if (!row) return { claimed: undefined, state: undefined };
  const claimed = { createdAt: row.claimed.createdAt, releasedAt: row.claimed.releasedAt };
  // A product without its category is not reserved, as reserveLine's inner join has it.
  if (!row.taken_stock || !row.product_categories) return { claimed, state: undefined };
  return {
    claimed,
    state: { product: row.taken_stock, category: row.product_categories, subcategory: row.subcategories },
  };
}

/** The two parts of taking a line: the conditional stock update (its row as it now is) and the recorded line. */
function lineTaking(
  tx: Queryable,
  orderId: string,
  line: ReservationItem,
  agreedPricePaise: number | undefined,
  onlyIf?: SQL,
) {
  const taken = tx.$with('taken_stock').as(
    tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: nextProductUpdatedAt })
      .where(
        and(
          eq(products.id, line.productId),
          gte(products.stock, line.quantity),
          agreedPricePaise === undefined ? undefined : eq(products.pricePaise, agreedPricePaise),
          onlyIf,
        ),
      )
      .returning(),
  );
  const recorded = tx
    .$with('reserved_line', {})
    .as(
      sql`insert into ${stockReservationItems} (order_id, product_id, quantity, name, unit_price_paise) select ${orderId}::text, id, ${line.quantity}::integer, name, price_paise from ${taken}`,
    );
  return { taken, recorded };
}

export async function findProductStock(
  tx: Queryable,
  productId: string,
): Promise<{ name: string; stock: number } | undefined> {
  const [product] = await tx
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return product;
}

/** Marks a held reservation released; answers whether it was held. */
export async function markReleased(tx: Queryable, orderId: string): Promise<boolean> {
  const released = await tx
    .update(stockReservations)
    .set({ status: 'released', releasedAt: new Date() })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'reserved')))
    .returning({ orderId: stockReservations.orderId });
  return released.length > 0;
}

/** Which of these products still exist. */
export async function existingProductIds(tx: Queryable, productIds: string[]): Promise<Set<string>> {
  const present = await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  return new Set(present.map((row) => row.id));
}

export async function returnStock(tx: Queryable, line: ReservationItem): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: nextProductUpdatedAt })
    .where(eq(products.id, line.productId));
}
