/**
 * Business time and business hours. Times are stored and sent in UTC and shown in the business's time
 * zone. The business runs in Asia/Kolkata, which has had a fixed offset (UTC+05:30, no daylight
 * saving) since 1945, so local wall-clock arithmetic is a fixed shift; a zone with daylight saving
 * would need a real tz library. The hours themselves are booking's configuration (BUSINESS_OPENS,
 * BUSINESS_CLOSES, BUSINESS_TIME_ZONE), served at GET /api/v1/appointments/rules: every check here
 * takes them as an argument, so booking and the web's date picker apply the same rule.
 */
const FIXED_OFFSETS_MINUTES: Record<string, number> = { 'Asia/Kolkata': 330 };

export const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export function offsetMinutesOf(timeZone: string): number {
  const offset = FIXED_OFFSETS_MINUTES[timeZone];
  if (offset === undefined) throw new Error(`Unsupported business time zone ${timeZone}`);
  return offset;
}

/** A wall-clock reading in the business's zone. */
export interface LocalTime {
  /** Days since 1970-01-01 in the local calendar. */
  day: number;
  /** Minutes since local midnight. */
  minute: number;
}

export function toLocal(instantMs: number, timeZone: string): LocalTime {
  const localMinutes = Math.floor(instantMs / MINUTE_MS) + offsetMinutesOf(timeZone);
  const day = Math.floor(localMinutes / DAY_MINUTES);
  return { day, minute: localMinutes - day * DAY_MINUTES };
}

export function fromLocal(local: LocalTime, timeZone: string): number {
  return (local.day * DAY_MINUTES + local.minute - offsetMinutesOf(timeZone)) * MINUTE_MS;
}

/** "20261121": the local calendar date, as the human appointment ids carry it. */
export function compactLocalDate(instantMs: number, timeZone: string): string {
  const date = new Date(toLocal(instantMs, timeZone).day * DAY_MINUTES * MINUTE_MS);
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "09:00", "21:30": a minute of the day on a 24-hour clock (configuration, schema.org hours). */
export function clock24Text(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  return `${String(hours).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/** "9:00 AM", "12:30 PM": a minute of the day on a 12-hour clock. */
export function clockText(minuteOfDay: number): string {
  const hours24 = Math.floor(minuteOfDay / 60) % 24;
  const minutes = minuteOfDay % 60;
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${String(minutes).padStart(2, '0')} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

/** "Sat 21 Nov 2026, 11:30 AM" in the business's zone (built by hand: the same on every ICU build). */
export function formatLocalDateTime(instantMs: number, timeZone: string): string {
  const local = toLocal(instantMs, timeZone);
  const date = new Date(local.day * DAY_MINUTES * MINUTE_MS);
  const weekday = WEEKDAYS[date.getUTCDay()];
  const month = MONTHS[date.getUTCMonth()];
  return `${weekday} ${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${clockText(local.minute)}`;
}

export interface BusinessHours {
  /** Minutes from local midnight: appointments start and end inside [openMinute, closeMinute]. */
  openMinute: number;
  closeMinute: number;
  /** IANA zone; only fixed-offset zones are supported (offsetMinutesOf). */
  timeZone: string;
}

/** "9:00 AM – 9:00 PM": the hours as the pages print them (`separator` between the two times). */
export function businessHoursText(
  hours: Pick<BusinessHours, 'openMinute' | 'closeMinute'>,
  separator = ' – ',
): string {
  return `${clockText(hours.openMinute)}${separator}${clockText(hours.closeMinute)}`;
}

/** Whether [start, start + minutes) lies inside one day's business hours. */
export function fitsBusinessHours(startMs: number, minutes: number, hours: BusinessHours): boolean {
  const { minute } = toLocal(startMs, hours.timeZone);
  return minute >= hours.openMinute && minute + minutes <= hours.closeMinute;
}

/** The sentence a customer reads when a time falls outside business hours. */
export function businessHoursProblem(minutes: number, hours: BusinessHours): string {
  const open = clockText(hours.openMinute);
  const close = clockText(hours.closeMinute);
  const lastStart = hours.closeMinute - minutes;
  const window =
    lastStart >= hours.openMinute
      ? `A ${minutes}-minute treatment can start between ${open} and ${clockText(lastStart)}.`
      : `A ${minutes}-minute treatment does not fit in one day's hours.`;
  return `Appointments must start and end within business hours, ${open} to ${close} (${hours.timeZone}). ${window}`;
}
