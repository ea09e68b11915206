import type { Queryable, Tx } from '@spa/kit';
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import { addresses, cartItems, carts, orderItems, orders, payments } from './schema.js';

/** A customer's orders, oldest first, as stored. */
export function ordersOfUser(db: Queryable, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
}

/** The lines of these orders. */
export function linesOfOrders(db: Queryable, orderIds: string[]) {
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
}

/** The items in a customer's cart. */
export async function cartItemsOfUser(db: Queryable, userId: string) {
  const rows = await db
    .select({ item: cartItems })
    .from(cartItems)
    .innerJoin(carts, eq(cartItems.cartId, carts.id))
    .where(eq(carts.userId, userId));
  return rows.map((row) => row.item);
}

/** The payments a customer made, as stored. */
export function paymentsOfCustomer(db: Queryable, customerId: string) {
  return db.select().from(payments).where(eq(payments.customerId, customerId));
}

/** A customer's saved addresses. */
export function addressesOfUser(db: Queryable, userId: string) {
  return db.select().from(addresses).where(eq(addresses.userId, userId));
}

/**
 * Replaces the name (by `erased`) and the email and shipping details on a customer's orders, except the
 * paid ones (a paid order keeps its address until it is cancelled) and those still reserving.
 */
export async function forgetOrderContacts(tx: Tx, userId: string, erased: string): Promise<void> {
  await tx
    .update(orders)
    .set({
      userName: erased,
      userEmail: '',
      shipFullName: erased,
      shipAddress: erased,
      shipCity: erased,
      shipPostalCode: '',
      shipPhone: '',
      shipLabel: '',
    })
    .where(and(eq(orders.userId, userId), not(inArray(orders.status, ['paid', 'reserving']))));
}

/** The ids of a customer's orders in one of `statuses`. */
export function orderIdsOfUserIn(tx: Tx, userId: string, statuses: string[]) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, statuses)));
}

/** Deletes a customer's cart (its items with it) and saved addresses. */
export async function deleteCartAndAddresses(tx: Tx, userId: string): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
  await tx.delete(addresses).where(eq(addresses.userId, userId));
}
