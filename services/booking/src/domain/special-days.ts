import {
  businessHoursProblem,
  businessHoursText,
  clockText,
  fitsBusinessHours,
  formatLocalDateTime,
  fromLocal,
  MINUTE_MS,
  toLocal,
  type BusinessHours,
} from '@spa/rules';

/**
 * Closures and special hours: a date the spa is closed (Diwali, Holi) or open other
 * hours (staff training until noon). The usual hours are booking's configuration; a special day
 * replaces them for its local date, for the engine, the availability read and the suggestions alike.
 */
export interface SpecialDay {
  /** The local date, YYYY-MM-DD. */
  date: string;
  closed: boolean;
  /** Minutes from local midnight; null when closed. */
  opensMinute: number | null;
  closesMinute: number | null;
  reason: string;
}

const DAY_MS = 24 * 60 * MINUTE_MS;

/** toLocal's day number of a YYYY-MM-DD date, or undefined for one that does not exist. */
export function dayOfDate(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return undefined;
  return ms / DAY_MS;
}

/** "10:30" → 630: a 24-hour local clock (validated as HH:MM by the routes) as minutes from midnight. */
export const minuteOfClock = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The special days by local day number, as the engine looks them up. */
export type SpecialDays = ReadonlyMap<number, SpecialDay>;

export const NO_SPECIAL_DAYS: SpecialDays = new Map();

export function specialDaysByDay(days: readonly SpecialDay[]): SpecialDays {
  return new Map(
    days.flatMap((day) => {
      const number = dayOfDate(day.date);
      return number === undefined ? [] : [[number, day] as const];
    }),
  );
}

/** The hours of one local day: the usual ones, a special day's, or null when the spa is closed. */
export function hoursOfDay(usual: BusinessHours, special: SpecialDays, day: number): BusinessHours | null {
  const override = special.get(day);
  if (!override) return usual;
  if (override.closed || override.opensMinute === null || override.closesMinute === null) return null;
  return { ...usual, openMinute: override.opensMinute, closeMinute: override.closesMinute };
}

/** "Thu 12 Nov 2026": a local date as the messages print it (the rules' hand-built format, not ICU's). */
export function dateText(date: string, timeZone = 'Asia/Kolkata'): string {
  const day = dayOfDate(date) ?? 0;
  return formatLocalDateTime(fromLocal({ day, minute: 0 }, timeZone), timeZone).split(',')[0] ?? date;
}

/**
 * Why a treatment of `minutes` cannot start at `startMs` given the day's hours, as a customer reads
 * it, with the code of the 422; undefined when it fits.
 */
export function hoursProblemAt(
  startMs: number,
  minutes: number,
  usual: BusinessHours,
  special: SpecialDays,
): { code: 'CLOSED_ON_DATE' | 'OUTSIDE_BUSINESS_HOURS'; message: string } | undefined {
  const day = toLocal(startMs, usual.timeZone).day;
  const override = special.get(day);
  const hours = hoursOfDay(usual, special, day);
  if (!hours) {
    return {
      code: 'CLOSED_ON_DATE',
      message: `The spa is closed on ${dateText(dateOfDay(day), usual.timeZone)}${override?.reason ? ` (${override.reason})` : ''}. Please choose another day.`,
    };
  }
  if (fitsBusinessHours(startMs, minutes, hours)) return undefined;
  if (!override) return { code: 'OUTSIDE_BUSINESS_HOURS', message: businessHoursProblem(minutes, usual) };
  const lastStart = hours.closeMinute - minutes;
  const window =
    lastStart >= hours.openMinute
      ? `A ${minutes}-minute treatment can start between ${clockText(hours.openMinute)} and ${clockText(lastStart)}.`
      : `A ${minutes}-minute treatment does not fit in that day's hours.`;
  return {
    code: 'OUTSIDE_BUSINESS_HOURS',
    message: `On ${dateText(dateOfDay(day), usual.timeZone)} the spa is open ${businessHoursText(hours, ' to ')}${override.reason ? ` (${override.reason})` : ''}. ${window}`,
  };
}

/** What the wizard prints under a day that is not the usual one: "Closed: Diwali". */
export function specialDayNote(day: SpecialDay): string {
  if (day.closed || day.opensMinute === null || day.closesMinute === null)
    return `Closed${day.reason ? `: ${day.reason}` : ''}`;
  const hours = businessHoursText({ openMinute: day.opensMinute, closeMinute: day.closesMinute }, ' – ');
  return `Open ${hours}${day.reason ? `: ${day.reason}` : ''}`;
}

/** Whether an appointment [start, end) keeps fitting its day once the day is closed or its hours change. */
export function stillFits(
  startMs: number,
  endMs: number,
  usual: BusinessHours,
  special: SpecialDays,
): boolean {
  return hoursProblemAt(startMs, (endMs - startMs) / MINUTE_MS, usual, special) === undefined;
}
