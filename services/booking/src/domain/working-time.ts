import { shiftCovers, type ShiftHours } from './shifts.js';

/**
 * When an employee works: their own weekly hours when an admin has set them, else
 * their shift's hours every day (the spec's morning and night shifts are the defaults); never on a day
 * of approved time off. The slot engine, auto-assign, the availability read and the admin's list of
 * available employees all ask `works`.
 */

/** A day's working hours, minutes from local midnight: [startMinute, endMinute). */
export interface DayHours {
  startMinute: number;
  endMinute: number;
}

/** Seven entries, Sunday first; null: not working that weekday. */
export type WeeklyHours = ReadonlyArray<DayHours | null>;

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Where a request for time off stands: asked for by the employee, then decided by an admin. */
export const TIME_OFF_STATUSES = ['requested', 'approved', 'declined', 'withdrawn'] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];

/** An approved absence, in local day numbers (toLocal's `day`), both days included. */
interface TimeOffDays {
  firstDay: number;
  lastDay: number;
}

export interface WorkingTime {
  shift: string | null;
  weekly?: WeeklyHours | null;
  timeOff?: readonly TimeOffDays[];
}

/** 0 for Sunday: day 0 of the local calendar (1970-01-01) was a Thursday. */
export const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

function isOff(time: Pick<WorkingTime, 'timeOff'>, day: number): boolean {
  return (time.timeOff ?? []).some((off) => off.firstDay <= day && day <= off.lastDay);
}

/** The hours an employee works on a local day, or null (a weekday off, or time off). */
export function hoursOn(shifts: ShiftHours, time: WorkingTime, day: number): DayHours | null {
  if (isOff(time, day)) return null;
  if (time.weekly) return time.weekly[weekdayOf(day)] ?? null;
  const hours = time.shift ? shifts[time.shift.trim().toLowerCase()] : undefined;
  return hours ?? null;
}

/** Whether the employee works the whole of [startMinute, endMinute) of the local day. */
export function works(
  shifts: ShiftHours,
  time: WorkingTime,
  day: number,
  startMinute: number,
  endMinute: number,
): boolean {
  if (isOff(time, day)) return false;
  if (!time.weekly) return shiftCovers(shifts, time.shift, startMinute, endMinute);
  const hours = time.weekly[weekdayOf(day)];
  return Boolean(hours && hours.startMinute <= startMinute && endMinute <= hours.endMinute);
}

/** What is wrong with a week of hours as an admin sent it, or undefined. */
export function weeklyHoursProblem(weekly: ReadonlyArray<DayHours | null>): string | undefined {
  if (weekly.length !== 7) return 'Give the hours of all seven days, Sunday first (null for a day off).';
  for (const [index, hours] of weekly.entries()) {
    if (!hours) continue;
    if (hours.endMinute <= hours.startMinute) return `${WEEKDAYS[index]}: the day must end after it starts.`;
  }
  return undefined;
}
