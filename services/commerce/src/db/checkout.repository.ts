import type { Queryable } from '@spa/kit';
import { and, eq, inArray } from 'drizzle-orm';
import type { Order, OrderLine, OrderStatus } from '../domain/order.js';
import { reservingOrderInserts, toOrder, type NewOrder } from './orders.repository.js';
import { cartItems, carts, orders } from './schema.js';

// Checkout's two writes, each one statement: its own data-modifying CTEs run with the main statement,
// in one round trip instead of three or four. On this machine a round trip's system calls are most of
// commerce's CPU per order (issue #17), and these run on every order. Each CTE touches its own table,
// so none has to see another's change (all parts of a statement share one snapshot). They only write:
// an UPDATE or DELETE that waits for a row checks its WHERE again on the row as the other transaction
// left it, but a plain read in the same statement would not, which is why the cart's lines are read by
// a statement of their own after the cart is locked (lockCartWithLines).

/**
 * The reserving order and its lines are written and the cart is marked with it (a double submit then
 * waits its turn and sees the marker), in one statement. The foreign key of the lines is checked at the
 * end of the statement, when the order is there.
 */
export async function writeReservingOrder(tx: Queryable, order: NewOrder, cartId: string): Promise<void> {
  const [insertOrder, insertItems] = reservingOrderInserts(tx, order);
  const written = tx.$with('reserving_order', {}).as(insertOrder.getSQL());
  const lines = tx.$with('reserving_lines', {}).as(insertItems.getSQL());
  await tx
    .with(written, lines)
    .update(carts)
    .set({ checkoutOrderId: order.id, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/**
 * The reserved order becomes visible (placed now), the cart lines it took leave the cart and the cart's
 * marker is cleared, in one statement. Undefined when the order is no longer `reserving` (the sweeper gave
 * it up): the caller then throws, and its transaction takes the other two parts back.
 */
export async function finishCheckout(
  tx: Queryable,
  change: {
    orderId: string;
    cartId: string;
    cartLineIds: string[];
    status: OrderStatus;
    paymentExpiresAt: Date | null;
    items: OrderLine[];
  },
): Promise<Order | undefined> {
  const taken = tx.$with('taken_lines', {}).as(
    tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, change.cartId), inArray(cartItems.id, change.cartLineIds)))
      .getSQL(),
  );
  const cleared = tx
    .$with('cleared_marker', {})
    .as(
      tx
        .update(carts)
        .set({ checkoutOrderId: null })
        .where(eq(carts.checkoutOrderId, change.orderId))
        .getSQL(),
    );
  const now = new Date();
  const [row] = await tx
    .with(taken, cleared)
    .update(orders)
    .set({ status: change.status, paymentExpiresAt: change.paymentExpiresAt, createdAt: now, updatedAt: now })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, 'reserving')))
    .returning();
  return row && toOrder(row, change.items);
}
