import { AppError, forbidden, notFound, type AuthUser, type Queryable } from '@spa/kit';
import { fromLocal, toLocal } from '@spa/rules';
import type { AppointmentView } from '../domain/appointment-view.js';
import { dateOfDay, dayOfDate } from '../domain/special-days.js';
import { hoursOn, weeklyHoursProblem, works, type DayHours } from '../domain/working-time.js';
import { openAppointmentsOf } from '../db/appointment-lists.repository.js';
import { findAppointmentView } from '../db/appointment-views.repository.js';
import { isUuid } from '../db/pg-errors.js';
import { employeesByName, findUser } from '../db/read-models.repository.js';
import type { TimeOffRow, TimeOffStatus, UserRow } from '../db/schema.js';
import {
  insertTimeOff,
  listTimeOff,
  lockTimeOff,
  saveWeeklyHours,
  standingTimeOffOverlapping,
  updateTimeOff,
  weeklyHoursOf,
  workingTimeOf,
} from '../db/working-time.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { fieldError } from '../domain/field-error.js';
import { actorOf, nowOf, todayOf, type BookingContext } from './context.js';

export const TIME_OFF_FOR_EMPLOYEES = 'Time off is asked for by employees, for themselves.';
/** The longest single request (a month and a bit: longer leave is asked for in parts). */
const MAX_TIME_OFF_DAYS = 45;
/** How far ahead a stranded appointment is looked for after a change of hours. */
const STRANDED_HORIZON_DAYS = 120;

async function employeeOf(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user || user.deleted || user.role !== 'employee') throw notFound('Employee not found');
  return user;
}

/**
 * The open appointments assigned to an employee from now on that their working time no longer holds;
 * only those on the given local days when they are named (the days of a time off just approved).
 */
async function strandedFor(
  context: BookingContext,
  employee: UserRow,
  onlyDays?: { first: number; last: number },
): Promise<AppointmentView[]> {
  const { rules } = context.config;
  const now = nowOf(context);
  const today = todayOf(context);
  const rows = await openAppointmentsOf(context.db, employee.id, {
    start: now,
    end: new Date(fromLocal({ day: today + STRANDED_HORIZON_DAYS, minute: 0 }, rules.timeZone)),
  });
  if (rows.length === 0) return [];
  const workingTime = (await workingTimeOf(context.db, [employee], today, today + STRANDED_HORIZON_DAYS)).get(
    employee.id,
  )!;
  const outside = rows.filter((row) => {
    const start = toLocal(row.startsAt.getTime(), rules.timeZone);
    if (onlyDays && (start.day < onlyDays.first || start.day > onlyDays.last)) return false;
    const minutes = (row.endsAt.getTime() - row.startsAt.getTime()) / 60_000;
    return !works(rules.shifts, workingTime, start.day, start.minute, start.minute + minutes);
  });
  const views = await Promise.all(outside.map((row) => findAppointmentView(context.db, row.id)));
  return views.filter((view): view is AppointmentView => Boolean(view));
}

export interface ScheduleView {
  employee: UserRow;
  /** Their own weekly hours, or null: their shift's hours every day. */
  weekly: Array<DayHours | null> | null;
  /** What they work each weekday as things stand (their hours, or their shift's), Sunday first. */
  effective: Array<DayHours | null>;
}

async function scheduleView(context: BookingContext, employee: UserRow): Promise<ScheduleView> {
  const weekly = await weeklyHoursOf(context.db, employee.id);
  // Day numbers 3..9 are Sunday..Saturday (day 0, 1970-01-01, was a Thursday).
  const effective = Array.from({ length: 7 }, (_, weekday) =>
    hoursOn(context.config.rules.shifts, { shift: employee.shift, weekly }, 3 + weekday),
  );
  return { employee, weekly, effective };
}

/** GET /appointments/schedules (admin): every employee with their hours, by name. */
export async function schedules(context: BookingContext): Promise<ScheduleView[]> {
  const employees = await employeesByName(context.db, 500);
  return Promise.all(employees.map((employee) => scheduleView(context, employee)));
}

