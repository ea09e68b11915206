import { AppError, notFound } from '@spa/kit';
import { formatLocalDateTime, fromLocal, MINUTE_MS, toLocal } from '@spa/rules';
import { nearestFreeStarts, type Span } from '../domain/slot-suggestions.js';
import { bookableStarts } from '../domain/availability.js';
import { fieldError } from '../domain/field-error.js';
import { dateOfDay, dayOfDate, specialDayNote } from '../domain/special-days.js';
import { specialDaysAround } from './manage-special-days.js';
import { workingTimeOf } from '../db/working-time.repository.js';
import { choosePricingOption, type OptionChoice, type PricingOption } from '../domain/pricing.js';
import {
  busyRoomSpans,
  busyRoomSpansInWindow,
  employeesOfRoleWithBusySpans,
  existingRooms,
} from '../db/occupancy.repository.js';
import { findBookableService, type BookableService } from '../db/read-models.repository.js';
import type { RoomRow } from '../db/schema.js';
import type { Slot } from './allocate-slot.js';
import type { BookingContext } from './context.js';
import { readEachTime, type SharedReads } from './shared-reads.js';

/** The 409 when no room of the type is free: it says so and lists the nearest free start times. */
export async function noRoomAvailable(
  context: BookingContext,
  type: string,
  rooms: readonly RoomRow[],
  slot: Slot,
  now: Date,
  exceptAppointmentId?: string,
  reads: SharedReads = readEachTime,
): Promise<AppError> {
  const suggestions = await suggestStarts(context, rooms, slot, now, exceptAppointmentId, reads);
  const { timeZone } = context.config.rules;
  const listed = suggestions.map((start) => formatLocalDateTime(start, timeZone));
  const message =
    `No ${type} room is free at that time.` +
    (listed.length > 0 ? ` Nearest free start times: ${listed.join('; ')}.` : ' Please choose another day.');
  return new AppError(409, 'NO_ROOM_AVAILABLE', message, [
    {
      field: 'appointmentDateTime',
      message: `No ${type} room is free at that time.`,
      suggestions: suggestions.map((start) => new Date(start).toISOString()),
    },
  ]);
}

const SUGGESTION_DAYS_AFTER = 6;

async function suggestStarts(
  context: BookingContext,
  rooms: readonly RoomRow[],
  slot: Slot,
  now: Date,
  exceptAppointmentId: string | undefined,
  reads: SharedReads,
): Promise<number[]> {
  const { rules } = context.config;
  const requestedDay = toLocal(slot.start.getTime(), rules.timeZone).day;
  const window = {
    start: new Date(fromLocal({ day: requestedDay, minute: 0 }, rules.timeZone)),
    end: new Date(fromLocal({ day: requestedDay + SUGGESTION_DAYS_AFTER + 1, minute: 0 }, rules.timeZone)),
  };
  const roomIds = rooms.map((room) => room.id);
  const [spans, special] = await Promise.all([
    reads(`busy-rooms:${roomIds.join(',')}:${requestedDay}:${exceptAppointmentId ?? ''}`, () =>
      busyRoomSpans(context.db, roomIds, window, exceptAppointmentId),
    ),
    reads(`special-days:${requestedDay}`, () =>
      specialDaysAround(context, requestedDay, requestedDay + SUGGESTION_DAYS_AFTER),
    ),
  ]);
  const roomsBusy: Span[][] = rooms.map((room) => spans.filter((span) => span.roomId === room.id));
  const durationMinutes = (slot.end.getTime() - slot.start.getTime()) / MINUTE_MS;
  return nearestFreeStarts({
    requestedStart: slot.start.getTime(),
    durationMinutes,
    cleanupMinutes: (slot.roomFreeAt.getTime() - slot.end.getTime()) / MINUTE_MS,
    roomsBusy,
    hours: rules,
    special,
    now: now.getTime(),
    stepMinutes: rules.suggestionStepMinutes,
    count: rules.suggestionCount,
    daysAfter: SUGGESTION_DAYS_AFTER,
  });
}

