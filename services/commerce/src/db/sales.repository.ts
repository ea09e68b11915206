import type { Queryable } from '@spa/kit';
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  reservationKeyOf,
  type DiscountApproval,
  type LineKind,
  type ProductFacts,
  type ReservationStatus,
  type SaleLine,
  type SaleStatus,
  type TenderMethod,
  type TenderStatus,
} from '../domain/sale.js';
import {
  drawerMovements,
  drawerShifts,
  payments,
  products,
  refunds,
  saleAppointments,
  saleLines,
  saleRefundLines,
  saleRefunds,
  sales,
  saleTenders,
} from './schema.js';

type SaleRow = typeof sales.$inferSelect;

export interface SaleHeader extends Omit<SaleRow, 'status' | 'discountApproval'> {
  status: SaleStatus;
  discountApproval: DiscountApproval;
}

export interface Tender {
  id: string;
  saleId: string;
  idempotencyKey: string;
  method: TenderMethod;
  status: TenderStatus;
  amountPaise: number;
  cashReceivedPaise: number;
  changePaise: number;
  reference: string;
  providerLinkId: string | null;
  providerLinkUrl: string | null;
  shiftId: string | null;
  recordedById: string;
  createdAt: Date;
  paidAt: Date | null;
}

type SaleRefundStatus = 'requested' | 'processed' | 'failed';

export interface SaleRefund {
  id: string;
  saleId: string;
  idempotencyKey: string;
  method: 'cash' | 'card_terminal' | 'razorpay';
  status: SaleRefundStatus;
  amountPaise: number;
  reason: string;
  restocked: boolean;
  providerRefundId: string | null;
  shiftId: string | null;
  refundedById: string;
  createdAt: Date;
  processedAt: Date | null;
}

export interface RefundLine {
  refundId: string;
  lineId: string;
  quantity: number;
  amountPaise: number;
}

/** A sale with everything its JSON and its events show. */
export interface Sale extends SaleHeader {
  lines: SaleLine[];
  tenders: Tender[];
  appointmentIds: string[];
}

const toHeader = (row: SaleRow): SaleHeader => ({
  ...row,
  status: row.status as SaleStatus,
  discountApproval: row.discountApproval as DiscountApproval,
});

const toLine = (row: typeof saleLines.$inferSelect): SaleLine => ({
  id: row.id,
  kind: row.kind as LineKind,
  itemId: row.itemId,
  name: row.name,
  taxCode: row.taxCode,
  gstBp: row.gstBp,
  quantity: row.quantity,
  unitPricePaise: row.unitPricePaise,
  lineDiscountPaise: row.lineDiscountPaise,
  lineDiscountReason: row.lineDiscountReason,
  saleDiscountSharePaise: row.saleDiscountSharePaise,
  totalPaise: row.totalPaise,
  appointmentId: row.appointmentId,
  employeeId: row.employeeId,
  employeeName: row.employeeName,
  roomNumber: row.roomNumber,
  reservationKey: row.reservationKey,
  reservationStatus: row.reservationStatus as ReservationStatus | null,
});

const toTender = (row: typeof saleTenders.$inferSelect): Tender => ({
  ...row,
  method: row.method as TenderMethod,
  status: row.status as TenderStatus,
});

const toRefund = (row: typeof saleRefunds.$inferSelect): SaleRefund => ({
  ...row,
  method: row.method as SaleRefund['method'],
  status: row.status as SaleRefundStatus,
});

export type NewSale = Pick<
  SaleRow,
  | 'id'
  | 'customerId'
  | 'customerName'
  | 'customerPhone'
  | 'customerEmail'
  | 'customerGstin'
  | 'cashierId'
  | 'cashierName'
>;

export async function insertSale(tx: Queryable, sale: NewSale): Promise<void> {
  await tx.insert(sales).values({ ...sale, status: 'open' });
}

