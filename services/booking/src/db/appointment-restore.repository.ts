import { setFromExcluded, type Queryable } from '@spa/kit';
import { inArray, max, sql } from 'drizzle-orm';
import type { Appointment } from '../domain/appointment.js';
import { appointments } from './schema.js';

/*
 * The queries of the appointment recovery at start (use-cases/recover-appointments.ts): the rows a
 * database restored from a backup may lack or hold in an older state are written back from booking's
 * own events.
 */

/** The newest change any appointment row records, or undefined for an empty table. */
export async function newestAppointmentChange(db: Queryable): Promise<Date | undefined> {
  const [row] = await db.select({ newest: max(appointments.updatedAt) }).from(appointments);
  return row?.newest ?? undefined;
}

/** Of these appointments, the ones the table has: their status and when they last changed. */
export async function appointmentVersions(
  db: Queryable,
  ids: string[],
): Promise<Map<string, { status: string; updatedAt: Date }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: appointments.id, status: appointments.status, updatedAt: appointments.updatedAt })
    .from(appointments)
    .where(inArray(appointments.id, ids));
  return new Map(rows.map((row) => [row.id, { status: row.status, updatedAt: row.updatedAt }]));
}

/**
 * Writes an appointment as its newest event showed it: inserted when the row is missing, or replacing
 * an older row (only when the row's updated_at is older than the snapshot's, so a newer row, e.g. one
 * changed since, always wins and a second replica recovering at once writes nothing). What the
 * snapshot cannot know is kept from the row: the late-cancellation terms, and the provider ids and
 * paid_at when the events read did not carry them. Answers whether a row was written. An overlap with
 * another active appointment is refused by the exclusion constraints (the caller skips it).
 */
export async function restoreAppointmentSnapshot(tx: Queryable, row: Appointment): Promise<boolean> {
  const written = await tx
    .insert(appointments)
    .values(row)
    .onConflictDoUpdate({
      target: appointments.id,
      // Every column from the snapshot but what it cannot know (see above).
      set: setFromExcluded(appointments, {
        keep: ['id', 'lateCancellationHours', 'lateCancellationFeePercent'],
        merge: {
          providerOrderId: sql`coalesce(excluded.provider_order_id, ${appointments.providerOrderId})`,
          providerPaymentId: sql`coalesce(excluded.provider_payment_id, ${appointments.providerPaymentId})`,
          paidAt: sql`coalesce(${appointments.paidAt}, excluded.paid_at)`,
          cancellationReason: sql`case when excluded.status = 'Cancelled' then coalesce(excluded.cancellation_reason, ${appointments.cancellationReason}) end`,
        },
      }),
      setWhere: sql`${appointments.updatedAt} < excluded.updated_at`,
    })
    .returning({ id: appointments.id });
  return written.length > 0;
}

/**
 * Raises the sequence of the appointment codes to at least `sequence`, so the next code made is past
 * every code the events showed (a restored database's sequence is back where the backup left it, and
 * would hand out again the codes of the appointments it forgot). Never lowers it.
 */
export async function raiseAppointmentCodeSequence(db: Queryable, sequence: number): Promise<void> {
  await db.execute(
    sql`select setval('appointment_code_seq', ${sequence}) from appointment_code_seq where last_value <= ${sequence}`,
  );
}
