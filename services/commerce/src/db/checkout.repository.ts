import {
  compiledStatement,
  outboxInsertPlaceholders,
  outboxRowValues,
  type OutboxRow,
  type Queryable,
} from '@spa/kit';
import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '../domain/order.js';
import { unchangedCart, type SeenCart } from './carts.repository.js';
import { toOrder, type NewOrder } from './orders.repository.js';
import { cartItems, carts, orderItems, orders } from './schema.js';

// Checkout's two writes, each one statement: its own data-modifying CTEs run with the main statement,
// in one round trip instead of three or four. On this machine a round trip's system calls are most of
// commerce's CPU per order, and these run on every order. Each CTE touches its own table,
// so none has to see another's change (all parts of a statement share one snapshot). They only write:
// an UPDATE or DELETE that waits for a row checks its WHERE again on the row as the other transaction
// left it, but a plain read in the same statement would not, which is why the cart's lines are read by
// a statement of their own: before, when the mark is made only on the cart's version that was read
// (readCartWithAddress), or after the cart is locked (lockCartWithAddress). Both are compiled
// statements (built once: building them cost more than running them).

/**
 * The reserving order and its lines are written and the cart is marked with it (a double submit then
 * waits its turn and sees the marker), in one statement. The foreign key of the lines is checked at the
 * end of the statement, when the order is there.
 *
 * A cart read without its lock (a SeenCart) is marked only if it is still that version; answers whether
 * it was. When it was not, the order was written all the same (an INSERT cannot wait on another part of
 * its statement) and the caller removes it.
 */
export async function writeReservingOrder(
  db: Queryable,
  order: NewOrder,
  cart: { id: string } | SeenCart,
): Promise<boolean> {
  const { shipping, totals } = order;
  const values = {
    id: order.id,
    userId: order.userId,
    userName: order.userName,
    userEmail: order.userEmail,
    paymentMethod: order.paymentMethod,
    ...totals,
    shipFullName: shipping.fullName,
    shipAddress: shipping.address,
    shipCity: shipping.city,
    shipState: shipping.state,
    shipPostalCode: shipping.postalCode,
    shipCountry: shipping.country,
    shipPhone: shipping.phone,
    shipLabel: shipping.label,
    // The lines as columns (unnest makes them rows again): one statement for any number of lines.
    itemIds: order.items.map((item) => item.id),
    itemProductIds: order.items.map((item) => item.productId),
    itemNames: order.items.map((item) => item.name),
    itemImages: order.items.map((item) => item.image),
    itemQuantities: order.items.map((item) => item.quantity),
    itemUnitPrices: order.items.map((item) => item.unitPricePaise),
    itemHsnCodes: order.items.map((item) => item.hsnCode ?? ''),
    itemGstBps: order.items.map((item) => item.gstBp ?? null),
    cartId: cart.id,
    markedAt: new Date(),
  };
  const marked =
    'version' in cart
      ? await writeReservingOrderIfUnchanged(db, { ...values, version: cart.version })
      : await writeReservingOrderStatement(db, values);
  return marked.length > 0;
}

const orderColumns = [
  'id',
  'userId',
  'userName',
  'userEmail',
  'paymentMethod',
  'itemsPricePaise',
  'shippingPricePaise',
  'taxPricePaise',
  'totalPricePaise',
  'shipFullName',
  'shipAddress',
  'shipCity',
  'shipState',
  'shipPostalCode',
  'shipCountry',
  'shipPhone',
  'shipLabel',
] as const;

/** Built once each (compiledStatement): the cart marked as it is locked, or only if unchanged. */
const reservingOrderStatement = (ifUnchanged: boolean) =>
  compiledStatement((db) => {
    const placeholder = sql.placeholder;
    const written = db.$with('reserving_order', {}).as(
      db
        .insert(orders)
        .values({
          ...(Object.fromEntries(orderColumns.map((column) => [column, placeholder(column)])) as Record<
            (typeof orderColumns)[number],
            ReturnType<typeof placeholder>
          >),
          status: 'reserving',
        })
        .getSQL(),
    );
    const lines = db.$with('reserving_lines', {}).as(
      sql`insert into ${orderItems} (id, order_id, position, product_id, name, image, quantity, unit_price_paise, hsn_code, gst_bp)
        select line.id, ${placeholder('id')}::uuid, line.position - 1, line.product_id, line.name, line.image, line.quantity, line.unit_price_paise, line.hsn_code, line.gst_bp
        from unnest(${placeholder('itemIds')}::uuid[], ${placeholder('itemProductIds')}::uuid[], ${placeholder('itemNames')}::text[],
          ${placeholder('itemImages')}::text[], ${placeholder('itemQuantities')}::integer[], ${placeholder('itemUnitPrices')}::bigint[],
          ${placeholder('itemHsnCodes')}::text[], ${placeholder('itemGstBps')}::integer[])
        with ordinality as line (id, product_id, name, image, quantity, unit_price_paise, hsn_code, gst_bp, position)`,
    );
    return db
      .with(written, lines)
      .update(carts)
      .set({ checkoutOrderId: sql`${placeholder('id')}::uuid`, updatedAt: sql`${placeholder('markedAt')}` })
      .where(ifUnchanged ? unchangedCart() : eq(carts.id, placeholder('cartId')))
      .returning({ id: carts.id });
  });
