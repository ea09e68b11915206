import { outboxInsert, type OutboxRow, type Queryable } from '@spa/kit';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Actor } from '../domain/appointment.js';
import { appointmentHistory, appointments, type AppointmentRow } from './schema.js';

/*
 * Writing appointments: new rows (one, or a batch that leaves out what was taken meanwhile), changes,
 * and the history entries that go with them, with their events where a hot path writes both at once.
 */

export type NewAppointment = typeof appointments.$inferInsert;

/**
 * The human id, made by the database as the row is written: APT-<day>-<sequence> with the sequence
 * padded to at least four digits (the appointment_code function of the migrations).
 */
export const appointmentCodeFor = (compactDay: string) => sql<string>`appointment_code(${compactDay})`;

async function insertAppointment(
  tx: Queryable,
  row: PgInsertValue<typeof appointments>,
): Promise<AppointmentRow> {
  const [inserted] = await tx.insert(appointments).values(row).returning();
  return inserted!;
}

/**
 * A new appointment and its first history entries in one statement: a booking's hot path holds the
 * slot's locks while it runs, so every round trip saved is time the slot's other bookings do not wait.
 * The history's foreign key is checked at the statement's end, when the appointment is there.
 */
export async function insertAppointmentWithHistory(
  tx: Queryable,
  row: PgInsertValue<typeof appointments> & { id: string },
  actor: Actor,
  at: Date,
  entries: HistoryInput[],
): Promise<AppointmentRow> {
  if (entries.length === 0) return insertAppointment(tx, row);
  const history = tx.$with('booked_history', {}).as(
    tx
      .insert(appointmentHistory)
      .values(entries.map((entry) => historyRow(row.id, actor, at, entry)))
      .getSQL(),
  );
  const [inserted] = await tx.with(history).insert(appointments).values(row).returning();
  return inserted!;
}

/**
 * Writes a batch of new appointments, leaving out (not failing on) any the exclusion constraints refuse:
 * a room or an employee someone else took meanwhile. Returns the rows written; the caller books the
 * others one by one.
 */
export async function insertAppointmentsUnlessTaken(
  tx: Queryable,
  rows: readonly (PgInsertValue<typeof appointments> & { id: string })[],
): Promise<AppointmentRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(appointments)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
}

/** The history of several appointments and their events, in one statement (the events as a CTE). */
export async function recordHistoryWithEvents(
  tx: Queryable,
  entries: readonly { appointmentId: string; actor: Actor; at: Date; entry: HistoryInput }[],
  events: readonly OutboxRow[],
): Promise<void> {
  const rows = entries.map(({ appointmentId, actor, at, entry }) =>
    historyRow(appointmentId, actor, at, entry),
  );
  if (events.length === 0) {
    if (rows.length > 0) await tx.insert(appointmentHistory).values(rows);
    return;
  }
  if (rows.length === 0) {
    await tx.execute(outboxInsert(events));
    return;
  }
  const announced = tx.$with('announced', {}).as(outboxInsert(events));
  await tx.with(announced).insert(appointmentHistory).values(rows);
}

export async function updateAppointment(
  tx: Queryable,
  id: string,
  changes: Partial<NewAppointment>,
): Promise<void> {
  await tx
    .update(appointments)
    .set({ ...changes, updatedAt: changes.updatedAt ?? new Date() })
    .where(eq(appointments.id, id));
}

export interface HistoryInput {
  field: 'booked' | 'status' | 'paymentStatus' | 'employee' | 'schedule' | 'checkout';
  from?: string | null;
  to?: string | null;
  note?: string | null;
}

export async function recordHistory(
  tx: Queryable,
  appointmentId: string,
  actor: Actor,
  at: Date,
  entries: HistoryInput[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(appointmentHistory)
    .values(entries.map((entry) => historyRow(appointmentId, actor, at, entry)));
}

const historyRow = (appointmentId: string, actor: Actor, at: Date, entry: HistoryInput) => ({
  appointmentId,
  changedAt: at,
  field: entry.field,
  fromValue: entry.from ?? null,
  toValue: entry.to ?? null,
  note: entry.note ?? null,
  actorId: actor.id,
  actorName: actor.name,
  actorRole: actor.role,
});
