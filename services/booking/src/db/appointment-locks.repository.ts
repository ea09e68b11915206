import { lockKeys, type Queryable } from '@spa/kit';
import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Appointment } from '../domain/appointment.js';
import { toAppointment } from './appointment-views.repository.js';
import { appointments } from './schema.js';

/** Locks the appointment row for the rest of the transaction, so changes to it happen one at a time. */
export async function lockAppointment(tx: Queryable, id: string): Promise<Appointment | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row && toAppointment(row);
}

/** Online bookings whose payment hold has run out, locked for the caller (others skip them). */
export async function lockExpiredHolds(tx: Queryable, now: Date, limit: number): Promise<Appointment[]> {
  const rows = await tx
    .select()
    .from(appointments)
    .where(
      and(
        ne(appointments.status, 'Cancelled'),
        sql`${appointments.paymentStatus} in ('Pending', 'Failed')`,
        eq(appointments.paymentMethod, 'online'),
        lte(appointments.paymentHoldExpiresAt, now),
      ),
    )
    .orderBy(asc(appointments.paymentHoldExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map(toAppointment);
}

/*
 * Writers of active appointments take these locks before writing. Without them, two transactions
 * inserting overlapping rows at the same moment each wait for the other inside the exclusion
 * constraint's check: a deadlock that Postgres breaks only after a second. A lock names a room (or an
 * employee) and a 30-minute bucket of time; a slot takes every bucket it touches, so two overlapping
 * slots always share one, while bookings of the same room at other times never wait for each other.
 * All keys of a write are taken in one statement in one global order (rooms before employees, then by
 * key), so no two writers can wait for each other in a cycle. A lock taken in a savepoint is released
 * when the savepoint is rolled back, so a refused attempt holds nothing while the next one is tried.
 */
const LOCK_BUCKET_MS = 30 * 60_000;

function bucketKeys(kind: 'room' | 'employee', id: string, span: { start: Date; end: Date }): string[] {
  const first = Math.floor(span.start.getTime() / LOCK_BUCKET_MS);
  const last = Math.floor((span.end.getTime() - 1) / LOCK_BUCKET_MS);
  const keys: string[] = [];
  for (let bucket = first; bucket <= last; bucket++) keys.push(`${kind === 'room' ? 1 : 2}:${id}:${bucket}`);
  return keys;
}

export async function lockSlotKeys(
  tx: Queryable,
  locks: { roomId: string | null; employeeId: string | null; start: Date; end: Date; roomFreeAt: Date },
  /** Keys that sort after every slot key (a customer's), taken in the same statement: one round trip. */
  alsoLock: readonly string[] = [],
): Promise<void> {
  await lockKeys(tx, [
    ...(locks.roomId ? bucketKeys('room', locks.roomId, { start: locks.start, end: locks.roomFreeAt }) : []),
    ...(locks.employeeId
      ? bucketKeys('employee', locks.employeeId, { start: locks.start, end: locks.end })
      : []),
    ...alsoLock,
  ]);
}
