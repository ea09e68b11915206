import type { Queryable } from '@spa/kit';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { saleLineReservations, saleLines, sales } from './schema.js';

export type SaleReservationState = 'asked' | 'held' | 'releasing' | 'released';

/**
 * Keys about to be asked of the catalogue. Called on the pool, not in the edit's transaction: the
 * record must outlive that transaction's rollback (and the table has no foreign key to the sale, whose
 * row the edit holds locked, so this insert never waits on it).
 */
export async function recordAsked(db: Queryable, saleId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(saleLineReservations)
    .values(keys.map((key) => ({ key, saleId, state: 'asked' })))
    .onConflictDoNothing();
}

/** Sets the keys' state; a key without a record (a line older than this table) gets one. */
export async function setReservationKeys(
  db: Queryable,
  saleId: string,
  keys: readonly string[],
  state: SaleReservationState,
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(saleLineReservations)
    .values(keys.map((key) => ({ key, saleId, state })))
    .onConflictDoUpdate({
      target: saleLineReservations.key,
      set: { state, updatedAt: new Date() },
    });
}

/** Marks keys released at the catalogue, whatever they were. */
export async function markKeysReleased(db: Queryable, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(saleLineReservations)
    .set({ state: 'released', updatedAt: new Date() })
    .where(inArray(saleLineReservations.key, [...keys]));
}

/**
 * What the sweeper releases: keys asked before `askedBefore` that no commit took up, and keys whose
 * line left its sale without the catalogue confirming the release. Oldest first.
 */
export async function keysToSweep(
  db: Queryable,
  askedBefore: Date,
  limit: number,
): Promise<Array<{ key: string; saleId: string }>> {
  return db
    .select({ key: saleLineReservations.key, saleId: saleLineReservations.saleId })
    .from(saleLineReservations)
    .where(
      and(
        inArray(saleLineReservations.state, ['asked', 'releasing']),
        or(eq(saleLineReservations.state, 'releasing'), lt(saleLineReservations.createdAt, askedBefore)),
      ),
    )
    .orderBy(asc(saleLineReservations.createdAt))
    .limit(limit);
}

/**
 * The sale's row locked for the sweeper, skipping one an edit (or another replica) holds: an edit in
 * flight still decides what its keys become.
 */
export async function claimSaleForSweep(
  tx: Queryable,
  saleId: string,
): Promise<{ status: string } | undefined> {
  const [row] = await tx
    .select({ status: sales.status })
    .from(sales)
    .where(eq(sales.id, saleId))
    .for('update', { skipLocked: true });
  return row;
}

export async function reservationState(
  tx: Queryable,
  key: string,
): Promise<SaleReservationState | undefined> {
  const [row] = await tx
    .select({ state: saleLineReservations.state })
    .from(saleLineReservations)
    .where(eq(saleLineReservations.key, key))
    .for('update');
  return row?.state as SaleReservationState | undefined;
}

/** Whether a line of a sale still standing (open or completed) holds the key's stock. */
export async function keyHeldByLine(tx: Queryable, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: saleLines.id })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(
      and(
        eq(saleLines.reservationKey, key),
        inArray(saleLines.reservationStatus, ['reserved', 'taken']),
        sql`${sales.status} <> 'voided'`,
      ),
    );
  return row !== undefined;
}

/** A voided sale's line whose stock the sweeper put back. */
export async function markLineOfKeyReleased(tx: Queryable, key: string): Promise<void> {
  await tx
    .update(saleLines)
    .set({ reservationStatus: 'released' })
    .where(and(eq(saleLines.reservationKey, key), eq(saleLines.reservationStatus, 'reserved')));
}
