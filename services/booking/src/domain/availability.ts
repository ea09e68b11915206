import {
  bookableRoomsInOrder,
  fitsBusinessHours,
  fromLocal,
  MINUTE_MS,
  type BusinessHours,
} from '@spa/rules';
import { fieldError } from './field-error.js';
import type { ShiftHours } from './shifts.js';
import { works, type WorkingTime } from './working-time.js';
import { hoursOfDay, NO_SPECIAL_DAYS, type SpecialDays } from './special-days.js';
import { overlaps, type Span } from './slot-suggestions.js';

/**
 * What a customer can book: for a treatment of a duration, the starts of a day on
 * the wizard's grid that have a free room of some choice (type and capacity, at that choice's price)
 * and a free employee of the treatment's role whose shift covers it. Pure: the spans come from the
 * database in two reads, so a month is computed in memory. The engine still decides at Confirm (two
 * customers may see the same free start; the database lets one of them have it).
 */
export interface AvailabilityRoom {
  id: string;
  roomNumber: string;
  type: string;
  capacity: string;
  status: string;
  pricePaise: number;
  /** What its active appointments block, cleanup included. */
  busy: Span[];
}

interface AvailabilityEmployee extends WorkingTime {
  shift: string | null;
  /** What its active appointments block: the treatments, without the room's cleanup. */
  busy: Span[];
}

export interface AvailabilityRequest {
  /** Local day numbers (toLocal's `day`) to answer, in order. */
  days: number[];
  durationMinutes: number;
  cleanupMinutes: number;
  stepMinutes: number;
  hours: BusinessHours;
  /** Closed days and days of other hours. */
  special?: SpecialDays;
  now: number;
  /** Starts after this are too far ahead to book. */
  latestStart: number;
  rooms: AvailabilityRoom[];
  /** Employees of the treatment's role; null when the treatment names no role (any room will do). */
  employees: AvailabilityEmployee[] | null;
  shifts: ShiftHours;
}

export interface BookableStart {
  start: number;
  /** The room choices free at this start, as the wizard keys them: "Gold|Double Bed". */
  rooms: string[];
}

const roomChoiceKey = (type: string, capacity: string) => `${type}|${capacity}`;

/** Each room choice's price, as the wizard offers it: the price of the choice's first bookable room. */
export function roomChoicePrices(
  rooms: ReadonlyArray<{
    roomNumber: string;
    status: string;
    type: string;
    capacity: string;
    pricePaise: number;
  }>,
): Map<string, number> {
  const priceOf = new Map<string, number>();
  for (const room of bookableRoomsInOrder(rooms)) {
    const key = roomChoiceKey(room.type, room.capacity);
    if (!priceOf.has(key)) priceOf.set(key, room.pricePaise);
  }
  return priceOf;
}

/** The rooms a choice may be given: of its type and capacity, at the price of its first bookable room. */
function roomsByChoice(rooms: readonly AvailabilityRoom[]): Map<string, AvailabilityRoom[]> {
  const byChoice = new Map<string, AvailabilityRoom[]>();
  const priceOf = roomChoicePrices(rooms);
  for (const room of bookableRoomsInOrder(rooms)) {
    const key = roomChoiceKey(room.type, room.capacity);
    if (room.pricePaise !== priceOf.get(key)) continue;
    byChoice.set(key, [...(byChoice.get(key) ?? []), room]);
  }
  return byChoice;
}

const free = (busy: readonly Span[], wanted: Span) => !busy.some((span) => overlaps(span, wanted));

/** Each asked day with its bookable starts, in time order (an empty list: nothing free that day). */
export function bookableStarts(
  request: AvailabilityRequest,
): Array<{ day: number; starts: BookableStart[] }> {
  const { hours, durationMinutes } = request;
  const choices = [...roomsByChoice(request.rooms)];
  return request.days.map((day) => {
    const starts: BookableStart[] = [];
    const dayHours = hoursOfDay(hours, request.special ?? NO_SPECIAL_DAYS, day);
    if (!dayHours) return { day, starts };
    for (
      let minute = dayHours.openMinute;
      minute + durationMinutes <= dayHours.closeMinute;
      minute += request.stepMinutes
    ) {
      const start = fromLocal({ day, minute }, hours.timeZone);
      if (start <= request.now || start > request.latestStart) continue;
      if (!fitsBusinessHours(start, durationMinutes, dayHours)) continue;
      const treatment = { start, end: start + durationMinutes * MINUTE_MS };
      if (
        request.employees &&
        !request.employees.some(
          (employee) =>
            works(request.shifts, employee, day, minute, minute + durationMinutes) &&
            free(employee.busy, treatment),
        )
      )
        continue;
      const roomSpan = { start, end: treatment.end + request.cleanupMinutes * MINUTE_MS };
      const rooms = choices
        .filter(([, candidates]) => candidates.some((room) => free(room.busy, roomSpan)))
        .map(([key]) => key);
      if (rooms.length > 0) starts.push({ start, rooms });
    }
    return { day, starts };
  });
}

/** Checks the requested start on its own: a whole minute, in the future, not too far ahead. */
export function startProblem(startMs: number, now: Date, rules: { maxDaysAhead: number }) {
  if (startMs % MINUTE_MS !== 0)
    return fieldError(
      400,
      'VALIDATION_FAILED',
      'appointmentDateTime',
      'The appointment time must be a whole minute.',
    );
  if (startMs <= now.getTime())
    return fieldError(
      422,
      'START_IN_PAST',
      'appointmentDateTime',
      'The appointment time must be in the future.',
    );
  if (startMs > now.getTime() + rules.maxDaysAhead * 24 * 60 * MINUTE_MS)
    return fieldError(
      422,
      'TOO_FAR_AHEAD',
      'appointmentDateTime',
      `Appointments can be booked up to ${rules.maxDaysAhead} days ahead.`,
    );
  return undefined;
}
