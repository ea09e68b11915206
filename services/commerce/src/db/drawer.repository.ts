import type { Queryable } from '@spa/kit';
import { and, asc, desc, eq, gte, inArray, lt, sql, type Column } from 'drizzle-orm';
import type { MovementKind, RefundFigures, SalesFigures, TenderFigures } from '../domain/drawer.js';
import { drawerMovements, drawerShifts, saleRefunds, sales, saleTenders } from './counter.schema.js';

export interface Shift {
  id: string;
  branchId: string | null;
  status: 'open' | 'closed';
  openingFloatPaise: number;
  expectedCashPaise: number | null;
  countedCashPaise: number | null;
  differencePaise: number | null;
  closeNote: string;
  openedById: string;
  openedByName: string;
  closedById: string | null;
  closedByName: string | null;
  openedAt: Date;
  closedAt: Date | null;
}

export interface Movement {
  id: string;
  shiftId: string;
  kind: MovementKind;
  amountPaise: number;
  reason: string;
  saleId: string | null;
  employeeId: string | null;
  idempotencyKey: string | null;
  recordedById: string;
  recordedAt: Date;
}

const toShift = (row: typeof drawerShifts.$inferSelect): Shift => ({
  ...row,
  status: row.status as Shift['status'],
});

const toMovement = (row: typeof drawerMovements.$inferSelect): Movement => ({
  id: row.id,
  shiftId: row.shiftId,
  kind: row.kind as MovementKind,
  amountPaise: row.amountPaise,
  reason: row.reason,
  saleId: row.saleId,
  employeeId: row.employeeId,
  idempotencyKey: row.idempotencyKey,
  recordedById: row.recordedById,
  recordedAt: row.recordedAt,
});

/** The branch's drawer (null: the one drawer of a single-spa deployment). */
const ofBranch = (branchId: string | null) => sql`coalesce(${drawerShifts.branchId}, '') = ${branchId ?? ''}`;

export async function findShift(db: Queryable, id: string): Promise<Shift | undefined> {
  const [row] = await db.select().from(drawerShifts).where(eq(drawerShifts.id, id));
  return row && toShift(row);
}

export async function findOpenShift(
  db: Queryable,
  branchId: string | null = null,
): Promise<Shift | undefined> {
  const [row] = await db
    .select()
    .from(drawerShifts)
    .where(and(eq(drawerShifts.status, 'open'), ofBranch(branchId)));
  return row && toShift(row);
}

/** Locks a shift for a change to it or its movements: closing and moving cash take turns. */
export async function lockShift(tx: Queryable, id: string): Promise<Shift | undefined> {
  const [row] = await tx.select().from(drawerShifts).where(eq(drawerShifts.id, id)).for('update');
  return row && toShift(row);
}

/** Opens a shift; answers undefined when the branch already has one open (the unique index). */
export async function insertOpenShift(
  tx: Queryable,
  shift: Pick<Shift, 'id' | 'branchId' | 'openingFloatPaise' | 'openedById' | 'openedByName' | 'openedAt'>,
): Promise<Shift | undefined> {
  const [row] = await tx
    .insert(drawerShifts)
    .values({ ...shift, status: 'open' })
    .onConflictDoNothing()
    .returning();
  return row && toShift(row);
}

export async function markShiftClosed(
  tx: Queryable,
  id: string,
  closing: Pick<
    Shift,
    'expectedCashPaise' | 'countedCashPaise' | 'differencePaise' | 'closeNote' | 'closedById' | 'closedByName'
  > & { closedAt: Date },
): Promise<Shift | undefined> {
  const [row] = await tx
    .update(drawerShifts)
    .set({ ...closing, status: 'closed' })
    .where(and(eq(drawerShifts.id, id), eq(drawerShifts.status, 'open')))
    .returning();
  return row && toShift(row);
}

export async function insertMovement(
  tx: Queryable,
  movement: Pick<
    Movement,
    'id' | 'shiftId' | 'kind' | 'amountPaise' | 'reason' | 'employeeId' | 'idempotencyKey' | 'recordedById'
  > & { recordedAt?: Date },
): Promise<Movement | undefined> {
  const [row] = await tx.insert(drawerMovements).values(movement).onConflictDoNothing().returning();
  return row && toMovement(row);
}

