import type { Queryable } from '@spa/kit';
import { and, asc, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { appointments, rooms, users, type RoomRow, type UserRow } from './schema.js';

/*
 * Who and what is taken when: the rooms' and the employees' busy spans, the rooms and the staff free
 * over a slot, and the blocks the desk's calendar draws. Cancelled appointments take nothing.
 */

/** Whether an active appointment's span (up to `column`) overlaps [start, end). */
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
      checkedOutSaleId: appointments.checkedOutSaleId,
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
