import { fitsBusinessHours, fromLocal, MINUTE_MS, toLocal, type BusinessHours } from '@spa/rules';
import { hoursOfDay, NO_SPECIAL_DAYS, type SpecialDays } from './special-days.js';

/** A half-open span of time in epoch milliseconds: [start, end). */
export interface Span {
  start: number;
  end: number;
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

export interface SuggestionRequest {
  requestedStart: number;
  durationMinutes: number;
  /** The room stays blocked this long after the treatment. */
  cleanupMinutes: number;
  /** Per bookable room of the type: the spans its active appointments block (cleanup included). */
  roomsBusy: Span[][];
  hours: BusinessHours;
  /** Closed days and days of other hours; none: every day has the usual hours. */
  special?: SpecialDays;
  now: number;
  /** Candidates sit on this grid of local minutes from opening time (30: 9:00, 9:30, ...). */
  stepMinutes: number;
  count: number;
  /** How many local days after the requested one are searched. */
  daysAfter: number;
}

/** Whether some room is free for the whole appointment plus its cleanup buffer from `start`. */
export function someRoomFree(roomsBusy: Span[][], start: number, blockedMinutes: number): boolean {
  const wanted = { start, end: start + blockedMinutes * MINUTE_MS };
  return roomsBusy.some((busy) => !busy.some((span) => overlaps(span, wanted)));
}

/**
 * The free start times nearest to the one asked for (before or after it, on the requested day and
 * the days after), in time order. A start qualifies when it is in the future, the treatment fits in
 * business hours, and some room of the type is free for the treatment plus its cleanup.
 */
export function nearestFreeStarts(request: SuggestionRequest): number[] {
  const { hours, stepMinutes } = request;
  const blocked = request.durationMinutes + request.cleanupMinutes;
  const firstDay = toLocal(request.requestedStart, hours.timeZone).day;
  const candidates: number[] = [];
  for (let day = firstDay; day <= firstDay + request.daysAfter; day++) {
    const dayHours = hoursOfDay(hours, request.special ?? NO_SPECIAL_DAYS, day);
    if (!dayHours) continue;
    for (
      let minute = dayHours.openMinute;
      minute + request.durationMinutes <= dayHours.closeMinute;
      minute += stepMinutes
    ) {
      const start = fromLocal({ day, minute }, hours.timeZone);
      if (start === request.requestedStart || start <= request.now) continue;
      if (!fitsBusinessHours(start, request.durationMinutes, dayHours)) continue;
      candidates.push(start);
    }
  }
  const distance = (start: number) => Math.abs(start - request.requestedStart);
  const chosen: number[] = [];
  for (const start of candidates.sort((a, b) => distance(a) - distance(b) || a - b)) {
    if (chosen.length >= request.count) break;
    if (someRoomFree(request.roomsBusy, start, blocked)) chosen.push(start);
  }
  return chosen.sort((a, b) => a - b);
}