/** GET /appointments/schedules/:employeeId: the admin, or that employee. */
export async function scheduleOf(context: BookingContext, employeeId: string, viewer: AuthUser) {
  if (viewer.role !== 'admin' && viewer.id !== employeeId) throw notFound('Employee not found');
  return scheduleView(context, await employeeOf(context.db, employeeId));
}

/**
 * PUT /appointments/schedules/:employeeId (admin): the employee's own weekly hours, or null for their
 * shift's again. Answers the open appointments assigned to them that the new hours strand, to reassign.
 */
export async function setWeeklyHours(
  context: BookingContext,
  employeeId: string,
  weekly: Array<DayHours | null> | null,
  admin: AuthUser,
): Promise<{ schedule: ScheduleView; stranded: AppointmentView[] }> {
  const employee = await employeeOf(context.db, employeeId);
  if (weekly) {
    const problem = weeklyHoursProblem(weekly);
    if (problem) throw fieldError(400, 'VALIDATION_FAILED', 'weekly', problem);
  }
  const at = nowOf(context);
  await context.db.transaction(async (tx) => {
    await saveWeeklyHours(tx, employee.id, weekly, { id: admin.id, at });
    await context.publish(tx, bookingEvents.weeklyHoursSet, employee.id, {
      employeeId: employee.id,
      usesShift: !weekly,
      days: (weekly ?? []).map((day) =>
        day ? { working: true, startMinute: day.startMinute, endMinute: day.endMinute } : { working: false },
      ),
      setBy: actorMessage(actorOf(admin)),
      updatedAtMs: BigInt(at.getTime()),
    });
  });
  return { schedule: await scheduleView(context, employee), stranded: await strandedFor(context, employee) };
}

const timeOffMessage = (row: TimeOffRow) => ({
  id: row.id,
  employeeId: row.employeeId,
  employeeName: row.employeeName,
  firstDate: row.firstDate,
  lastDate: row.lastDate,
  reason: row.reason,
  status: row.status,
  decisionNote: row.decisionNote ?? '',
});

export interface TimeOffRequest {
  firstDate: string;
  lastDate: string;
  reason: string;
}

/** POST /appointments/time-off: an employee asks for days off (their own). */
export async function requestTimeOff(
  context: BookingContext,
  request: TimeOffRequest,
  user: AuthUser,
): Promise<TimeOffRow> {
  if (user.role !== 'employee') throw forbidden(TIME_OFF_FOR_EMPLOYEES);
  const employee = await employeeOf(context.db, user.id);
  const first = dayOfDate(request.firstDate);
  const last = dayOfDate(request.lastDate);
  if (first === undefined)
    throw fieldError(400, 'VALIDATION_FAILED', 'firstDate', 'The first day must be a real date.');
  if (last === undefined)
    throw fieldError(400, 'VALIDATION_FAILED', 'lastDate', 'The last day must be a real date.');
  if (last < first)
    throw fieldError(400, 'VALIDATION_FAILED', 'lastDate', 'The last day must not be before the first.');
  if (first < todayOf(context))
    throw fieldError(422, 'DATE_IN_PAST', 'firstDate', 'Time off can be asked for from today on.');
  if (last - first + 1 > MAX_TIME_OFF_DAYS)
    throw fieldError(
      422,
      'TIME_OFF_TOO_LONG',
      'lastDate',
      `Ask for at most ${MAX_TIME_OFF_DAYS} days at a time.`,
    );
  const reason = request.reason.trim();
  if (!reason)
    throw fieldError(400, 'VALIDATION_FAILED', 'reason', 'Say why (leave, training, a family event…).');
  const at = nowOf(context);
  return context.db.transaction(async (tx) => {
    // One standing request per day: a second over the same days is refused (withdraw the first).
    const clash = await standingTimeOffOverlapping(tx, employee.id, request.firstDate, request.lastDate);
    if (clash.length > 0)
      throw new AppError(
        409,
        'TIME_OFF_OVERLAPS',
        `You already have time off ${clash[0]!.status} for ${clash[0]!.firstDate} to ${clash[0]!.lastDate}.`,
      );
    const row = await insertTimeOff(tx, {
      employeeId: employee.id,
      employeeName: employee.name,
      firstDate: request.firstDate,
      lastDate: request.lastDate,
      reason,
      status: 'requested',
      requestedAt: at,
    });
    await context.publish(tx, bookingEvents.timeOffRequested, row.id, {
      timeOff: timeOffMessage(row),
      requestedBy: actorMessage(actorOf(user)),
    });
    return row;
  });
}

