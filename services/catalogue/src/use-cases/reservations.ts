import { AppError, conflict, type Queryable } from '@spa/kit';
import {
  claimReservation,
  existingProductIds,
  findProductStock,
  findReservation,
  insertReservedLines,
  lockProductsForReservation,
  markReleased,
  returnStock,
  takeStock,
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
import { publishProductStates } from '../events/catalogue-state.js';
import type { Store } from './store.js';

export { findReservation } from '../db/reservations.repository.js';

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
    const claimed = await claimReservation(tx, orderId, 'reserved');
    if (!claimed) return { reservation: await answerRepeat(tx, orderId, lines), created: false };

    if (prices.size > 0) {
      // Priced (commerce's checkout): the products are locked in id order (the order of the updates
      // below, so no deadlock), and the order is refused unless every line is exactly as agreed.
      const current = await lockProductsForReservation(
        tx,
        lines.map((line) => line.productId),
      );
      const problems = reservationProblems(lines, prices, current);
      if (problems.length > 0) throw reservationRefusal(problems);
    }

    const reserved: ReservedLine[] = [];
    for (const line of lines) {
      const updated = await takeStock(tx, line);
      if (!updated) throw insufficientStock(line, await findProductStock(tx, line.productId));
      reserved.push({ ...line, name: updated.name, unitPricePaise: updated.pricePaise });
    }
    await insertReservedLines(tx, orderId, reserved);
    await publishProductStates(
      tx,
      publish,
      lines.map((line) => line.productId),
    );
    // What findReservation would now read, without its two round trips: the lines in product-id order,
    // as normaliseReservationItems sorted them (checkout's hot path, issue #17).
    return { reservation: { orderId, status: 'reserved', items: reserved, ...claimed }, created: true };
  });
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
export async function releaseStock({ db, publish }: Store, orderId: string): Promise<Reservation> {
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
