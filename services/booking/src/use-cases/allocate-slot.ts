import type { Tx } from '@spa/kit';
import type { BookingRules } from '../config.js';
import { rankEmployees, rotateRooms } from '../domain/allocation.js';
import { works } from '../domain/working-time.js';
import { workingTimeOf } from '../db/working-time.repository.js';
import { fromLocal, MINUTE_MS, toLocal } from '@spa/rules';
import { lockSlotKeys } from '../db/appointment-locks.repository.js';
import { employeesWithRoleAt, roomsOfTypeAt, type EmployeeAvailability } from '../db/occupancy.repository.js';
import { isDeadlock, overlapRefused } from '../db/pg-errors.js';
import type { RoomRow, UserRow } from '../db/schema.js';
import type { Queryable } from '@spa/kit';

export interface Slot {
  start: Date;
  /** End of the treatment: the employee is busy over [start, end). */
  end: Date;
  /** End of the cleanup buffer: the room is busy over [start, roomFreeAt). */
  roomFreeAt: Date;
}

export function slotOf(startMs: number, durationMinutes: number, cleanupMinutes: number): Slot {
  const end = startMs + durationMinutes * MINUTE_MS;
  return {
    start: new Date(startMs),
    end: new Date(end),
    roomFreeAt: new Date(end + cleanupMinutes * MINUTE_MS),
  };
}

export interface RoomsAt {
  /** The rooms of the type that can be booked at all (not under maintenance). */
  bookable: RoomRow[];
  /** Of those, the ones free over the slot and its cleanup, as committed now. */
  free: RoomRow[];
}

export async function roomsAt(
  db: Queryable,
  type: string,
  slot: Slot,
  exceptAppointmentId?: string,
): Promise<RoomsAt> {
  const rooms = await roomsOfTypeAt(
    db,
    type,
    { start: slot.start, end: slot.roomFreeAt },
    exceptAppointmentId,
  );
  const bookable = rooms.filter(({ room }) => room.status !== 'Maintenance');
  return {
    bookable: bookable.map(({ room }) => room),
    free: bookable.filter(({ busy }) => !busy).map(({ room }) => room),
  };
}

/**
 * roomsAt worked out from reads made once for many slots (a batch of bookings): the rooms of the type
 * and the busy spans (cleanup included) over a window holding the slot.
 */
export function roomsAtFrom(
  typeRooms: readonly RoomRow[],
  busySpans: readonly { roomId: string; start: number; end: number }[],
  slot: Slot,
): RoomsAt {
  const start = slot.start.getTime();
  const end = slot.roomFreeAt.getTime();
  const busy = new Set(
    busySpans.filter((span) => span.start < end && start < span.end).map((span) => span.roomId),
  );
  const bookable = typeRooms.filter((room) => room.status !== 'Maintenance');
  return { bookable, free: bookable.filter((room) => !busy.has(room.id)) };
}

export function dayOf(slot: Slot, rules: Pick<BookingRules, 'timeZone'>) {
  const local = toLocal(slot.start.getTime(), rules.timeZone);
  return {
    local,
    bounds: {
      start: new Date(fromLocal({ day: local.day, minute: 0 }, rules.timeZone)),
      end: new Date(fromLocal({ day: local.day + 1, minute: 0 }, rules.timeZone)),
    },
  };
}

async function employeesAt(
  db: Queryable,
  rules: BookingRules,
  role: string,
  slot: Slot,
  exceptAppointmentId?: string,
): Promise<EmployeeAvailability[]> {
  if (!role.trim()) return [];
  return employeesWithRoleAt(
    db,
    role,
    { start: slot.start, end: slot.end },
    dayOf(slot, rules).bounds,
    exceptAppointmentId,
  );
}

/** Employees with the role who have nothing active over the treatment, whatever their shift. */
export async function freeEmployeesWithRole(
  db: Queryable,
  rules: BookingRules,
  role: string,
  slot: Slot,
  exceptAppointmentId?: string,
): Promise<UserRow[]> {
  return (await employeesAt(db, rules, role, slot, exceptAppointmentId))
    .filter(({ busy }) => !busy)
    .map(({ employee }) => employee);
}

/** The free employees with the role who work the whole slot (hours, time off), best first (see rankEmployees). */
export async function rankedFreeEmployees(
  db: Queryable,
  rules: BookingRules,
  role: string,
  slot: Slot,
  exceptAppointmentId?: string,
): Promise<UserRow[]> {
  const candidates = (await employeesAt(db, rules, role, slot, exceptAppointmentId)).filter(
    ({ busy }) => !busy,
  );
  const { local } = dayOf(slot, rules);
  const workingTime = await workingTimeOf(
    db,
    candidates.map(({ employee }) => employee),
    local.day,
    local.day,
  );
  return rankFreeEmployees(rules, slot, candidates, workingTime);
}

