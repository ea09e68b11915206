import { formatCalendarDate } from '../../lib/format';
import { employeeRoleLabel } from '../auth/account';
import type { CalendarAppointment, CalendarData, CalendarDay } from './calendar.api';
import { addDaysTo, gridHours, localOf, minuteOfClock, mondayOf } from './calendar-layout';

/** A day or a week; a day shows a column per room or per employee, a week a column per day. */
export type CalendarView = 'day' | 'week';
export type ColumnsBy = 'room' | 'employee';

/** What the page's address asks for (?view=week&by=employee&date=2026-12-01), today by default. */
export function calendarViewOf(params: URLSearchParams, today: string) {
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'day';
  const by: ColumnsBy = params.get('by') === 'employee' ? 'employee' : 'room';
  const asked = params.get('date');
  const date = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : today;
  const first = view === 'week' ? mondayOf(date) : date;
  const days = view === 'week' ? 7 : 1;
  return { view, by, first, days, last: addDaysTo(first, days - 1) } as const;
}

export const dayLabel = (date: string) => formatCalendarDate(date);

/** "9:05 AM": a minute of the business day. */
export const clock12 = (minute: number) => {
  const hours = Math.floor(minute / 60);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minute % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};

/** "10:00 AM–11:00 AM": the treatment's time, without the cleanup. */
export const appointmentSpan = (appointment: Pick<CalendarAppointment, 'start' | 'end'>) =>
  `${clock12(localOf(appointment.start).minute)}–${clock12(localOf(appointment.end).minute)}`;

/** "Arrived 9:52 AM · Started 10:02 AM": the check-in flow's times, as the desk recorded them. */
export function recordedSteps(
  appointment: Pick<CalendarAppointment, 'arrivedAt' | 'startedAt' | 'completedAt' | 'noShowAt'>,
): string[] {
  const steps: Array<[string, string | null]> = [
    ['Arrived', appointment.arrivedAt],
    ['Started', appointment.startedAt],
    ['Completed', appointment.completedAt],
    ['No-show marked', appointment.noShowAt],
  ];
  return steps.flatMap(([label, at]) => (at ? [`${label} ${clock12(localOf(at).minute)}`] : []));
}

export interface Column {
  key: string;
  title: string;
  subtitle?: string;
  date: string;
  appointments: CalendarAppointment[];
  /** Shaded spans: the column's closed hours (an employee off, a closed day), as minutes of the day. */
  shaded: Array<{ from: number; to: number; label: string }>;
}

/**
 * The grid's columns: a week's days; or a day's rooms; or a day's employees, each shaded outside their
 * hours, then "Not assigned" when some appointment has no employee yet. A closed day is shaded whole.
 */
export function columnsOf(data: CalendarData, view: CalendarView, by: ColumnsBy): Column[] {
  const grid = gridHours(data.days, data.appointments);
  const closedDay = (day: CalendarDay) =>
    day.closed ? [{ from: grid.startMinute, to: grid.endMinute, label: day.note ?? 'Closed' }] : [];
  if (view === 'week')
    return data.days.map((day) => ({
      key: day.date,
      title: dayLabel(day.date),
      subtitle: day.note,
      date: day.date,
      appointments: data.appointments.filter((appointment) => localOf(appointment.start).date === day.date),
      shaded: closedDay(day),
    }));
  const day = data.days[0]!;
  if (by === 'room')
    return data.rooms.map((room) => ({
      key: room.id,
      title: `Room ${room.roomNumber}`,
      subtitle: `${room.type} · ${room.capacity}${room.status === 'Maintenance' ? ' · maintenance' : ''}`,
      date: day.date,
      appointments: data.appointments.filter((appointment) => appointment.roomId === room.id),
      shaded: closedDay(day),
    }));
  const unassigned = data.appointments.filter((appointment) => !appointment.employeeId);
  return [
    ...data.employees.map((employee) => {
      const hours = employee.hours[0];
      const works = hours && !hours.off && hours.opens && hours.closes;
      return {
        key: employee.id,
        title: employee.name,
        subtitle: works
          ? `${employeeRoleLabel(employee.employeeRole)} · ${hours.opens}–${hours.closes}`
          : 'Off today',
        date: day.date,
        appointments: data.appointments.filter((appointment) => appointment.employeeId === employee.id),
        shaded: day.closed
          ? closedDay(day)
          : works
            ? [
                { from: grid.startMinute, to: minuteOfClock(hours.opens!), label: 'Not working' },
                { from: minuteOfClock(hours.closes!), to: grid.endMinute, label: 'Not working' },
              ].filter((spanOf) => spanOf.to > spanOf.from)
            : [{ from: grid.startMinute, to: grid.endMinute, label: 'Off' }],
      };
    }),
    ...(unassigned.length > 0
      ? [{ key: 'unassigned', title: 'Not assigned', date: day.date, appointments: unassigned, shaded: [] }]
      : []),
  ];
}
