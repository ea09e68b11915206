import { AppError, conflict, type Queryable } from '@spa/kit';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  agreedPrices,
  normaliseReservationItems,
  reservationProblems,
  sameReservationItems,
  type RequestedReservationItem,
  type ReservationItem,
  type ReservationProblem,
} from '../domain/reservation.js';
import { publishProductStates } from '../events/catalogue-state.js';
import { products, stockReservationItems, stockReservations } from './schema.js';
import type { Store } from './store.js';
import { nextProductUpdatedAt } from './product-clock.js';

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

async function loadReservation(db: Queryable, orderId: string): Promise<Reservation | undefined> {
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

export async function findReservation(db: Queryable, orderId: string): Promise<Reservation | undefined> {
  return loadReservation(db, orderId);
}

function insufficientStock(line: ReservationItem, product: { name: string; stock: number } | undefined) {
  if (!product)
    return new AppError(404, 'PRODUCT_NOT_FOUND', 'A product in this order no longer exists', [
      { productId: line.productId },
    ]);
  const message =
    product.stock === 0
      ? `"${product.name}" is out of stock`
      : `Only ${product.stock} of "${product.name}" left in stock (asked for ${line.quantity})`;
  return new AppError(409, 'INSUFFICIENT_STOCK', message, [
    { productId: line.productId, name: product.name, requested: line.quantity, available: product.stock },
  ]);
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * The one refusal for a priced reservation, listing every line that cannot be taken as asked: a
 * changed price wins (the customer must agree to the new one), then a product that is gone, then stock.
 */
function refusal(problems: ReservationProblem[]): AppError {
  const changed = problems.filter((line) => line.problem === 'price_changed');
  if (changed.length > 0) {
    const first = changed[0]!;
    const message =
      changed.length === 1
        ? `The price of "${first.name}" changed from ${rupees(first.unitPricePaise!)} to ${rupees(first.currentPricePaise!)}`
        : `The prices of ${changed.length} products changed`;
    return new AppError(409, 'PRICE_CHANGED', message, problems);
  }
  const gone = problems.find((line) => line.problem === 'unavailable');
  if (gone)
    return new AppError(404, 'PRODUCT_NOT_FOUND', 'A product in this order no longer exists', problems);
  const short = problems[0]!;
  const message =
    short.available === 0
      ? `"${short.name}" is out of stock`
      : `Only ${short.available} of "${short.name}" left in stock (asked for ${short.requested})`;
  return new AppError(409, 'INSUFFICIENT_STOCK', message, problems);
}

/**
 * Takes the order's quantities off the products' stock, all or nothing, once per order id. Each line
 * is a conditional update (stock >= quantity), so no interleaving of reservations can take stock
 * below zero; lines are applied in product-id order so two reservations never deadlock. A repeat
 * with the same lines answers the first result and changes nothing.
 */
export async function reserveStock(
  { db, publish }: Store,
  orderId: string,
  requested: readonly RequestedReservationItem[],
): Promise<{ reservation: Reservation; created: boolean }> {
  const lines = normaliseReservationItems(requested);
  const prices = agreedPrices(requested);
  return db.transaction(async (tx) => {
    // Waits for a concurrent call with the same order id to finish, then sees its outcome.
    const claimed = await tx
      .insert(stockReservations)
      .values({ orderId, status: 'reserved' })
      .onConflictDoNothing()
      .returning({ orderId: stockReservations.orderId });
    if (claimed.length === 0) return { reservation: await answerRepeat(tx, orderId, lines), created: false };

    if (prices.size > 0) {
      // Priced (commerce's checkout): the products are locked in id order (the order of the updates
      // below, so no deadlock), and the order is refused unless every line is exactly as agreed.
      const current = await tx
        .select({
          id: products.id,
          name: products.name,
          pricePaise: products.pricePaise,
          stock: products.stock,
        })
        .from(products)
        .where(
          inArray(
            products.id,
            lines.map((line) => line.productId),
          ),
        )
        .orderBy(asc(products.id))
        .for('update');
      const problems = reservationProblems(lines, prices, current);
      if (problems.length > 0) throw refusal(problems);
    }

    const reserved: ReservedLine[] = [];
    for (const line of lines) {
      const [updated] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: nextProductUpdatedAt })
        .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
        .returning({ name: products.name, pricePaise: products.pricePaise });
      if (!updated) {
        const [product] = await tx
          .select({ name: products.name, stock: products.stock })
          .from(products)
          .where(eq(products.id, line.productId));
        throw insufficientStock(line, product);
      }
      reserved.push({ ...line, name: updated.name, unitPricePaise: updated.pricePaise });
    }
    await tx.insert(stockReservationItems).values(reserved.map((line) => ({ orderId, ...line })));
    await publishProductStates(
      tx,
      publish,
      lines.map((line) => line.productId),
    );
    return { reservation: (await loadReservation(tx, orderId))!, created: true };
  });
}

async function answerRepeat(tx: Queryable, orderId: string, lines: ReservationItem[]): Promise<Reservation> {
  const existing = (await loadReservation(tx, orderId))!;
  if (existing.status === 'released')
    throw new AppError(
      409,
      'RESERVATION_RELEASED',
      `The stock reservation of order ${orderId} was already released`,
    );
  if (!sameReservationItems(existing.items, lines))
    throw conflict(`Order ${orderId} already holds a reservation with other items`);
  return existing;
}

/**
 * Puts a reservation's stock back, once. Releasing an order that never reserved records it as
 * released, so a reservation arriving late for a cancelled order cannot take stock any more.
 */
export async function releaseStock({ db, publish }: Store, orderId: string): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stockReservations)
      .values({ orderId, status: 'released', releasedAt: new Date() })
      .onConflictDoNothing()
      .returning({ orderId: stockReservations.orderId });
    if (recorded.length > 0) return (await loadReservation(tx, orderId))!;

    const released = await tx
      .update(stockReservations)
      .set({ status: 'released', releasedAt: new Date() })
      .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'reserved')))
      .returning({ orderId: stockReservations.orderId });
    const reservation = (await loadReservation(tx, orderId))!;
    if (released.length === 0 || reservation.items.length === 0) return reservation;

    const present = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        inArray(
          products.id,
          reservation.items.map((line) => line.productId),
        ),
      );
    const existing = new Set(present.map((row) => row.id));
    for (const line of reservation.items) {
      if (!existing.has(line.productId)) continue; // deleted since: nothing to put back
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: nextProductUpdatedAt })
        .where(eq(products.id, line.productId));
    }
    await publishProductStates(tx, publish, [...existing]);
    return reservation;
  });
}