/** The request itself or 404 (an employee sees only theirs). */
async function lockedRequest(tx: Queryable, id: string, viewer: AuthUser): Promise<TimeOffRow> {
  const row = isUuid(id) ? await lockTimeOff(tx, id) : undefined;
  if (!row || (viewer.role !== 'admin' && row.employeeId !== viewer.id))
    throw notFound('Time off request not found');
  return row;
}

/**
 * PUT /appointments/time-off/:id/decision (admin): approve or decline a request that is still asked
 * for. An approval answers the employee's open appointments on those days, to reassign.
 */
export async function decideTimeOff(
  context: BookingContext,
  id: string,
  decision: 'approved' | 'declined',
  note: string | undefined,
  admin: AuthUser,
): Promise<{ timeOff: TimeOffRow; stranded: AppointmentView[] }> {
  const at = nowOf(context);
  const decided = await context.db.transaction(async (tx) => {
    const current = await lockedRequest(tx, id, admin);
    if (current.status !== 'requested')
      throw new AppError(409, 'TIME_OFF_DECIDED', `This request was already ${current.status}.`);
    const row = await updateTimeOff(tx, current.id, {
      status: decision,
      decidedAt: at,
      decidedBy: admin.id,
      decisionNote: note?.trim() || null,
    });
    await context.publish(tx, bookingEvents.timeOffDecided, row.id, {
      timeOff: timeOffMessage(row),
      previousStatus: current.status,
      decidedBy: actorMessage(actorOf(admin)),
    });
    return row;
  });
  const employee = await findUser(context.db, decided.employeeId);
  const days = { first: dayOfDate(decided.firstDate)!, last: dayOfDate(decided.lastDate)! };
  const stranded = decision === 'approved' && employee ? await strandedFor(context, employee, days) : [];
  return { timeOff: decided, stranded };
}

/** PUT /appointments/time-off/:id/withdraw: the employee takes back a request (asked for or approved) not yet over. */
export async function withdrawTimeOff(
  context: BookingContext,
  id: string,
  user: AuthUser,
): Promise<TimeOffRow> {
  const at = nowOf(context);
  return context.db.transaction(async (tx) => {
    const current = await lockedRequest(tx, id, user);
    if (user.role === 'admin' && current.employeeId !== user.id)
      throw forbidden('An admin declines a request; the employee withdraws it.');
    if (current.status !== 'requested' && current.status !== 'approved')
      throw new AppError(409, 'TIME_OFF_DECIDED', `This request was already ${current.status}.`);
    if (current.lastDate < dateOfDay(todayOf(context)))
      throw new AppError(422, 'TIME_OFF_OVER', 'This time off is over.');
    const row = await updateTimeOff(tx, current.id, {
      status: 'withdrawn',
      decidedAt: at,
      decidedBy: user.id,
    });
    await context.publish(tx, bookingEvents.timeOffDecided, row.id, {
      timeOff: timeOffMessage(row),
      previousStatus: current.status,
      decidedBy: actorMessage(actorOf(user)),
    });
    return row;
  });
}

/** GET /appointments/time-off: an admin sees every request (filters), an employee their own. */
export async function timeOffRequests(
  context: BookingContext,
  query: { status?: TimeOffStatus; employeeId?: string; current?: boolean; page: number; pageSize: number },
  viewer: AuthUser,
) {
  if (viewer.role !== 'admin' && viewer.role !== 'employee') throw forbidden('Only staff have time off.');
  return listTimeOff(context.db, {
    employeeId: viewer.role === 'admin' ? query.employeeId : viewer.id,
    status: query.status,
    endingFrom: query.current ? dateOfDay(todayOf(context)) : undefined,
    page: query.page,
    pageSize: query.pageSize,
  });
}
