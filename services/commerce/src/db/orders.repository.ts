import { pageWindow, type PageRequest, type Queryable } from '@spa/kit';
import { and, asc, count, desc, eq, lt, lte, ne, sql } from 'drizzle-orm';
import type {
  CancelReason,
  Order,
  OrderLine,
  OrderStatus,
  OrderTotals,
  PaymentMethod,
  ShippingSnapshot,
} from '../domain/order.js';
import { orderItems, orders } from './schema.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export function toOrder(row: OrderRow, items: OrderLine[]): Order {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    paymentMethod: row.paymentMethod as PaymentMethod,
    status: row.status as OrderStatus,
    items,
    itemsPricePaise: row.itemsPricePaise,
    shippingPricePaise: row.shippingPricePaise,
    taxPricePaise: row.taxPricePaise,
    totalPricePaise: row.totalPricePaise,
    shipping: {
      fullName: row.shipFullName,
      address: row.shipAddress,
      city: row.shipCity,
      state: row.shipState,
      postalCode: row.shipPostalCode,
      country: row.shipCountry,
      phone: row.shipPhone,
      label: row.shipLabel,
    },
    isPaid: row.isPaid,
    paidAt: row.paidAt,
    isDelivered: row.isDelivered,
    deliveredAt: row.deliveredAt,
    cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason as CancelReason | null,
    paymentExpiresAt: row.paymentExpiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const toLine = (item: ItemRow): OrderLine => ({
  id: item.id,
  productId: item.productId,
  name: item.name,
  image: item.image,
  quantity: item.quantity,
  unitPricePaise: item.unitPricePaise,
  hsnCode: item.hsnCode,
  gstBp: item.gstBp,
});

async function withItems(db: Queryable, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    // One array parameter, whatever the number of orders (one parameter per order fails past 65,535).
    .where(sql`${orderItems.orderId} = any(${sql.param(rows.map((row) => row.id))}::uuid[])`)
    .orderBy(asc(orderItems.position));
  const byOrder = new Map<string, OrderLine[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), toLine(item)]);
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}

export interface NewOrder {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  paymentMethod: PaymentMethod;
  totals: OrderTotals;
  shipping: ShippingSnapshot;
  items: OrderLine[];
}

/**
 * The order as it is before the catalogue has been asked for stock: `reserving`, never shown.
 * (Checkout writes it with its cart's marker in one statement: db/checkout.repository.ts.)
 */
export async function insertReservingOrder(tx: Queryable, order: NewOrder): Promise<void> {
  const { shipping, totals } = order;
  await tx.insert(orders).values({
    id: order.id,
    userId: order.userId,
    userName: order.userName,
    userEmail: order.userEmail,
    paymentMethod: order.paymentMethod,
    status: 'reserving',
    ...totals,
    shipFullName: shipping.fullName,
    shipAddress: shipping.address,
    shipCity: shipping.city,
    shipState: shipping.state,
    shipPostalCode: shipping.postalCode,
    shipCountry: shipping.country,
    shipPhone: shipping.phone,
    shipLabel: shipping.label,
  });
  await tx.insert(orderItems).values(
    order.items.map((item, position) => ({
      id: item.id,
      orderId: order.id,
      position,
      productId: item.productId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      hsnCode: item.hsnCode ?? '',
      gstBp: item.gstBp ?? null,
    })),
  );
}

export async function deleteReservingOrder(tx: Queryable, orderId: string): Promise<void> {
  await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'reserving')));
}

export async function findOrder(db: Queryable, id: string): Promise<Order | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ne(orders.status, 'reserving')));
  return (await withItems(db, rows))[0];
}

/** The raw state of any order, `reserving` included (checkout's own bookkeeping). */
export async function findOrderState(
  db: Queryable,
  id: string,
): Promise<{ status: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

/** Locks a visible order for the rest of the transaction. */
export async function lockOrder(tx: Queryable, id: string): Promise<Order | undefined> {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ne(orders.status, 'reserving')))
    .for('update');
  return (await withItems(tx, rows))[0];
}

/** One page of orders, newest first; a user's own or (without userId) everyone's, and how many in all. */
export async function listOrders(
  db: Queryable,
  filter: { userId?: string },
  page: PageRequest,
): Promise<{ items: Order[]; total: number }> {
  const where = and(
    ne(orders.status, 'reserving'),
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
  );
  const { limit, offset } = pageWindow(page);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { items: await withItems(db, rows), total: Number(counted?.total ?? 0) };
}

export async function markOrderPaid(tx: Queryable, id: string, paidAt: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'paid', isPaid: true, paidAt, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

export async function markOrderDelivered(
  tx: Queryable,
  id: string,
  deliveredAt: Date,
  collectCash: boolean,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      status: 'delivered',
      isDelivered: true,
      deliveredAt,
      ...(collectCash ? { isPaid: true, paidAt: deliveredAt } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, id));
}

export async function markOrderCancelled(
  tx: Queryable,
  id: string,
  reason: CancelReason,
  at: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** Unpaid ONLINE orders whose hold ran out, oldest first. */
export async function expiredOrderIds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lte(orders.paymentExpiresAt, now)))
    .orderBy(asc(orders.paymentExpiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Locks an order for the sweeper only if it is still in the given state and nobody else holds it
 * (skip locked): a second sweeper, or a verification in flight, is simply passed by.
 */
export async function claimOrderForSweep(
  tx: Queryable,
  id: string,
  status: 'pending_payment' | 'reserving',
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await tx
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.status, status)))
    .for('update', { skipLocked: true });
  return row;
}

/** Checkouts that reserved (or may have reserved) stock and then never finished. */
export async function abandonedCheckoutIds(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'reserving'), lt(orders.createdAt, before)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export interface OrderStats {
  totalOrders: number;
  revenuePaise: number;
  thisMonthPaise: number;
  lastMonthPaise: number;
}

/**
 * Placed orders (cancelled ones left out) and the revenue of paid ones, in all and by the calendar
 * month they were paid in.
 */
export async function orderStats(
  db: Queryable,
  bounds: { lastMonthStart: Date; thisMonthStart: Date; nextMonthStart: Date },
): Promise<OrderStats> {
  const paidBetween = (from: Date, to: Date) =>
    sql<number>`coalesce(sum(${orders.totalPricePaise}) filter (where ${orders.isPaid} and ${orders.paidAt} >= ${from.toISOString()}::timestamptz and ${orders.paidAt} < ${to.toISOString()}::timestamptz), 0)::bigint`;
  const [row] = await db
    .select({
      totalOrders: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')::bigint`,
      revenuePaise: sql<number>`coalesce(sum(${orders.totalPricePaise}) filter (where ${orders.isPaid}), 0)::bigint`,
      thisMonthPaise: paidBetween(bounds.thisMonthStart, bounds.nextMonthStart),
      lastMonthPaise: paidBetween(bounds.lastMonthStart, bounds.thisMonthStart),
    })
    .from(orders)
    .where(ne(orders.status, 'reserving'));
  return {
    totalOrders: Number(row?.totalOrders ?? 0),
    revenuePaise: Number(row?.revenuePaise ?? 0),
    thisMonthPaise: Number(row?.thisMonthPaise ?? 0),
    lastMonthPaise: Number(row?.lastMonthPaise ?? 0),
  };
}
