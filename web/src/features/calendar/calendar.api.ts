import type { CheckInStatus } from '@spa/rules';
import { useEffect, useRef, useState } from 'react';
import { get, isApiError, post, put, stream } from '../../lib/api';
import { followEvents } from '../../lib/event-stream';

export interface CalendarDay {
  date: string;
  closed: boolean;
  /** "09:00", 24-hour business time. */
  opens: string;
  closes: string;
  /** A closure or special hours: "Closed: Diwali". */
  note?: string;
}

interface CalendarRoom {
  id: string;
  roomNumber: string;
  type: string;
  capacity: string;
  status: string;
}

interface CalendarEmployee {
  id: string;
  name: string;
  employeeRole: string;
  hours: Array<{ date: string; off?: boolean; opens?: string; closes?: string }>;
}

export interface CalendarAppointment {
  id: string;
  appointmentId: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  start: string;
  end: string;
  /** The room is being cleaned until then. */
  cleanupUntil: string;
  roomId: string;
  roomNumber: string;
  employeeId: string | null;
  employeeName: string | null;
  customerName: string;
  /** The customer's no-shows so far (this one included, once marked). */
  customerNoShows: number;
  serviceName: string;
  /** The check-in flow's recorded times (null until each step is taken). */
  arrivedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  noShowAt: string | null;
  /** The counter sale the visit was checked out on, once it was. */
  checkedOutSaleId?: string | null;
}

export interface CalendarData {
  timeZone: string;
  days: CalendarDay[];
  rooms: CalendarRoom[];
  employees: CalendarEmployee[];
  appointments: CalendarAppointment[];
}

export const calendarKeys = {
  all: ['appointments', 'calendar'] as const,
  range: (date: string, days: number) => ['appointments', 'calendar', date, days] as const,
};

/** GET /appointments/calendar: an admin's, a manager's or a receptionist's day or week. */
export const fetchCalendar = (date: string, days: 1 | 7) =>
  get<CalendarData>('/appointments/calendar', { query: { date, days } });

/** The desk moves an appointment: another start, and (day view by room) another room of its type. */
export const moveAppointment = (id: string, appointmentDateTime: string, roomId?: string) =>
  put(`/appointments/${encodeURIComponent(id)}/reschedule`, {
    appointmentDateTime,
    ...(roomId ? { roomId } : {}),
  });

/** The check-in flow: Arrived, In Progress, Completed, or No-show (booking records the time). */
export const checkInAppointment = (id: string, status: CheckInStatus) =>
  put(`/appointments/${encodeURIComponent(id)}/check-in`, { status });

/** The desk gives an appointment to an employee of its treatment's role (the drop onto their column). */
export const assignEmployeeTo = (id: string, employeeId: string) =>
  post(`/appointments/${encodeURIComponent(id)}/assign-employee`, { employeeId });

/**
 * Follows GET /appointments/calendar/changes while mounted: `onChange` after every change another
 * desk, a therapist or a customer makes, and after each (re)connect (changes while it was down are not
 * replayed). Answers whether the stream is open; while it is not, the page falls back to asking often.
 */
export function useCalendarChanges(onChange: () => void): boolean {
  const [live, setLive] = useState(false);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(
    () =>
      followEvents({
        open: (signal) => stream('/appointments/calendar/changes', { signal }),
        onEvent: ({ event }) => {
          if (event === 'changed' || event === 'ready') latest.current();
        },
        onLive: setLive,
        // Refused (signed out, or not a desk): asking again would only be refused again.
        shouldRetry: (error) => !(isApiError(error) && [401, 403].includes(error.status)),
      }),
    [],
  );
  return live;
}
