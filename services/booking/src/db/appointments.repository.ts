import {
  lockKeys,
  outboxInsert,
  pageWindow,
  type OutboxRow,
  type PageRequest,
  type Queryable,
} from '@spa/kit';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { Actor, Appointment, AppointmentStatus, TimeRange } from '../domain/appointment.js';
import type { AppointmentView, HistoryEntry } from '../domain/appointment-view.js';
import type { PricingOption } from '../domain/pricing.js';
import {
  appointmentHistory,
  appointments,
  rooms,
  services,
  users,
  type AppointmentRow,
  type RoomRow,
  type UserRow,
} from './schema.js';
import { likePattern } from './pg-errors.js';
import { OPEN_APPOINTMENT_STATUSES } from '@spa/rules';

const customerUsers = alias(users, 'customer_user');
const employeeUsers = alias(users, 'employee_user');

export type NewAppointment = typeof appointments.$inferInsert;

function toAppointment(row: AppointmentRow): Appointment {
  return row as Appointment;
}

/** What a view takes of the read models beside the appointment (ViewParts): no more is read or mapped. */
const viewColumns = {
  appointment: appointments,
  customer: { name: customerUsers.name, email: customerUsers.email, phone: customerUsers.phone },
  employee: {
    name: employeeUsers.name,
    employeeCode: employeeUsers.employeeCode,
    employeeRole: employeeUsers.employeeRole,
    workingLocation: employeeUsers.workingLocation,
  },
  room: {
    roomNumber: rooms.roomNumber,
    type: rooms.type,
    location: rooms.location,
    capacity: rooms.capacity,
    pricePaise: rooms.pricePaise,
  },
  service: {
    name: services.name,
    description: services.description,
    categoryId: services.categoryId,
    categoryName: services.categoryName,
    pricing: services.pricing,
  },
};

/** The appointments with what their views take of the read models, and any `extra` columns. */
function selectViews<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...viewColumns, ...extra })
    .from(appointments)
    .leftJoin(customerUsers, eq(customerUsers.id, appointments.customerId))
    .leftJoin(employeeUsers, eq(employeeUsers.id, appointments.employeeId))
    .leftJoin(rooms, eq(rooms.id, appointments.roomId))
    .leftJoin(services, eq(services.id, appointments.serviceId));
}

/** An appointment row and what it refers to (each null when the read model does not have it). */
export interface ViewParts {
  appointment: AppointmentRow;
  customer: Pick<UserRow, 'name' | 'email' | 'phone'> | null;
  employee: Pick<UserRow, 'name' | 'employeeCode' | 'employeeRole' | 'workingLocation'> | null;
  room: Pick<RoomRow, 'roomNumber' | 'type' | 'location' | 'capacity' | 'pricePaise'> | null;
  service: {
    name: string;
    description: string;
    categoryId: string;
    categoryName: string;
    pricing: PricingOption[];
  } | null;
}

export function toView({ appointment, customer, employee, room, service }: ViewParts): AppointmentView {
  const base = toAppointment(appointment);
  return {
    ...base,
    customer: {
      id: base.customerId,
      name: customer?.name ?? base.customerName,
      email: customer?.email ?? base.customerEmail,
      phone: customer?.phone ?? '',
    },
    employee: base.employeeId
      ? {
          id: base.employeeId,
          name: employee?.name ?? 'Former employee',
          employeeCode: employee?.employeeCode ?? '',
          employeeRole: employee?.employeeRole ?? '',
          workingLocation: employee?.workingLocation ?? '',
        }
      : null,
    room: {
      id: base.roomId,
      roomNumber: room?.roomNumber ?? base.roomNumber,
      type: room?.type ?? base.roomType,
      location: room?.location ?? base.roomLocation,
      capacity: room?.capacity ?? '',
      pricePaise: room?.pricePaise ?? null,
    },
    service: {
      id: base.serviceId,
      name: service?.name ?? base.serviceName,
      description: service?.description ?? '',
      categoryId: service?.categoryId ?? '',
      categoryName: service?.categoryName ?? base.categoryName,
      pricing: service?.pricing ?? [],
    },
  };
}

