import type { Queryable } from '@spa/kit';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { appointments, waitlistEntries, type WaitlistRow, type WaitlistStatus } from './schema.js';

/** Entries still in play: waiting, or holding an offer. */
const ACTIVE_WAITLIST_STATUSES: WaitlistStatus[] = ['waiting', 'offered'];

export async function insertWaitlistEntry(
  db: Queryable,
  row: typeof waitlistEntries.$inferInsert,
): Promise<WaitlistRow> {
  const [inserted] = await db.insert(waitlistEntries).values(row).returning();
  return inserted!;
}

/** Locks the entry for a change (leaving, an offer, its expiry), so two of them never cross. */
export async function lockWaitlistEntry(db: Queryable, id: string): Promise<WaitlistRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
  return row;
}

/** A customer's active entries (for the limit and the one-per-treatment-and-day rule). */
export async function activeEntriesOf(db: Queryable, customerId: string, fromDate: string) {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.customerId, customerId),
        gte(waitlistEntries.date, fromDate),
        inArray(waitlistEntries.status, ACTIVE_WAITLIST_STATUSES),
      ),
    );
}

/**
 * A customer's entries from a date on (and offers on earlier ones), newest day first, each with its
 * offered appointment's state when it has one (paid: the offer was taken).
 */
export async function entriesOf(db: Queryable, customerId: string, fromDate: string) {
  return db
    .select({
      entry: waitlistEntries,
      appointment: {
        appointmentCode: appointments.appointmentCode,
        status: appointments.status,
        paymentStatus: appointments.paymentStatus,
        startsAt: appointments.startsAt,
        roomType: appointments.roomType,
        totalPricePaise: appointments.totalPricePaise,
      },
    })
    .from(waitlistEntries)
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
    .where(and(eq(waitlistEntries.customerId, customerId), gte(waitlistEntries.date, fromDate)))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.createdAt))
    .limit(100);
}

/** The waiting entries of one local day, first come first served. */
export async function waitingOn(db: Queryable, date: string, limit: number): Promise<WaitlistRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.date, date), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(limit);
}

/** The entry whose offer is this appointment, if any. */
export async function entryOfferedAs(db: Queryable, appointmentId: string): Promise<WaitlistRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.appointmentId, appointmentId))
    .for('update');
  return row;
}

export async function updateWaitlistEntry(
  db: Queryable,
  id: string,
  changes: Partial<typeof waitlistEntries.$inferInsert>,
): Promise<WaitlistRow> {
  const [row] = await db
    .update(waitlistEntries)
    .set({ ...changes, updatedAt: changes.updatedAt ?? sql`now()` })
    .where(eq(waitlistEntries.id, id))
    .returning();
  return row!;
}
