import type { Queryable } from '@spa/kit';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { SpecialDay } from '../domain/special-days.js';
import { specialDays, type SpecialDayRow } from './schema.js';

const toSpecialDay = (row: SpecialDayRow): SpecialDay => ({
  date: row.date,
  closed: row.closed,
  opensMinute: row.opensMinute,
  closesMinute: row.closesMinute,
  reason: row.reason,
});

/** The special days from one local date to another, both included (YYYY-MM-DD sorts as dates do). */
export async function specialDaysBetween(db: Queryable, from: string, to: string): Promise<SpecialDay[]> {
  const rows = await db
    .select()
    .from(specialDays)
    .where(and(gte(specialDays.date, from), lte(specialDays.date, to)))
    .orderBy(asc(specialDays.date));
  return rows.map(toSpecialDay);
}

export async function findSpecialDay(db: Queryable, date: string): Promise<SpecialDay | undefined> {
  const [row] = await db.select().from(specialDays).where(eq(specialDays.date, date));
  return row ? toSpecialDay(row) : undefined;
}

export async function upsertSpecialDay(
  tx: Queryable,
  day: SpecialDay,
  by: { id: string; at: Date },
): Promise<void> {
  const values = { ...day, updatedAt: by.at, updatedBy: by.id };
  await tx.insert(specialDays).values(values).onConflictDoUpdate({ target: specialDays.date, set: values });
}

/** Whether there was a row to remove. */
export async function deleteSpecialDay(tx: Queryable, date: string): Promise<boolean> {
  const removed = await tx
    .delete(specialDays)
    .where(eq(specialDays.date, date))
    .returning({ date: specialDays.date });
  return removed.length > 0;
}
