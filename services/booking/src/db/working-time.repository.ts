import type { Queryable } from '@spa/kit';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { dateOfDay, dayOfDate } from '../domain/special-days.js';
import type { DayHours, WeeklyHours, WorkingTime } from '../domain/working-time.js';
import { employeeSchedules, timeOff, type TimeOffRow, type TimeOffStatus } from './schema.js';

/**
 * What decides when the given employees work over local days [firstDay, lastDay]: their weekly hours
 * (where an admin set them) and their approved time off in the window. Two indexed reads in one statement.
 */
export async function workingTimeOf(
  db: Queryable,
  employees: ReadonlyArray<{ id: string; shift: string | null }>,
  firstDay: number,
  lastDay: number,
): Promise<Map<string, WorkingTime>> {
  const ids = employees.map((employee) => employee.id);
  const answer = new Map<string, WorkingTime>(
    employees.map((employee) => [employee.id, { shift: employee.shift, weekly: null, timeOff: [] }]),
  );
  if (ids.length === 0) return answer;
  // One statement (union all): weekly hours rows have no dates, time-off rows no hours.
  const rows = await db
    .select({
      employeeId: employeeSchedules.employeeId,
      weekly: sql<WeeklyHours | null>`${employeeSchedules.weekly}`,
      firstDate: sql<string | null>`null::text`,
      lastDate: sql<string | null>`null::text`,
    })
    .from(employeeSchedules)
    .where(inArray(employeeSchedules.employeeId, ids))
    .unionAll(
      db
        .select({
          employeeId: timeOff.employeeId,
          weekly: sql<WeeklyHours | null>`null::jsonb`,
          firstDate: sql<string | null>`${timeOff.firstDate}`,
          lastDate: sql<string | null>`${timeOff.lastDate}`,
        })
        .from(timeOff)
        .where(
          and(
            inArray(timeOff.employeeId, ids),
            eq(timeOff.status, 'approved'),
            lte(timeOff.firstDate, dateOfDay(lastDay)),
            gte(timeOff.lastDate, dateOfDay(firstDay)),
          ),
        ),
    );
  for (const row of rows) {
    const entry = answer.get(row.employeeId);
    if (!entry) continue;
    if (row.firstDate === null || row.lastDate === null) {
      entry.weekly = row.weekly;
      continue;
    }
    const first = dayOfDate(row.firstDate);
    const last = dayOfDate(row.lastDate);
    if (first !== undefined && last !== undefined)
      entry.timeOff = [...(entry.timeOff ?? []), { firstDay: first, lastDay: last }];
  }
  return answer;
}

export async function weeklyHoursOf(
  db: Queryable,
  employeeId: string,
): Promise<Array<DayHours | null> | null> {
  const [row] = await db.select().from(employeeSchedules).where(eq(employeeSchedules.employeeId, employeeId));
  return row?.weekly ?? null;
}

export async function saveWeeklyHours(
  tx: Queryable,
  employeeId: string,
  weekly: Array<DayHours | null> | null,
  by: { id: string; at: Date },
): Promise<void> {
  if (!weekly) {
    await tx.delete(employeeSchedules).where(eq(employeeSchedules.employeeId, employeeId));
    return;
  }
  const values = { employeeId, weekly, updatedAt: by.at, updatedBy: by.id };
  await tx
    .insert(employeeSchedules)
    .values(values)
    .onConflictDoUpdate({ target: employeeSchedules.employeeId, set: values });
}

export type NewTimeOff = typeof timeOff.$inferInsert;

export async function insertTimeOff(tx: Queryable, row: NewTimeOff): Promise<TimeOffRow> {
  const [inserted] = await tx.insert(timeOff).values(row).returning();
  return inserted!;
}

/** The request, locked for the decision (two admins deciding at once: one after the other). */
export async function lockTimeOff(tx: Queryable, id: string): Promise<TimeOffRow | undefined> {
  const [row] = await tx.select().from(timeOff).where(eq(timeOff.id, id)).for('update');
  return row;
}

export async function updateTimeOff(
  tx: Queryable,
  id: string,
  changes: Partial<TimeOffRow>,
): Promise<TimeOffRow> {
  const [row] = await tx.update(timeOff).set(changes).where(eq(timeOff.id, id)).returning();
  return row!;
}

/** An employee's requests that overlap the dates and are still standing (asked for, or approved). */
export async function standingTimeOffOverlapping(
  db: Queryable,
  employeeId: string,
  firstDate: string,
  lastDate: string,
): Promise<TimeOffRow[]> {
  return db
    .select()
    .from(timeOff)
    .where(
      and(
        eq(timeOff.employeeId, employeeId),
        inArray(timeOff.status, ['requested', 'approved']),
        lte(timeOff.firstDate, lastDate),
        gte(timeOff.lastDate, firstDate),
      ),
    );
}

export interface TimeOffFilter {
  employeeId?: string;
  status?: TimeOffStatus;
  /** Only requests that end on or after this local date. */
  endingFrom?: string;
  page: number;
  pageSize: number;
}

/** Requests, the open ones first and then by their first day; with the total for the pager. */
export async function listTimeOff(
  db: Queryable,
  filter: TimeOffFilter,
): Promise<{ requests: TimeOffRow[]; total: number }> {
  const where = and(
    filter.employeeId ? eq(timeOff.employeeId, filter.employeeId) : undefined,
    filter.status ? eq(timeOff.status, filter.status) : undefined,
    filter.endingFrom ? gte(timeOff.lastDate, filter.endingFrom) : undefined,
  );
  const [requests, [totals]] = await Promise.all([
    db
      .select()
      .from(timeOff)
      .where(where)
      .orderBy(sql`${timeOff.status} = 'requested' desc`, asc(timeOff.firstDate), desc(timeOff.requestedAt))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(timeOff).where(where),
  ]);
  return { requests, total: totals?.total ?? 0 };
}
