import type { Queryable } from '@spa/kit';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { orders, payments, refunds } from './schema.js';

type RefundStatus = 'requested' | 'pending' | 'processed' | 'failed';
export type RefundReason = 'appointment_cancelled' | 'order_cancelled' | 'late_payment' | 'admin';

export interface Refund {
  id: string;
  paymentId: string;
  idempotencyKey: string;
  amountPaise: number;
  reason: RefundReason;
  note: string | null;
  status: RefundStatus;
  providerRefundId: string | null;
  failureReason: string | null;
  requestedBy: string | null;
  attempts: number;
  processedAt: Date | null;
  failedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const toRefund = (row: typeof refunds.$inferSelect): Refund => ({
  ...row,
  reason: row.reason as RefundReason,
  status: row.status as RefundStatus,
});

export async function insertRefund(
  tx: Queryable,
  refund: Pick<Refund, 'id' | 'paymentId' | 'idempotencyKey' | 'amountPaise' | 'reason'> &
    Partial<Pick<Refund, 'note' | 'requestedBy'>>,
): Promise<Refund | undefined> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...refund, status: 'requested' })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  return row && toRefund(row);
}

export async function findRefund(db: Queryable, id: string): Promise<Refund | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row && toRefund(row);
}

export async function findRefundByKey(db: Queryable, key: string): Promise<Refund | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row && toRefund(row);
}

export async function findRefundByProviderId(db: Queryable, providerRefundId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  return row && toRefund(row);
}

export async function lockRefund(tx: Queryable, id: string): Promise<Refund | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row && toRefund(row);
}

export async function refundsOfPayment(db: Queryable, paymentId: string): Promise<Refund[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(toRefund);
}

/** An admin's refund of the same amount of the same payment a moment ago: a double submit. */
export async function recentAdminRefund(
  db: Queryable,
  paymentId: string,
  amountPaise: number,
  since: Date,
): Promise<Refund | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentId, paymentId),
        eq(refunds.reason, 'admin'),
        eq(refunds.amountPaise, amountPaise),
        gte(refunds.createdAt, since),
        inArray(refunds.status, ['requested', 'pending', 'processed']),
      ),
    )
    .orderBy(desc(refunds.createdAt))
    .limit(1);
  return row && toRefund(row);
}

export async function updateRefund(
  tx: Queryable,
  id: string,
  change: Partial<
    Pick<Refund, 'status' | 'providerRefundId' | 'failureReason' | 'attempts' | 'processedAt' | 'failedAt'>
  >,
): Promise<void> {
  await tx
    .update(refunds)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(refunds.id, id));
}

/** Refunds still open (not yet accepted by the provider, or accepted and not yet settled) since before `before`. */
export async function staleOpenRefundIds(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.status, ['requested', 'pending']), lt(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What `requested` refunds of one payment are waiting to be sent, oldest first. */
export async function requestedRefundIds(db: Queryable, paymentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'requested')))
    .orderBy(asc(refunds.createdAt));
  return rows.map((row) => row.id);
}

/**
 * Refunds processed for store orders that count as revenue (paid orders), in total and within two
 * periods: what the admin stats subtract from the revenue.
 */
export async function orderRefundTotals(
  db: Queryable,
  months: { thisMonthStart: Date; nextMonthStart: Date; lastMonthStart: Date },
): Promise<{ totalPaise: number; thisMonthPaise: number; lastMonthPaise: number }> {
  const processedBetween = (from: Date, to: Date) =>
    sql<string>`coalesce(sum(${refunds.amountPaise}) filter (where ${refunds.processedAt} >= ${from.toISOString()}::timestamptz and ${refunds.processedAt} < ${to.toISOString()}::timestamptz), 0)`;
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)`,
      thisMonth: processedBetween(months.thisMonthStart, months.nextMonthStart),
      lastMonth: processedBetween(months.lastMonthStart, months.thisMonthStart),
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(refunds.status, 'processed'), eq(orders.isPaid, true)));
  return {
    totalPaise: Number(row?.total ?? 0),
    thisMonthPaise: Number(row?.thisMonth ?? 0),
    lastMonthPaise: Number(row?.lastMonth ?? 0),
  };
}