/**
 * Claims the appointments for a sale: one sale per appointment, ever. Answers the sale that holds an
 * appointment already (this claim then changes nothing the caller keeps: it rolls back).
 */
export async function claimAppointments(
  tx: Queryable,
  saleId: string,
  appointmentIds: readonly string[],
): Promise<{ appointmentId: string; saleId: string } | undefined> {
  const claimed = await tx
    .insert(saleAppointments)
    .values(appointmentIds.map((appointmentId) => ({ appointmentId, saleId })))
    .onConflictDoNothing()
    .returning({ appointmentId: saleAppointments.appointmentId });
  if (claimed.length === appointmentIds.length) return undefined;
  const taken = new Set(claimed.map((row) => row.appointmentId));
  const [holder] = await tx
    .select()
    .from(saleAppointments)
    .where(
      and(
        inArray(
          saleAppointments.appointmentId,
          appointmentIds.filter((id) => !taken.has(id)),
        ),
        ne(saleAppointments.saleId, saleId),
      ),
    );
  return holder;
}

/** A voided sale lets its appointments go: the visit may be checked out again. */
export async function releaseAppointments(tx: Queryable, saleId: string): Promise<void> {
  await tx.delete(saleAppointments).where(eq(saleAppointments.saleId, saleId));
}

/** The sale's row, locked until the transaction ends: every change of a sale takes this lock first. */
export async function lockSale(tx: Queryable, id: string): Promise<SaleHeader | undefined> {
  const [row] = await tx.select().from(sales).where(eq(sales.id, id)).for('update');
  return row && toHeader(row);
}

export async function linesOf(db: Queryable, saleId: string): Promise<SaleLine[]> {
  const rows = await db
    .select()
    .from(saleLines)
    .where(eq(saleLines.saleId, saleId))
    .orderBy(asc(saleLines.position));
  return rows.map(toLine);
}

async function tendersOf(db: Queryable, saleId: string): Promise<Tender[]> {
  const rows = await db
    .select()
    .from(saleTenders)
    .where(eq(saleTenders.saleId, saleId))
    .orderBy(asc(saleTenders.createdAt), asc(saleTenders.id));
  return rows.map(toTender);
}

/** The appointments a sale checks out, in the order of their treatments. */
const appointmentIdsOf = (lines: readonly SaleLine[]) => [
  ...new Set(
    lines.filter((line) => line.kind === 'service' && line.appointmentId).map((line) => line.appointmentId!),
  ),
];

export async function withDetails(db: Queryable, header: SaleHeader): Promise<Sale> {
  const [lines, tenders] = await Promise.all([linesOf(db, header.id), tendersOf(db, header.id)]);
  return { ...header, lines, tenders, appointmentIds: appointmentIdsOf(lines) };
}

export async function findSale(db: Queryable, id: string): Promise<Sale | undefined> {
  const [row] = await db.select().from(sales).where(eq(sales.id, id));
  return row && withDetails(db, toHeader(row));
}

/** Writes the sale's lines anew (an open sale's lines are replaced whole by each edit). */
export async function replaceLines(tx: Queryable, saleId: string, lines: readonly SaleLine[]): Promise<void> {
  await tx.delete(saleLines).where(eq(saleLines.saleId, saleId));
  if (lines.length === 0) return;
  await tx.insert(saleLines).values(lines.map((line, position) => ({ ...line, saleId, position })));
}

export async function setReservationStatus(
  tx: Queryable,
  saleId: string,
  from: ReservationStatus,
  to: ReservationStatus,
): Promise<void> {
  await tx
    .update(saleLines)
    .set({ reservationStatus: to })
    .where(and(eq(saleLines.saleId, saleId), eq(saleLines.reservationStatus, from)));
}

export async function markLinesReleased(db: Queryable, lineIds: readonly string[]): Promise<void> {
  if (lineIds.length === 0) return;
  await db
    .update(saleLines)
    .set({ reservationStatus: 'released' })
    .where(and(inArray(saleLines.id, [...lineIds]), eq(saleLines.reservationStatus, 'reserved')));
}