/**
 * The treatment and duration a customer asks for, or the 4xx that says why not: unknown (404), not
 * bookable now (422), or not one of its durations (400). Booking and the availability read ask alike.
 */
export function bookableOption(
  service: BookableService | undefined,
  choice: OptionChoice,
): { service: BookableService; option: PricingOption } {
  if (!service) throw notFound('Service not found');
  if (!service.isActive)
    throw new AppError(
      422,
      'SERVICE_UNAVAILABLE',
      `${service.name} is not available for booking at the moment.`,
    );
  const option = choosePricingOption(service, choice);
  if (typeof option === 'string') throw fieldError(400, 'VALIDATION_FAILED', 'durationMinutes', option);
  return { service, option };
}

export interface AvailabilityQuery {
  serviceId: string;
  durationMinutes: number;
  pricingOptionId?: string;
  /** The first local day, YYYY-MM-DD. */
  from: string;
  /** How many days from it (a month's view at most). */
  days: number;
}

const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * GET /appointments/availability: each day's bookable starts for a treatment of a duration (see
 * domain/availability.ts), from two reads (the rooms' and the role's employees' spans over the days).
 * The wizard shows only these; the engine still judges at Confirm.
 */
export async function bookableTimes(context: BookingContext, query: AvailabilityQuery, now: Date) {
  const { rules } = context.config;
  const firstDay = dayOfDate(query.from);
  if (firstDay === undefined)
    throw fieldError(400, 'VALIDATION_FAILED', 'from', 'The first day must be a date like 2026-11-28.');
  const days = Array.from({ length: query.days }, (_, index) => firstDay + index);
  const window = {
    start: new Date(fromLocal({ day: firstDay, minute: 0 }, rules.timeZone)),
    end: new Date(fromLocal({ day: firstDay + query.days, minute: 0 }, rules.timeZone)),
  };
  // Two round trips: the treatment, the rooms and their spans at once; then the role's employees.
  const [service, rooms, roomSpans, special] = await Promise.all([
    findBookableService(context.db, query.serviceId),
    existingRooms(context.db),
    busyRoomSpansInWindow(context.db, window),
    specialDaysAround(context, firstDay, firstDay + query.days - 1),
  ]);
  const { service: treatment, option } = bookableOption(service, query);
  const role = treatment.assignedEmployeeRole.trim();
  const employees = role ? await employeesOfRoleWithBusySpans(context.db, role, window) : null;
  const workingTime = employees
    ? await workingTimeOf(
        context.db,
        employees.map(({ employee }) => employee),
        firstDay,
        firstDay + query.days - 1,
      )
    : (new Map() as Awaited<ReturnType<typeof workingTimeOf>>);
  const answer = bookableStarts({
    days,
    durationMinutes: option.durationMinutes,
    cleanupMinutes: treatment.cleanupMinutes,
    stepMinutes: rules.suggestionStepMinutes,
    hours: rules,
    special,
    now: now.getTime(),
    latestStart: now.getTime() + rules.maxDaysAhead * DAY_MS,
    rooms: rooms.map((room) => ({
      ...room,
      busy: roomSpans.filter((span) => span.roomId === room.id),
    })),
    employees:
      employees?.map(({ employee, busy }) => ({
        ...(workingTime.get(employee.id) ?? { shift: employee.shift }),
        busy,
      })) ?? null,
    shifts: rules.shifts,
  });
  return {
    serviceId: treatment.id,
    durationMinutes: option.durationMinutes,
    stepMinutes: rules.suggestionStepMinutes,
    timeZone: rules.timeZone,
    days: answer.map(({ day, starts }) => ({
      date: dateOfDay(day),
      // A closed day or one of other hours says so under the date ("Closed: Diwali").
      ...(special.has(day) ? { note: specialDayNote(special.get(day)!) } : {}),
      starts: starts.map(({ start, rooms: choices }) => ({
        start: new Date(start).toISOString(),
        rooms: choices,
      })),
    })),
  };
}