export async function findMovementByKey(
  db: Queryable,
  idempotencyKey: string,
): Promise<Movement | undefined> {
  const [row] = await db
    .select()
    .from(drawerMovements)
    .where(eq(drawerMovements.idempotencyKey, idempotencyKey));
  return row && toMovement(row);
}

/** The movements of these shifts, oldest first. */
export async function movementsOf(db: Queryable, shiftIds: readonly string[]): Promise<Movement[]> {
  if (shiftIds.length === 0) return [];
  const rows = await db
    .select()
    .from(drawerMovements)
    .where(inArray(drawerMovements.shiftId, [...shiftIds]))
    .orderBy(asc(drawerMovements.recordedAt), asc(drawerMovements.id));
  return rows.map(toMovement);
}

/** The cash a shift's movements say should be in its drawer now. */
export async function movementSum(db: Queryable, shiftId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${drawerMovements.amountPaise}), 0)` })
    .from(drawerMovements)
    .where(eq(drawerMovements.shiftId, shiftId));
  return Number(row!.total);
}

/** Shifts opened in [from, to), newest first. */
export async function shiftsOpenedBetween(
  db: Queryable,
  from: Date,
  to: Date,
  branchId: string | null = null,
): Promise<Shift[]> {
  const rows = await db
    .select()
    .from(drawerShifts)
    .where(and(gte(drawerShifts.openedAt, from), lt(drawerShifts.openedAt, to), ofBranch(branchId)))
    .orderBy(desc(drawerShifts.openedAt), desc(drawerShifts.id));
  return rows.map(toShift);
}

// ---------------------------------------------------------------- Z report figures (sales are read, never written)

const total = (column: Column) => sql<string>`coalesce(sum(${column}), 0)`;

/** Sales completed in [from, to). */
export async function salesFigures(db: Queryable, from: Date, to: Date): Promise<SalesFigures> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      totalPaise: total(sales.totalPaise),
      tipPaise: total(sales.tipPaise),
      discountPaise: total(sales.discountPaise),
    })
    .from(sales)
    .where(and(eq(sales.status, 'completed'), gte(sales.completedAt, from), lt(sales.completedAt, to)));
  return {
    count: Number(row!.count),
    totalPaise: Number(row!.totalPaise),
    tipPaise: Number(row!.tipPaise),
    discountPaise: Number(row!.discountPaise),
  };
}

/** Money taken in [from, to), by method: paid tenders by when they were paid (net of change for cash). */
export async function tenderFigures(db: Queryable, from: Date, to: Date): Promise<TenderFigures> {
  const paidAt = sql`coalesce(${saleTenders.paidAt}, ${saleTenders.createdAt})`;
  const rows = await db
    .select({ method: saleTenders.method, totalPaise: total(saleTenders.amountPaise) })
    .from(saleTenders)
    .where(
      and(
        eq(saleTenders.status, 'paid'),
        sql`${paidAt} >= ${from.toISOString()}::timestamptz`,
        sql`${paidAt} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(saleTenders.method);
  const figures: TenderFigures = { cash: 0, card_terminal: 0, razorpay: 0, online: 0 };
  for (const row of rows)
    if (row.method in figures) figures[row.method as keyof TenderFigures] = Number(row.totalPaise);
  return figures;
}

/** Refunds of sales that went back to the customer in [from, to). */
export async function refundFigures(db: Queryable, from: Date, to: Date): Promise<RefundFigures> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      totalPaise: total(saleRefunds.amountPaise),
      cashPaise: sql<string>`coalesce(sum(${saleRefunds.amountPaise}) filter (where ${saleRefunds.method} = 'cash'), 0)`,
    })
    .from(saleRefunds)
    .where(
      and(
        eq(saleRefunds.status, 'processed'),
        gte(saleRefunds.processedAt, from),
        lt(saleRefunds.processedAt, to),
      ),
    );
  return {
    count: Number(row!.count),
    totalPaise: Number(row!.totalPaise),
    cashPaise: Number(row!.cashPaise),
  };
}
