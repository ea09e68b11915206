import type { Queryable } from '@spa/kit';
import { and, count, eq, gt } from 'drizzle-orm';
import { orders } from './schema.js';

/**
 * A customer's ONLINE orders still waiting for payment and holding their stock (a hold past its end
 * is the sweeper's, about to be cancelled, and no longer counts). Uses orders_user_idx.
 */
export async function countOpenOnlineOrders(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'pending_payment'), gt(orders.paymentExpiresAt, now)),
    );
  return row?.value ?? 0;
}
