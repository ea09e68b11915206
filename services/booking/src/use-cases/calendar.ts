import { forbidden, type AuthUser, type Queryable } from '@spa/kit';
import { clock24Text, fromLocal } from '@spa/rules';
import { dateOfDay, dayOfDate, hoursOfDay, specialDayNote } from '../domain/special-days.js';
import { hoursOn } from '../domain/working-time.js';
import { noShowCounts } from '../db/appointment-lists.repository.js';
import { calendarBlocks, existingRooms } from '../db/occupancy.repository.js';
import { employeesByName, findUser } from '../db/read-models.repository.js';
import { workingTimeOf } from '../db/working-time.repository.js';
import { fieldError } from '../domain/field-error.js';
import type { BookingContext } from './context.js';
import { specialDaysAround } from './manage-special-days.js';

/** Who runs the desk besides an admin: employees of these roles. */
const DESK_ROLES = ['manager', 'receptionist'];
export const CALENDAR_DAYS = [1, 7] as const;

/** Whether the user runs the desk: an admin, or an employee whose role is manager or receptionist. */
export async function isDesk(db: Queryable, user: AuthUser): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'employee') return false;
  const employee = await findUser(db, user.id);
  return Boolean(
    employee && !employee.deleted && DESK_ROLES.includes(employee.employeeRole.trim().toLowerCase()),
  );
}

export const CALENDAR_FOR_THE_DESK = 'The calendar is for admins, managers and receptionists.';

/** The admin, or an employee whose role runs the desk; anyone else is refused. */
async function assertDesk(context: BookingContext, viewer: AuthUser): Promise<void> {
  if (!(await isDesk(context.db, viewer))) throw forbidden(CALENDAR_FOR_THE_DESK);
}

/**
 * After a change every desk showing that day asks again at once (the change stream tells them all), so
 * an answer is kept this long and shared by the desks asking in it (after each one's access check), and
 * computed once for those who ask while it is being computed. Per process: a replica's desks share
 * theirs. A change forgets them all (forgetCalendarAnswers) before the desks are told of it.
 */
const SHARED_FOR_MS = 1_000;
const MAX_KEPT = 100;
type CalendarAnswer = Awaited<ReturnType<typeof computeCalendar>>;
const kept = new WeakMap<BookingContext, Map<string, { at: number; answer: Promise<CalendarAnswer> }>>();

/** Called before desks are told of a change, so none of them is answered from before it. */
export function forgetCalendarAnswers(context: BookingContext): void {
  kept.get(context)?.clear();
}

export async function calendarView(
  context: BookingContext,
  query: { date: string; days: number },
  viewer: AuthUser,
): Promise<CalendarAnswer> {
  await assertDesk(context, viewer);
  const firstDay = dayOfDate(query.date);
  if (firstDay === undefined)
    throw fieldError(400, 'VALIDATION_FAILED', 'date', 'The date must be a real date like 2026-11-28.');
  const answers = kept.get(context) ?? new Map<string, { at: number; answer: Promise<CalendarAnswer> }>();
  kept.set(context, answers);
  const key = `${firstDay}/${query.days}`;
  const now = Date.now();
  const fresh = answers.get(key);
  if (fresh && now - fresh.at < SHARED_FOR_MS) return fresh.answer;
  const answer = computeCalendar(context, firstDay, query.days);
  answers.set(key, { at: now, answer });
  answer.catch(() => answers.delete(key));
  if (answers.size > MAX_KEPT)
    for (const [old, entry] of answers) if (now - entry.at >= SHARED_FOR_MS) answers.delete(old);
  return answer;
}

/**
 * GET /appointments/calendar: one day or a week of the spa at a glance: each day's
 * hours (special days included), the rooms and the employees (with the hours each works that day), and
 * every appointment that is not cancelled, with its cleanup. Four reads at once and one for the hours.
 */
async function computeCalendar(context: BookingContext, firstDay: number, dayCount: number) {
  const { rules } = context.config;
  const lastDay = firstDay + dayCount - 1;
  const window = {
    start: new Date(fromLocal({ day: firstDay, minute: 0 }, rules.timeZone)),
    end: new Date(fromLocal({ day: lastDay + 1, minute: 0 }, rules.timeZone)),
  };
  const [rooms, employees, blocks, special] = await Promise.all([
    existingRooms(context.db),
    employeesByName(context.db),
    calendarBlocks(context.db, window),
    specialDaysAround(context, firstDay, lastDay),
  ]);
  const [workingTime, noShows] = await Promise.all([
    workingTimeOf(context.db, employees, firstDay, lastDay),
    noShowCounts(context.db, [...new Set(blocks.map((block) => block.customerId))]),
  ]);
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  const days = Array.from({ length: dayCount }, (_, index) => firstDay + index);
  const names = new Map(employees.map((employee) => [employee.id, employee.name]));
  return {
    timeZone: rules.timeZone,
    days: days.map((day) => {
      const hours = hoursOfDay(rules, special, day);
      const override = special.get(day);
      return {
        date: dateOfDay(day),
        closed: !hours,
        opens: clock24Text(hours?.openMinute ?? rules.openMinute),
        closes: clock24Text(hours?.closeMinute ?? rules.closeMinute),
        ...(override ? { note: specialDayNote(override) } : {}),
      };
    }),
    rooms: rooms
      .map((room) => ({
        id: room.id,
        roomNumber: room.roomNumber,
        type: room.type,
        capacity: room.capacity,
        status: room.status,
      }))
      .sort((a, b) => a.roomNumber.localeCompare(b.roomNumber, undefined, { numeric: true })),
    employees: employees.map((employee) => {
      const time = workingTime.get(employee.id) ?? { shift: employee.shift };
      return {
        id: employee.id,
        name: employee.name,
        employeeRole: employee.employeeRole,
        hours: days.map((day) => {
          const worked = hoursOn(rules.shifts, time, day);
          return worked
            ? {
                date: dateOfDay(day),
                opens: clock24Text(worked.startMinute),
                closes: clock24Text(worked.endMinute),
              }
            : { date: dateOfDay(day), off: true };
        }),
      };
    }),
    appointments: blocks.map((block) => ({
      id: block.id,
      appointmentId: block.code,
      status: block.status,
      paymentStatus: block.paymentStatus,
      paymentMethod: block.paymentMethod,
      start: block.startsAt.toISOString(),
      end: block.endsAt.toISOString(),
      cleanupUntil: block.roomFreeAt.toISOString(),
      roomId: block.roomId,
      roomNumber: block.roomNumber,
      employeeId: block.employeeId,
      employeeName: block.employeeId ? (names.get(block.employeeId) ?? null) : null,
      customerName: block.customerName,
      // The desk sees a customer's record of no-shows on every block of theirs.
      customerNoShows: noShows.get(block.customerId) ?? 0,
      serviceName: block.serviceName,
      arrivedAt: iso(block.arrivedAt),
      startedAt: iso(block.startedAt),
      completedAt: iso(block.completedAt),
      noShowAt: iso(block.noShowAt),
      checkedOutSaleId: block.checkedOutSaleId,
    })),
  };
}