const writeReservingOrderStatement = reservingOrderStatement(false);
const writeReservingOrderIfUnchanged = reservingOrderStatement(true);

/**
 * The reserved order becomes visible (placed now) with its event in the outbox, what it took of the
 * cart's lines leaves the cart and the cart's marker is cleared, in one statement: atomic without a transaction
 * around it (no BEGIN and COMMIT round trips). Every part is conditional on the order still being
 * `reserving`; when the sweeper gave it up, nothing changes and the answer is undefined.
 */
export async function finishCheckout(
  db: Queryable,
  change: {
    /** The order as this statement leaves it (its status, hold and placing time are written). */
    order: Order;
    cartId: string;
    /** The cart's lines the order took, with the quantities it took. */
    takenLines: { id: string; quantity: number }[];
    /** The order.placed event, built from that order. */
    event: OutboxRow;
  },
): Promise<Order | undefined> {
  const { order } = change;
  const [row] = await finishStatement(db, {
    orderId: order.id,
    status: order.status,
    paymentExpiresAt: order.paymentExpiresAt,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    cartId: change.cartId,
    takenLineIds: change.takenLines.map((line) => line.id),
    takenQuantities: change.takenLines.map((line) => line.quantity),
    ...outboxRowValues('event', change.event),
  });
  return row && toOrder(row, order.items);
}

// Built once, run on every order (compiledStatement): building it was a tenth of a millisecond.
const finishStatement = compiledStatement((db) => {
  const orderId = sql.placeholder('orderId');
  const placed = db.$with('placed_order').as(
    db
      .update(orders)
      .set({
        status: sql`${sql.placeholder('status')}`,
        paymentExpiresAt: sql`${sql.placeholder('paymentExpiresAt')}`,
        createdAt: sql`${sql.placeholder('createdAt')}`,
        updatedAt: sql`${sql.placeholder('updatedAt')}`,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'reserving')))
      .returning(),
  );
  // Each later part reads the first one's answer, so it runs only once the order is placed.
  const whenPlaced = sql`select 1 from ${placed}`;
  // The lines leave the cart with the quantities ordered. A line the customer added more of while
  // the order was being placed (the same line grows) keeps what was added; the two parts take
  // complementary rows, each checked again on the row as a concurrent addition left it.
  const ordered = sql`unnest(${sql.placeholder('takenLineIds')}::uuid[], ${sql.placeholder('takenQuantities')}::integer[]) as ordered (id, quantity)`;
  const orderedLine = sql`${cartItems.id} = ordered.id and ${cartItems.cartId} = ${sql.placeholder('cartId')}`;
  const taken = db
    .$with('taken_lines', {})
    .as(
      sql`delete from ${cartItems} using ${ordered} where ${orderedLine} and ${cartItems.quantity} <= ordered.quantity and exists (${whenPlaced})`,
    );
  const kept = db
    .$with('kept_lines', {})
    .as(
      sql`update ${cartItems} set quantity = ${cartItems.quantity} - ordered.quantity from ${ordered} where ${orderedLine} and ${cartItems.quantity} > ordered.quantity and exists (${whenPlaced})`,
    );
  const cleared = db.$with('cleared_marker', {}).as(
    db
      .update(carts)
      .set({ checkoutOrderId: null })
      .where(and(eq(carts.checkoutOrderId, orderId), sql`exists (${whenPlaced})`))
      .getSQL(),
  );
  const announced = db.$with('placed_event', {}).as(outboxInsertPlaceholders('event', whenPlaced));
  return db.with(placed, taken, kept, cleared, announced).select().from(placed);
});
