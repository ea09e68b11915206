import { outboxInsert, type OutboxRow, type Queryable } from '@spa/kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Order } from '../domain/order.js';
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
 * The reserved order becomes visible (placed now) with its event in the outbox, the cart lines it took
 * leave the cart and the cart's marker is cleared, in one statement: atomic without a transaction
 * around it (no BEGIN and COMMIT round trips). Every part is conditional on the order still being
 * `reserving`; when the sweeper gave it up, nothing changes and the answer is undefined.
 */
export async function finishCheckout(
  db: Queryable,
  change: {
    /** The order as this statement leaves it (its status, hold and placing time are written). */
    order: Order;
    cartId: string;
    cartLineIds: string[];
    /** The order.placed event, built from that order. */
    event: OutboxRow;
  },
): Promise<Order | undefined> {
  const { order } = change;
  const placed = db.$with('placed_order').as(
    db
      .update(orders)
      .set({
        status: order.status,
        paymentExpiresAt: order.paymentExpiresAt,
        createdAt: order.createdAt,
        updatedAt: order.updatedAt,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'reserving')))
      .returning(),
  );
  // Each later part reads the first one's answer, so it runs only once the order is placed.
  const whenPlaced = sql`select 1 from ${placed}`;
  const taken = db.$with('taken_lines', {}).as(
    db
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.cartId, change.cartId),
          inArray(cartItems.id, change.cartLineIds),
          sql`exists (${whenPlaced})`,
        ),
      )
      .getSQL(),
  );
  const cleared = db.$with('cleared_marker', {}).as(
    db
      .update(carts)
      .set({ checkoutOrderId: null })
      .where(and(eq(carts.checkoutOrderId, order.id), sql`exists (${whenPlaced})`))
      .getSQL(),
  );
  const announced = db.$with('placed_event', {}).as(outboxInsert([change.event], whenPlaced));
  const [row] = await db.with(placed, taken, cleared, announced).select().from(placed);
  return row && toOrder(row, order.items);
}
