import { AppError, conflict, type Queryable } from '@spa/kit';
import {
  claimReservation,
  claimWithFirstLine,
  existingProductIds,
  findProductStock,
  findReservation,
  productsForReservation,
  markReleased,
  returnStock,
  reserveLine,
  type Reservation,
  type ReservedLine,
} from '../db/reservations.repository.js';
import {
  agreedPrices,
  insufficientStock,
  normaliseReservationItems,
  reservationProblems,
  reservationRefusal,
  sameReservationItems,
  type RequestedReservationItem,
  type ReservationItem,
} from '../domain/reservation.js';
import { publishProductStates, publishProductStatesOf } from '../events/catalogue-state.js';
import type { ProductState } from '../db/products.repository.js';
import type { CatalogueContext } from './context.js';

export { findReservation } from '../db/reservations.repository.js';

/**
 * Takes the order's quantities off the products' stock, all or nothing, once per order id. Each line
 * is a conditional update (stock >= quantity), so no interleaving of reservations can take stock
 * below zero; lines are applied in product-id order so two reservations never deadlock. A repeat
 * with the same lines answers the first result and changes nothing.
 */
export async function reserveStock(
  { db, publish }: CatalogueContext,
  orderId: string,
  requested: readonly RequestedReservationItem[],
): Promise<{ reservation: Reservation; created: boolean }> {
  const lines = normaliseReservationItems(requested);
  const prices = agreedPrices(requested);
  return db.transaction(async (tx) => {
    // The order is claimed by the statement that takes its first line (a claim alone when there is
    // none). It waits for a concurrent call with the same order id to finish, then sees its outcome.
    const [first] = lines;
    const opening = first
      ? await claimWithFirstLine(tx, orderId, first, prices.get(first.productId))
      : { claimed: await claimReservation(tx, orderId, 'reserved'), state: undefined };
    const { claimed } = opening;
    if (!claimed) return { reservation: await answerRepeat(tx, orderId, lines), created: false };

    // One statement a line, in product-id order (normaliseReservationItems), so two reservations
    // never wait for each other crosswise; a line that cannot be had undoes the lines before it.
    const reserved: ReservedLine[] = [];
    const states: ProductState[] = [];
    for (const line of lines) {
      const state =
        line === first ? opening.state : await reserveLine(tx, orderId, line, prices.get(line.productId));
      if (!state) throw await whyNotReserved(tx, lines, prices, line, reserved);
      reserved.push({ ...line, name: state.product.name, unitPricePaise: state.product.pricePaise });
      states.push(state);
    }
    await publishProductStatesOf(tx, publish, states);
    // What findReservation would now read, without its two round trips: the lines in product-id order,
    // as normaliseReservationItems sorted them (checkout's hot path).
    return { reservation: { orderId, status: 'reserved', items: reserved, ...claimed }, created: true };
  });
}

/**
 * Why the line could not be reserved: priced (commerce's checkout), every line that is not as agreed
 * (gone, another price, short), else the line short of stock. The lines already taken by this
 * reservation count with the stock they had (its transaction is about to be undone).
 */
async function whyNotReserved(
  tx: Queryable,
  lines: readonly ReservationItem[],
  prices: ReadonlyMap<string, number>,
  refused: ReservationItem,
  taken: readonly ReservedLine[],
): Promise<AppError> {
  if (prices.size > 0) {
    const current = (
      await productsForReservation(
        tx,
        lines.map((line) => line.productId),
      )
    ).map((product) => ({
      ...product,
      stock: product.stock + (taken.find((line) => line.productId === product.id)?.quantity ?? 0),
    }));
    const problems = reservationProblems(lines, prices, current);
    if (problems.length > 0) return reservationRefusal(problems);
  }
  return insufficientStock(refused, await findProductStock(tx, refused.productId));
}

async function answerRepeat(tx: Queryable, orderId: string, lines: ReservationItem[]): Promise<Reservation> {
  const existing = (await findReservation(tx, orderId))!;
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
export async function releaseStock({ db, publish }: CatalogueContext, orderId: string): Promise<Reservation> {
  return db.transaction(async (tx) => {
    if (await claimReservation(tx, orderId, 'released')) return (await findReservation(tx, orderId))!;

    const released = await markReleased(tx, orderId);
    const reservation = (await findReservation(tx, orderId))!;
    if (!released || reservation.items.length === 0) return reservation;

    const existing = await existingProductIds(
      tx,
      reservation.items.map((line) => line.productId),
    );
    for (const line of reservation.items) {
      if (!existing.has(line.productId)) continue; // deleted since: nothing to put back
      await returnStock(tx, line);
    }
    await publishProductStates(tx, publish, [...existing]);
    return reservation;
  });
}