/** A line's stock taken again under a new line id (and key), or, with none, marked released. */
export async function renewLineReservation(db: Queryable, lineId: string, newLineId?: string): Promise<void> {
  await db
    .update(saleLines)
    .set(
      newLineId
        ? { id: newLineId, reservationKey: reservationKeyOf(newLineId) }
        : { reservationStatus: 'released' },
    )
    .where(eq(saleLines.id, lineId));
}

/** Changes the sale's row and moves its version on: a desk holding the old version must reload. */
export async function updateSale(
  tx: Queryable,
  id: string,
  fields: Partial<Omit<SaleRow, 'id' | 'version'>>,
): Promise<void> {
  await tx
    .update(sales)
    .set({ ...fields, version: sql`${sales.version} + 1`, updatedAt: new Date() })
    .where(eq(sales.id, id));
}

/** Paid tenders (and, separately, pending ones) summed: what the sale's paid_paise must say. */
export async function tenderSums(tx: Queryable, saleId: string): Promise<{ paid: number; pending: number }> {
  const rows = await tx
    .select({ status: saleTenders.status, amount: sql<string>`sum(${saleTenders.amountPaise})` })
    .from(saleTenders)
    .where(eq(saleTenders.saleId, saleId))
    .groupBy(saleTenders.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.amount ?? 0);
  return { paid: of('paid'), pending: of('pending') };
}

export type NewTender = Pick<
  Tender,
  'id' | 'saleId' | 'idempotencyKey' | 'method' | 'status' | 'amountPaise' | 'recordedById'
> &
  Partial<Pick<Tender, 'cashReceivedPaise' | 'changePaise' | 'reference' | 'shiftId' | 'paidAt'>>;

export async function insertTender(tx: Queryable, tender: NewTender): Promise<void> {
  await tx.insert(saleTenders).values(tender);
}

export async function findTenderByKey(db: Queryable, key: string): Promise<Tender | undefined> {
  const [row] = await db.select().from(saleTenders).where(eq(saleTenders.idempotencyKey, key));
  return row && toTender(row);
}

export async function findTender(db: Queryable, saleId: string, id: string): Promise<Tender | undefined> {
  const [row] = await db
    .select()
    .from(saleTenders)
    .where(and(eq(saleTenders.id, id), eq(saleTenders.saleId, saleId)));
  return row && toTender(row);
}

export async function updateTender(
  tx: Queryable,
  id: string,
  fields: Partial<Pick<Tender, 'status' | 'reference' | 'providerLinkId' | 'providerLinkUrl' | 'paidAt'>>,
): Promise<void> {
  await tx.update(saleTenders).set(fields).where(eq(saleTenders.id, id));
}

/**
 * The open drawer shift, share-locked: it cannot close while a cash tender or refund is written into
 * it. Undefined when the drawer is closed.
 */
export async function shareOpenShift(tx: Queryable): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: drawerShifts.id })
    .from(drawerShifts)
    .where(and(eq(drawerShifts.status, 'open'), sql`${drawerShifts.branchId} is null`))
    .for('share');
  return row;
}

export async function insertMovement(
  tx: Queryable,
  movement: {
    id: string;
    shiftId: string;
    kind: 'sale' | 'refund';
    amountPaise: number;
    reason: string;
    saleId: string;
    tenderId?: string;
    refundId?: string;
    recordedById: string;
  },
): Promise<void> {
  await tx.insert(drawerMovements).values(movement);
}

/**
 * What a customer paid online for an appointment (a deposit or prepayment) and still holds: captured,
 * less every refund asked for and not failed.
 */