/**
 * The free candidates who work the whole slot (hours, time off), best first (see rankEmployees), given
 * their working time on the slot's day (workingTimeOf).
 */
export function rankFreeEmployees(
  rules: BookingRules,
  slot: Slot,
  candidates: readonly EmployeeAvailability[],
  workingTime: Awaited<ReturnType<typeof workingTimeOf>>,
): UserRow[] {
  const { local } = dayOf(slot, rules);
  const endMinute = local.minute + (slot.end.getTime() - slot.start.getTime()) / MINUTE_MS;
  const employees = candidates.map(({ employee }) => employee);
  return rankEmployees(employees, {
    shifts: rules.shifts,
    startMinute: local.minute,
    endMinute,
    loads: new Map(candidates.map(({ employee, load }) => [employee.id, load])),
    covers: (employee) =>
      works(
        rules.shifts,
        workingTime.get(employee.id) ?? { shift: employee.shift },
        local.day,
        local.minute,
        endMinute,
      ),
  });
}

export interface Allocation {
  room: RoomRow;
  employeeId: string | null;
}

/** Takes the slot's locks for a room and (optionally) an employee (see lockSlotKeys). */
export async function lockSlot(
  tx: Tx,
  slot: Slot,
  roomId: string | null,
  employeeId: string | null,
  alsoLock: readonly string[] = [],
) {
  await lockSlotKeys(
    tx,
    { roomId, employeeId, start: slot.start, end: slot.end, roomFreeAt: slot.roomFreeAt },
    alsoLock,
  );
}

/** The slot an appointment occupies now. */
export const slotOfAppointment = (appointment: { startsAt: Date; endsAt: Date; roomFreeAt: Date }): Slot => ({
  start: appointment.startsAt,
  end: appointment.endsAt,
  roomFreeAt: appointment.roomFreeAt,
});

/** Something that runs work in a transaction: the database (a transaction) or a transaction (a savepoint). */
export interface TransactionRunner {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

const MAX_DEADLOCK_RETRIES = 3;

/**
 * Writes the appointment into the first room (and the best employee) the database accepts. Each
 * attempt is a transaction of its own (a savepoint inside a caller's transaction) holding the room's
 * and the employee's day locks, and the exclusion constraints are the judge: a booking that took the
 * room or the employee first makes the write fail, and the next room or employee is tried. Without a
 * willing employee the appointment is written unassigned; without a room, nothing is written.
 */
export async function allocate<T>(
  runner: TransactionRunner,
  options: {
    rooms: readonly RoomRow[];
    employees: readonly string[];
    slot: Slot;
    /** Rooms to try first, in order (the current room when rescheduling); the rest are rotated. */
    preferredRoomIds?: readonly string[];
    /**
     * The rooms free now. After a refusal (someone quicker took the room) the rest of the list is asked
     * again, as others may have gone too: trying them one by one would queue behind each winner in turn.
     */
    freeRoomsNow?(): Promise<RoomRow[]>;
    /** Lock keys taken with the slot's, in the same statement (they must sort after them: a customer's). */
    alsoLock?: readonly string[];
    write(tx: Tx, allocation: Allocation): Promise<T>;
  },
): Promise<{ allocation: Allocation; result: T } | undefined> {
  const preferred = options.rooms.filter((room) => options.preferredRoomIds?.includes(room.id));
  let queue = [...preferred, ...rotateRooms(options.rooms.filter((room) => !preferred.includes(room)))];
  const tried = new Set<string>();
  let employees = [...options.employees];
  let deadlocks = 0;
  while (queue.length > 0) {
    const room = queue.shift()!;
    tried.add(room.id);
    let refusedRoom = false;
    for (;;) {
      const allocation = { room, employeeId: employees[0] ?? null };
      const outcome = await runner
        .transaction(async (tx) => {
          await lockSlot(tx, options.slot, room.id, allocation.employeeId, options.alsoLock);
          return { result: await options.write(tx, allocation) };
        })
        .catch((error: unknown) => {
          if (isDeadlock(error) && ++deadlocks <= MAX_DEADLOCK_RETRIES) return 'retry' as const;
          const refused = overlapRefused(error);
          if (!refused) throw error;
          return refused;
        });
      if (typeof outcome === 'object') return { allocation, result: outcome.result };
      if (outcome === 'retry') continue;
      if (outcome === 'room') {
        refusedRoom = true;
        break;
      }
      employees = employees.slice(1);
    }
    if (refusedRoom && options.freeRoomsNow && queue.length > 0) {
      const stillFree = new Set((await options.freeRoomsNow()).map((free) => free.id));
      queue = queue.filter((candidate) => stillFree.has(candidate.id) && !tried.has(candidate.id));
    }
  }
  return undefined;
}
