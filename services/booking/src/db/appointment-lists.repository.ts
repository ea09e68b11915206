import { pageWindow, type PageRequest, type Queryable } from '@spa/kit';
import { OPEN_APPOINTMENT_STATUSES } from '@spa/rules';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus, TimeRange } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { customerUsers, employeeUsers, selectViews, toView } from './appointment-views.repository.js';
import { likePattern } from './pg-errors.js';
import { appointments } from './schema.js';

function timeRangeCondition(range: TimeRange, now: Date): SQL | undefined {
  // An appointment is upcoming until it is over, so one in progress still shows among the upcoming.
  if (range === 'upcoming') return gt(appointments.endsAt, now);
  if (range === 'past') return lte(appointments.endsAt, now);
  return undefined;
}

function orderFor(range: TimeRange) {
  return range === 'upcoming'
    ? [asc(appointments.startsAt), asc(appointments.appointmentCode)]
    : [desc(appointments.startsAt), desc(appointments.appointmentCode)];
}

/** One page of a customer's or an employee's appointments, and how many there are in all. */
async function listPageFor(
  db: Queryable,
  owner: SQL,
  range: TimeRange,
  now: Date,
  page: PageRequest,
): Promise<{ appointments: AppointmentView[]; total: number }> {
  const where = and(owner, timeRangeCondition(range, now));
  const { limit, offset } = pageWindow(page);
  // The page and how many there are in all in one round trip (each is one socket write and a wait):
  // the window's count is over every row the filter keeps, before the limit.
  const rows = await selectViews(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(where)
    .orderBy(...orderFor(range), asc(appointments.id))
    .limit(limit)
    .offset(offset);
  if (rows.length > 0) return { appointments: rows.map(toView), total: rows[0]!.total };
  // A page past the end has no row to carry the count.
  if (offset === 0) return { appointments: [], total: 0 };
  const [counted] = await db.select({ total: count() }).from(appointments).where(where);
  return { appointments: [], total: Number(counted?.total ?? 0) };
}

export function listForCustomer(
  db: Queryable,
  customerId: string,
  range: TimeRange,
  now: Date,
  page: PageRequest,
): Promise<{ appointments: AppointmentView[]; total: number }> {
  return listPageFor(db, eq(appointments.customerId, customerId), range, now, page);
}

export function listForEmployee(
  db: Queryable,
  employeeId: string,
  range: TimeRange,
  now: Date,
  page: PageRequest,
): Promise<{ appointments: AppointmentView[]; total: number }> {
  return listPageFor(db, eq(appointments.employeeId, employeeId), range, now, page);
}

export interface AdminListFilter {
  search?: string;
  status?: AppointmentStatus;
  from?: Date;
  /** Exclusive. */
  until?: Date;
  page: number;
  pageSize: number;
}

export async function listForAdmin(
  db: Queryable,
  filter: AdminListFilter,
): Promise<{ appointments: AppointmentView[]; total: number }> {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  const where = and(
    filter.status ? eq(appointments.status, filter.status) : undefined,
    filter.from ? gte(appointments.startsAt, filter.from) : undefined,
    filter.until ? lt(appointments.startsAt, filter.until) : undefined,
    pattern
      ? or(
          ilike(appointments.appointmentCode, pattern),
          ilike(appointments.serviceName, pattern),
          ilike(appointments.customerName, pattern),
          ilike(appointments.customerEmail, pattern),
          ilike(appointments.roomNumber, pattern),
          ilike(appointments.roomLocation, pattern),
          ilike(customerUsers.name, pattern),
          ilike(employeeUsers.name, pattern),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(appointments.startsAt), desc(appointments.appointmentCode))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: count() })
      .from(appointments)
      .leftJoin(customerUsers, eq(customerUsers.id, appointments.customerId))
      .leftJoin(employeeUsers, eq(employeeUsers.id, appointments.employeeId))
      .where(where),
  ]);
  return { appointments: rows.map(toView), total: totals?.total ?? 0 };
}

/** Open appointments starting in a window (a day about to be closed or shortened), earliest first. */
export async function openAppointmentsStarting(
  db: Queryable,
  window: { start: Date; end: Date },
): Promise<AppointmentView[]> {
  const rows = await selectViews(db)
    .where(
      and(
        inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
        gte(appointments.startsAt, window.start),
        lt(appointments.startsAt, window.end),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.appointmentCode));
  return rows.map(toView);
}

/**
 * An employee's open appointments (not started, nothing happened yet) starting in [start, end), soonest
 * first, at most 200: the ones a change of their hours may strand.
 */
export async function openAppointmentsOf(
  db: Queryable,
  employeeId: string,
  window: { start: Date; end: Date },
) {
  return db
    .select({ id: appointments.id, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, employeeId),
        inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
        gte(appointments.startsAt, window.start),
        lt(appointments.startsAt, window.end),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(200);
}

/** How many no-shows each of these customers has had (those with none are left out): one grouped read. */
export async function noShowCounts(
  db: Queryable,
  customerIds: readonly string[],
): Promise<Map<string, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: appointments.customerId, count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.status, 'No-show'), inArray(appointments.customerId, [...customerIds])))
    .groupBy(appointments.customerId);
  return new Map(rows.map((row) => [row.customerId, row.count]));
}

/**
 * What other services' records future appointments point at: a room or a service (catalogue), an
 * employee or a customer (identity).
 */
export type DependentTarget =
  { roomId: string } | { serviceId: string } | { employeeId: string } | { customerId: string };

function dependentTargetCondition(target: DependentTarget) {
  if ('roomId' in target) return eq(appointments.roomId, target.roomId);
  if ('serviceId' in target) return eq(appointments.serviceId, target.serviceId);
  if ('customerId' in target) return eq(appointments.customerId, target.customerId);
  return eq(appointments.employeeId, target.employeeId);
}

/** The open appointments (Pending, Scheduled, Confirmed) of the target that have not started by `now`. */
const futureOpenOf = (target: DependentTarget, now: Date) =>
  and(
    dependentTargetCondition(target),
    inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
    gt(appointments.startsAt, now),
  );

/** How many open appointments of the target have not started by `now`. */
export async function countFutureOpenAppointmentsOf(
  db: Queryable,
  target: DependentTarget,
  now: Date,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(appointments).where(futureOpenOf(target, now));
  return Number(row?.total ?? 0);
}

/** The ids of the open appointments of the target that have not started by `now`, soonest first, at most `limit`. */
export async function futureOpenAppointmentIdsOf(
  db: Queryable,
  target: DependentTarget,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(futureOpenOf(target, now))
    .orderBy(asc(appointments.startsAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