export async function onlinePaidForAppointment(
  db: Queryable,
  appointmentId: string,
): Promise<{ paymentId: string; amountPaise: number } | undefined> {
  const [payment] = await db
    .select({ id: payments.id, amountPaise: payments.amountPaise })
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.status, 'captured')));
  if (!payment) return undefined;
  const [refunded] = await db
    .select({ amount: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.status, 'failed')));
  const left = payment.amountPaise - Number(refunded?.amount ?? 0);
  return left > 0 ? { paymentId: payment.id, amountPaise: left } : undefined;
}

export async function productFacts(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, ProductFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      hsnCode: products.hsnCode,
      gstBp: products.gstBp,
      deleted: products.deleted,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function listSales(
  db: Queryable,
  filter: { status?: SaleStatus; customerId?: string },
  window: { limit: number; offset: number },
): Promise<{ sales: SaleHeader[]; total: number }> {
  const where = and(
    filter.status ? eq(sales.status, filter.status) : undefined,
    filter.customerId ? eq(sales.customerId, filter.customerId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(sales)
      .where(where)
      .orderBy(desc(sales.openedAt), desc(sales.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(sales).where(where),
  ]);
  return { sales: rows.map(toHeader), total: counted?.total ?? 0 };
}

/** Completed sales of a customer that are not paid in full, oldest first. */
export async function owingSales(db: Queryable, customerId: string) {
  return db
    .select({
      id: sales.id,
      completedAt: sales.completedAt,
      balancePaise: sql<number>`(${sales.totalPaise} - ${sales.paidPaise})::bigint`.mapWith(Number),
    })
    .from(sales)
    .where(
      and(
        eq(sales.customerId, customerId),
        eq(sales.status, 'completed'),
        gt(sales.totalPaise, sales.paidPaise),
      ),
    )
    .orderBy(asc(sales.completedAt));
}

export async function insertSaleRefund(
  tx: Queryable,
  refund: Pick<
    SaleRefund,
    | 'id'
    | 'saleId'
    | 'idempotencyKey'
    | 'method'
    | 'status'
    | 'amountPaise'
    | 'reason'
    | 'restocked'
    | 'refundedById'
  > &
    Partial<Pick<SaleRefund, 'shiftId' | 'processedAt'>>,
  lines: readonly RefundLine[],
): Promise<void> {
  await tx.insert(saleRefunds).values(refund);
  await tx.insert(saleRefundLines).values([...lines]);
}

export async function findSaleRefundByKey(db: Queryable, key: string): Promise<SaleRefund | undefined> {
  const [row] = await db.select().from(saleRefunds).where(eq(saleRefunds.idempotencyKey, key));
  return row && toRefund(row);
}

export async function findSaleRefund(db: Queryable, id: string): Promise<SaleRefund | undefined> {
  const [row] = await db.select().from(saleRefunds).where(eq(saleRefunds.id, id));
  return row && toRefund(row);
}

export async function lockSaleRefund(tx: Queryable, id: string): Promise<SaleRefund | undefined> {
  const [row] = await tx.select().from(saleRefunds).where(eq(saleRefunds.id, id)).for('update');
  return row && toRefund(row);
}

export async function updateSaleRefund(
  tx: Queryable,
  id: string,
  fields: Partial<Pick<SaleRefund, 'status' | 'providerRefundId' | 'processedAt'>>,
): Promise<void> {
  await tx.update(saleRefunds).set(fields).where(eq(saleRefunds.id, id));
}

/** Every refund of a sale with its lines, oldest first. */
export async function refundsOfSale(
  db: Queryable,
  saleId: string,
): Promise<Array<SaleRefund & { lines: RefundLine[] }>> {
  const rows = await db
    .select()
    .from(saleRefunds)
    .where(eq(saleRefunds.saleId, saleId))
    .orderBy(asc(saleRefunds.createdAt), asc(saleRefunds.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(saleRefundLines)
    .where(
      inArray(
        saleRefundLines.refundId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({ ...toRefund(row), lines: lines.filter((line) => line.refundId === row.id) }));
}
