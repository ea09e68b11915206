import { AppError } from '@spa/kit';
import type { BookingRules } from '../config.js';
import { formatLocalDateTime, fromLocal, MINUTE_MS, toLocal } from '@spa/rules';
import { nearestFreeStarts, type Span } from '../domain/slot-suggestions.js';
import { busyRoomSpans } from '../db/appointments.repository.js';
import type { RoomRow } from '../db/schema.js';
import type { Slot } from './allocation.js';
import type { BookingContext } from './context.js';

export const fieldError = (
  status: number,
  code: string,
  field: string,
  message: string,
  extra: object = {},
) => new AppError(status, code, message, [{ field, message, ...extra }]);

/** Checks the requested start on its own: a whole minute, in the future, not too far ahead. */
export function startProblem(startMs: number, now: Date, rules: BookingRules): AppError | undefined {
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

/** The 409 when no room of the type is free: it says so and lists the nearest free start times. */
export async function noRoomAvailable(
  context: BookingContext,
  type: string,
  rooms: readonly RoomRow[],
  slot: Slot,
  now: Date,
  exceptAppointmentId?: string,
): Promise<AppError> {
  const suggestions = await suggestStarts(context, rooms, slot, now, exceptAppointmentId);
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

export async function suggestStarts(
  context: BookingContext,
  rooms: readonly RoomRow[],
  slot: Slot,
  now: Date,
  exceptAppointmentId?: string,
): Promise<number[]> {
  const { rules } = context.config;
  const requestedDay = toLocal(slot.start.getTime(), rules.timeZone).day;
  const window = {
    start: new Date(fromLocal({ day: requestedDay, minute: 0 }, rules.timeZone)),
    end: new Date(fromLocal({ day: requestedDay + SUGGESTION_DAYS_AFTER + 1, minute: 0 }, rules.timeZone)),
  };
  const spans = await busyRoomSpans(
    context.db,
    rooms.map((room) => room.id),
    window,
    exceptAppointmentId,
  );
  const roomsBusy: Span[][] = rooms.map((room) => spans.filter((span) => span.roomId === room.id));
  const durationMinutes = (slot.end.getTime() - slot.start.getTime()) / MINUTE_MS;
  return nearestFreeStarts({
    requestedStart: slot.start.getTime(),
    durationMinutes,
    cleanupMinutes: (slot.roomFreeAt.getTime() - slot.end.getTime()) / MINUTE_MS,
    roomsBusy,
    hours: rules,
    now: now.getTime(),
    stepMinutes: rules.suggestionStepMinutes,
    count: rules.suggestionCount,
    daysAfter: SUGGESTION_DAYS_AFTER,
  });
}