export async function findAppointmentView(db: Queryable, id: string): Promise<AppointmentView | undefined> {
  const [row] = await selectViews(db).where(eq(appointments.id, id));
  return row && toView(row);
}

/** Locks the appointment row for the rest of the transaction, so changes to it happen one at a time. */
export async function lockAppointment(tx: Queryable, id: string): Promise<Appointment | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row && toAppointment(row);
}

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
 * A new appointment and its first history entries in one statement (a booking's hot path holds the
 * slot's locks while it runs, issue #17); the history's foreign key is checked at the statement's end,
 * when the appointment is there.
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
  field: 'booked' | 'status' | 'paymentStatus' | 'employee' | 'schedule';
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

export async function historyOf(db: Queryable, appointmentId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(appointmentHistory)
    .where(eq(appointmentHistory.appointmentId, appointmentId))
    .orderBy(asc(appointmentHistory.seq));
  return rows.map((row) => ({
    changedAt: row.changedAt,
    field: row.field,
    from: row.fromValue,
    to: row.toValue,
    note: row.note,
    by: { id: row.actorId, name: row.actorName, role: row.actorRole },
  }));
}

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

const activeOverlap = (
  column: typeof appointments.roomFreeAt | typeof appointments.endsAt,
  start: Date,
  end: Date,
) =>
  sql`tstzrange(${appointments.startsAt}, ${column}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;

/** Spans (cleanup included) that active appointments block in the rooms of a type, for suggestions. */
export async function busyRoomSpans(
  db: Queryable,
  roomIds: string[],
  window: { start: Date; end: Date },
  exceptAppointmentId?: string,
): Promise<Array<{ roomId: string; start: number; end: number }>> {
  if (roomIds.length === 0) return [];
  const rows = await db
    .select({ roomId: appointments.roomId, start: appointments.startsAt, end: appointments.roomFreeAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.roomId, roomIds),
        ne(appointments.status, 'Cancelled'),
        exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
        activeOverlap(appointments.roomFreeAt, window.start, window.end),
      ),
    );
  return rows.map((row) => ({ roomId: row.roomId, start: row.start.getTime(), end: row.end.getTime() }));
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

/** What the desk's calendar draws: every appointment not cancelled whose room is blocked in the window. */
export async function calendarBlocks(db: Queryable, window: { start: Date; end: Date }) {
  return db
    .select({
      id: appointments.id,
      code: appointments.appointmentCode,
      status: appointments.status,
      paymentStatus: appointments.paymentStatus,
      paymentMethod: appointments.paymentMethod,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      roomFreeAt: appointments.roomFreeAt,
      roomId: appointments.roomId,
      roomNumber: appointments.roomNumber,
      employeeId: appointments.employeeId,
      customerId: appointments.customerId,
      customerName: appointments.customerName,
      serviceName: appointments.serviceName,
      arrivedAt: appointments.arrivedAt,
      startedAt: appointments.startedAt,
      completedAt: appointments.completedAt,
      noShowAt: appointments.noShowAt,
    })
    .from(appointments)
    .where(
      and(
        ne(appointments.status, 'Cancelled'),
        activeOverlap(appointments.roomFreeAt, window.start, window.end),
      ),
    )
    .orderBy(asc(appointments.startsAt));
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

/** Every room that exists (not deleted), whatever its type or status: the availability read's rooms. */
export async function existingRooms(db: Queryable): Promise<RoomRow[]> {
  return db.select().from(rooms).where(eq(rooms.deleted, false));
}

/**
 * The employees of a role (as booking assigns them: not deleted, the role compared without case), each
 * with the treatments they have over the window (their spans without the room's cleanup): one query.
 */
export async function employeesOfRoleWithBusySpans(
  db: Queryable,
  role: string,
  window: { start: Date; end: Date },
): Promise<Array<{ employee: UserRow; busy: Array<{ start: number; end: number }> }>> {
  const rows = await db
    .select({ employee: users, start: appointments.startsAt, end: appointments.endsAt })
    .from(users)
    .leftJoin(
      appointments,
      and(
        eq(appointments.employeeId, users.id),
        ne(appointments.status, 'Cancelled'),
        activeOverlap(appointments.endsAt, window.start, window.end),
      ),
    )
    .where(
      and(
        eq(users.role, 'employee'),
        eq(users.deleted, false),
        sql`lower(${users.employeeRole}) = lower(${role.trim()})`,
      ),
    );
  const byEmployee = new Map<string, { employee: UserRow; busy: Array<{ start: number; end: number }> }>();
  for (const row of rows) {
    const entry = byEmployee.get(row.employee.id) ?? { employee: row.employee, busy: [] };
    byEmployee.set(row.employee.id, entry);
    if (row.start && row.end) entry.busy.push({ start: row.start.getTime(), end: row.end.getTime() });
  }
  return [...byEmployee.values()];
}

/** Every room's spans (cleanup included) that active appointments block over the window. */
export async function busyRoomSpansInWindow(
  db: Queryable,
  window: { start: Date; end: Date },
): Promise<Array<{ roomId: string; start: number; end: number }>> {
  const rows = await db
    .select({ roomId: appointments.roomId, start: appointments.startsAt, end: appointments.roomFreeAt })
    .from(appointments)
    .where(
      and(
        ne(appointments.status, 'Cancelled'),
        activeOverlap(appointments.roomFreeAt, window.start, window.end),
      ),
    );
  return rows.map((row) => ({ roomId: row.roomId, start: row.start.getTime(), end: row.end.getTime() }));
}

export interface RoomAvailability {
  room: RoomRow;
  /** Whether an active appointment (its cleanup included) overlaps the asked span in this room. */
  busy: boolean;
}

/**
 * The rooms of a type that exist, each with whether it is taken over [start, roomFreeAt): one round
 * trip for the booking's price (the type's first bookable room) and its free rooms.
 */
export async function roomsOfTypeAt(
  db: Queryable,
  type: string,
  span: { start: Date; end: Date },
  exceptAppointmentId?: string,
): Promise<RoomAvailability[]> {
  const taken = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(
      and(
        eq(appointments.roomId, rooms.id),
        ne(appointments.status, 'Cancelled'),
        exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
        activeOverlap(appointments.roomFreeAt, span.start, span.end),
      ),
    );
  const rows = await db
    .select({ room: rooms, busy: sql<boolean>`exists (${taken})` })
    .from(rooms)
    .where(and(eq(rooms.type, type), eq(rooms.deleted, false)));
  return rows;
}

/** The rooms of a type that exist (not deleted), in one read: with busyRoomSpansInWindow, a batch's rooms. */
export async function roomsOfType(db: Queryable, type: string): Promise<RoomRow[]> {
  return db
    .select()
    .from(rooms)
    .where(and(eq(rooms.type, type), eq(rooms.deleted, false)));
}

export interface EmployeeAvailability {
  employee: UserRow;
  /** Whether an active appointment overlaps the asked treatment span for this employee. */
  busy: boolean;
  /** Active appointments of theirs starting within the asked day: spreads the work. */
  load: number;
}

/** Employees whose employee role is `role` (any case), each with whether they are busy and their day's load. */
export async function employeesWithRoleAt(
  db: Queryable,
  role: string,
  span: { start: Date; end: Date },
  day: { start: Date; end: Date },
  exceptAppointmentId?: string,
): Promise<EmployeeAvailability[]> {
  const busy = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, users.id),
        ne(appointments.status, 'Cancelled'),
        exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
        activeOverlap(appointments.endsAt, span.start, span.end),
      ),
    );
  const load = db
    .select({ load: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, users.id),
        ne(appointments.status, 'Cancelled'),
        gte(appointments.startsAt, day.start),
        lt(appointments.startsAt, day.end),
      ),
    );
  return db
    .select({ employee: users, busy: sql<boolean>`exists (${busy})`, load: sql<number>`(${load})::int` })
    .from(users)
    .where(
      and(
        eq(users.role, 'employee'),
        eq(users.deleted, false),
        sql`lower(${users.employeeRole}) = lower(${role.trim()})`,
      ),
    )
    .orderBy(asc(users.name));
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
