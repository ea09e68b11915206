import type { Database, Tx } from '@spa/kit';
import { lockOrder } from '../db/orders.repository.js';
import {
  addressesOfUser,
  cartItemsOfUser,
  deleteCartAndAddresses,
  forgetOrderContacts,
  linesOfOrders,
  orderIdsOfUserIn,
  ordersOfUser,
  paymentsOfCustomer,
} from '../db/my-data.repository.js';
import type { CommerceContext } from './context.js';
import { cancelLockedOrder } from './orders.js';

/** What an erased customer's kept orders show instead of their name and contact details. */
const ERASED = 'Erased';

/** What a leaving customer's account still has running: these orders are cancelled (a paid one refunded). */
const OPEN = ['pending_payment', 'placed', 'paid'];

/**
 * Commerce's part of "Download my data": the customer's orders (with their lines and payments, money
 * in paise), saved addresses and cart, as stored. Only the customer's own.
 */
export async function exportMyCommerceData(db: Database, userId: string) {
  const ownOrders = await ordersOfUser(db, userId);
  const ids = ownOrders.map((order) => order.id);
  const lines = ids.length ? await linesOfOrders(db, ids) : [];
  const cart = await cartItemsOfUser(db, userId);
  return {
    orders: ownOrders.map((order) => ({
      ...order,
      items: lines.filter((line) => line.orderId === order.id),
    })),
    payments: await paymentsOfCustomer(db, userId),
    addresses: await addressesOfUser(db, userId),
    cart,
  };
}

/**
 * The customer deleted their account (identity.user.erased), all inside `tx`, the consumer's transaction:
 * - Open orders (awaiting payment, placed for cash on delivery, or paid and not yet delivered) are
 *   cancelled through the normal cancellation, so their stock reservation is released and
 *   commerce.order.cancelled goes out. A paid one is refunded in full: the refund is recorded in this
 *   transaction and the sweeper sends it to the provider once it has committed (a provider call cannot
 *   sit inside the consumer's transaction).
 * - The cart (with its items) and the saved addresses are deleted.
 * - Every other order is kept as a sales record with the name, email and shipping details replaced;
 *   first, so the cancellations' events carry no email (no order email to someone who just left).
 * Running it twice changes nothing more.
 */
export async function eraseCustomer(
  deps: Pick<CommerceContext, 'catalogue' | 'publish'>,
  tx: Tx,
  userId: string,
): Promise<void> {
  // Their contact details go first, so the cancellations below carry none: no order email goes to
  // someone who just left. A paid order keeps its address through its cancellation (its refund email
  // names the money going back), and loses it with the others once cancelled.
  await forgetOrderContacts(tx, userId, ERASED);
  const open = await orderIdsOfUserIn(tx, userId, OPEN);
  for (const { id } of open) {
    const order = await lockOrder(tx, id);
    if (order && OPEN.includes(order.status))
      await cancelLockedOrder(tx, deps, order, 'cancelled_by_customer');
  }
  await forgetOrderContacts(tx, userId, ERASED);
  await deleteCartAndAddresses(tx, userId);
}
