import { useQuery } from '@tanstack/react-query';
import { appointmentKeys, fetchAvailability, type AvailabilityDay } from './appointments.api';
import { addDays, BOOKING_WINDOW_DAYS, businessDayOf, daysBetween, type CalendarDay } from './business-time';

/**
 * What booking says can be booked, as the time and room steps ask it: is this day
 * full, is this start taken, which room choices are free at this start. Undefined while unknown (not
 * loaded, or booking unreachable): the steps then offer what the hours allow, and Confirm decides.
 */
export interface AvailabilityView {
  fullDay(day: CalendarDay): boolean;
  takenStart(startIso: string): boolean;
  roomsAt(startIso: string): ReadonlySet<string> | undefined;
  /** A closure or special hours the admin set for the day: "Closed: Diwali". */
  noteOf(day: CalendarDay): string | undefined;
}

export const dateKey = (day: CalendarDay) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

export function availabilityView(days: readonly AvailabilityDay[]): AvailabilityView {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const byStart = new Map(
    days.flatMap((day) => day.starts.map(({ start, rooms }) => [Date.parse(start), new Set(rooms)] as const)),
  );
  const dateOf = (startIso: string) => dateKey(businessDayOf(new Date(startIso)));
  return {
    fullDay: (day) => byDate.get(dateKey(day))?.starts.length === 0,
    noteOf: (day) => byDate.get(dateKey(day))?.note,
    takenStart: (startIso) => byDate.has(dateOf(startIso)) && !byStart.has(Date.parse(startIso)),
    roomsAt: (startIso) =>
      byDate.has(dateOf(startIso)) ? (byStart.get(Date.parse(startIso)) ?? new Set()) : undefined,
  };
}

/** The days of a month the picker shows that can still be booked: from today (or the 1st) to its end. */
export function monthRange(
  month: { year: number; month: number },
  today: CalendarDay,
): { from: CalendarDay; days: number } | undefined {
  const first = { year: month.year, month: month.month, day: 1 };
  const from = daysBetween(today, first) > 0 ? first : today;
  const nextMonth =
    month.month === 12 ? { year: month.year + 1, month: 1 } : { year: month.year, month: month.month + 1 };
  const last = addDays({ ...nextMonth, day: 1 }, -1);
  const lastBookable = addDays(today, BOOKING_WINDOW_DAYS);
  const end = daysBetween(last, lastBookable) < 0 ? lastBookable : last;
  const days = daysBetween(from, end) + 1;
  return days > 0 ? { from, days } : undefined;
}

/** Booking's answer for the days of `month` from `today`, for one treatment and duration. */
export function useAvailability(
  treatment: { serviceId: string; durationMinutes: number; pricingOptionId?: string } | undefined,
  month: { year: number; month: number } | undefined,
  today: CalendarDay,
): AvailabilityView | undefined {
  const range = month ? monthRange(month, today) : undefined;
  const query =
    treatment && range ? { ...treatment, from: dateKey(range.from), days: range.days } : undefined;
  const answer = useQuery({
    queryKey: appointmentKeys.availability(query ?? { serviceId: '', durationMinutes: 0, from: '', days: 0 }),
    queryFn: () => fetchAvailability(query!),
    enabled: Boolean(query),
    // Others book too: a minute-old answer is asked again when the step is shown again.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    retry: 1,
  });
  return answer.data ? availabilityView(answer.data) : undefined;
}
