import { notFound, type AuthUser, type Queryable } from '@spa/kit';
import { fromLocal, toLocal } from '@spa/rules';
import type { AppointmentView } from '../domain/appointment-view.js';
import {
  dateOfDay,
  dayOfDate,
  hoursProblemAt,
  minuteOfClock,
  specialDaysByDay,
  stillFits,
  type SpecialDay,
} from '../domain/special-days.js';
import { openAppointmentsStarting } from '../db/appointment-lists.repository.js';
import {
  deleteSpecialDay,
  findSpecialDay,
  specialDaysBetween,
  upsertSpecialDay,
} from '../db/special-days.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { fieldError } from '../domain/field-error.js';
import { actorOf, nowOf, todayOf, type BookingContext } from './context.js';
import { readEachTime, type SharedReads } from './shared-reads.js';

/** How far ahead a closure may be set: the booking window is shorter, a festival calendar is not. */
const MAX_DAYS_AHEAD = 2 * 366;
const DEFAULT_LIST_DAYS = 366;

export interface SpecialDayInput {
  closed: boolean;
  /** "10:00", 24-hour local; required when not closed. */
  opens?: string;
  closes?: string;
  reason: string;
}

/** A date of the path or query: a real YYYY-MM-DD, or the 400 that says so. */
function dayOf(date: string, field: string): number {
  const day = dayOfDate(date);
  if (day === undefined)
    throw fieldError(400, 'VALIDATION_FAILED', field, 'The date must be a real date like 2026-11-08.');
  return day;
}

/** GET /appointments/special-days: the closures and special hours from a date (today) for a year. */
export async function listSpecialDays(
  context: BookingContext,
  query: { from?: string; to?: string },
): Promise<SpecialDay[]> {
  const first = query.from ? dayOf(query.from, 'from') : todayOf(context);
  const last = query.to ? dayOf(query.to, 'to') : first + DEFAULT_LIST_DAYS;
  if (last < first)
    throw fieldError(400, 'VALIDATION_FAILED', 'to', 'The last date must not be before the first.');
  return specialDaysBetween(context.db, dateOfDay(first), dateOfDay(last));
}

/** The open appointments of a date that its hours (as they are now) no longer hold. */
export async function strandedAppointments(
  context: BookingContext,
  date: string,
): Promise<AppointmentView[]> {
  const day = dayOf(date, 'date');
  const { rules } = context.config;
  const window = {
    start: new Date(fromLocal({ day, minute: 0 }, rules.timeZone)),
    end: new Date(fromLocal({ day: day + 1, minute: 0 }, rules.timeZone)),
  };
  const [special, open] = await Promise.all([
    findSpecialDay(context.db, date),
    openAppointmentsStarting(context.db, window),
  ]);
  const byDay = specialDaysByDay(special ? [special] : []);
  return open.filter((view) => !stillFits(view.startsAt.getTime(), view.endsAt.getTime(), rules, byDay));
}

/**
 * PUT /appointments/special-days/:date (admin): the spa is closed that day, or open other hours. Written
 * with its event; the appointments it strands are answered for the admin to move or cancel (they are
 * never cancelled behind the admin's back: a customer may agree to another time).
 */
export async function setSpecialDay(
  context: BookingContext,
  date: string,
  input: SpecialDayInput,
  user: AuthUser,
): Promise<{ specialDay: SpecialDay; stranded: AppointmentView[] }> {
  const day = dayOf(date, 'date');
  const today = todayOf(context);
  if (day < today)
    throw fieldError(422, 'DATE_IN_PAST', 'date', 'A closure or special hours can be set from today on.');
  if (day > today + MAX_DAYS_AHEAD)
    throw fieldError(
      422,
      'TOO_FAR_AHEAD',
      'date',
      'Closures and special hours can be set up to two years ahead.',
    );
  const reason = input.reason.trim();
  if (!reason)
    throw fieldError(400, 'VALIDATION_FAILED', 'reason', 'Say why (customers see it), e.g. Diwali.');
  let specialDay: SpecialDay;
  if (input.closed) {
    specialDay = { date, closed: true, opensMinute: null, closesMinute: null, reason };
  } else {
    if (!input.opens || !input.closes)
      throw fieldError(
        400,
        'VALIDATION_FAILED',
        input.opens ? 'closes' : 'opens',
        'Give the hours the spa opens and closes that day.',
      );
    const opensMinute = minuteOfClock(input.opens);
    const closesMinute = minuteOfClock(input.closes);
    if (closesMinute <= opensMinute)
      throw fieldError(400, 'VALIDATION_FAILED', 'closes', 'The spa must close after it opens.');
    specialDay = { date, closed: false, opensMinute, closesMinute, reason };
  }
  const at = nowOf(context);
  const actor = actorOf(user);
  await context.db.transaction(async (tx) => {
    await upsertSpecialDay(tx, specialDay, { id: user.id, at });
    await context.publish(tx, bookingEvents.specialDaySet, date, {
      date,
      closed: specialDay.closed,
      opensMinute: specialDay.opensMinute ?? 0,
      closesMinute: specialDay.closesMinute ?? 0,
      reason,
      setBy: actorMessage(actor),
      updatedAtMs: BigInt(at.getTime()),
    });
  });
  return { specialDay, stranded: await strandedAppointments(context, date) };
}

/** DELETE /appointments/special-days/:date (admin): the usual hours again. */
export async function removeSpecialDay(context: BookingContext, date: string, user: AuthUser): Promise<void> {
  dayOf(date, 'date');
  const at = nowOf(context);
  await context.db.transaction(async (tx) => {
    if (!(await deleteSpecialDay(tx, date)))
      throw notFound('There is no closure or special hours on that date.');
    await context.publish(tx, bookingEvents.specialDayRemoved, date, {
      date,
      removedBy: actorMessage(actorOf(user)),
      removedAtMs: BigInt(at.getTime()),
    });
  });
}

/** The special days over a window of local days, for the engine, the suggestions and availability. */
export async function specialDaysAround(context: BookingContext, firstDay: number, lastDay: number) {
  return specialDaysByDay(await specialDaysBetween(context.db, dateOfDay(firstDay), dateOfDay(lastDay)));
}

/**
 * The 422 when a treatment of `minutes` from `startMs` falls outside its day's hours (the usual ones,
 * or that date's special hours) or on a closed day; undefined when it fits. Booking and rescheduling
 * ask alike.
 */
export async function hoursRefusal(
  context: BookingContext,
  db: Queryable,
  startMs: number,
  minutes: number,
  reads: SharedReads = readEachTime,
) {
  const { rules } = context.config;
  const date = dateOfDay(toLocal(startMs, rules.timeZone).day);
  const special = await reads(`special-day:${date}`, () => findSpecialDay(db, date));
  const problem = hoursProblemAt(startMs, minutes, rules, specialDaysByDay(special ? [special] : []));
  return problem && fieldError(422, problem.code, 'appointmentDateTime', problem.message);
}
