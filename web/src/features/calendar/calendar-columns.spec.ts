import { describe, expect, it } from 'vitest';
import type { CalendarAppointment, CalendarData } from './calendar.api';
import {
  appointmentSpan,
  calendarViewOf,
  clock12,
  columnsOf,
  recordedSteps,
  type CalendarView,
  type ColumnsBy,
} from './calendar-columns';

const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+05:30`).toISOString();
const TUESDAY = '2026-12-01';
const WEDNESDAY = '2026-12-02';

const appointment = (
  id: string,
  fields: Partial<CalendarAppointment> & { date?: string; from?: string; to?: string } = {},
): CalendarAppointment => {
  const { date = TUESDAY, from = '10:00', to = '11:00', ...rest } = fields;
  return {
    id,
    appointmentId: `APT-${id}`,
    status: 'Confirmed',
    paymentStatus: 'Cash',
    paymentMethod: 'cash',
    customerNoShows: 0,
    arrivedAt: null,
    startedAt: null,
    completedAt: null,
    noShowAt: null,
    start: at(date, from),
    end: at(date, to),
    cleanupUntil: at(date, to),
    roomId: 'room-101',
    roomNumber: '101',
    employeeId: 'asha',
    employeeName: 'Asha',
    customerName: 'Priya',
    serviceName: 'Massage',
    ...rest,
  };
};

/** A day 09:00–18:00 with two rooms and two employees: Asha works 10:00–16:00, Ravi is off. */
const data = (overrides: Partial<CalendarData> = {}): CalendarData => ({
  timeZone: 'Asia/Kolkata',
  days: [{ date: TUESDAY, closed: false, opens: '09:00', closes: '18:00' }],
  rooms: [
    { id: 'room-101', roomNumber: '101', type: 'Gold', capacity: 'Single Bed', status: 'Available' },
    { id: 'room-102', roomNumber: '102', type: 'Silver', capacity: 'Double Bed', status: 'Maintenance' },
  ],
  employees: [
    {
      id: 'asha',
      name: 'Asha',
      employeeRole: 'servicestaff',
      hours: [{ date: TUESDAY, opens: '10:00', closes: '16:00' }],
    },
    { id: 'ravi', name: 'Ravi', employeeRole: 'manager', hours: [{ date: TUESDAY, off: true }] },
  ],
  appointments: [
    appointment('a'),
    appointment('b', { roomId: 'room-102', roomNumber: '102', employeeId: null, employeeName: null }),
  ],
  ...overrides,
});

/** What a test looks at of a column: its key, title, subtitle, appointments' ids and shading. */
const shapeOf = (view: CalendarView, by: ColumnsBy, calendar: CalendarData) =>
  columnsOf(calendar, view, by).map((column) => ({
    key: column.key,
    title: column.title,
    subtitle: column.subtitle,
    date: column.date,
    ids: column.appointments.map((each) => each.id),
    shaded: column.shaded,
  }));

const closedTuesday = data({
  days: [{ date: TUESDAY, closed: true, opens: '09:00', closes: '18:00', note: 'Closed: Diwali' }],
});
const wholeDay = (label: string) => [{ from: 9 * 60, to: 18 * 60, label }];

describe('columnsOf: the calendar grid’s columns', () => {
  it.each<{ name: string; view: CalendarView; by: ColumnsBy; calendar: CalendarData; expected: unknown }>([
    {
      name: 'a day by room: one column a room, maintenance named, each with its own appointments',
      view: 'day',
      by: 'room',
      calendar: data(),
      expected: [
        {
          key: 'room-101',
          title: 'Room 101',
          subtitle: 'Gold · Single Bed',
          date: TUESDAY,
          ids: ['a'],
          shaded: [],
        },
        {
          key: 'room-102',
          title: 'Room 102',
          subtitle: 'Silver · Double Bed · maintenance',
          date: TUESDAY,
          ids: ['b'],
          shaded: [],
        },
      ],
    },
    {
      name: 'a closed day by room: every room shaded whole with the closure’s note',
      view: 'day',
      by: 'room',
      calendar: closedTuesday,
      expected: [
        expect.objectContaining({ key: 'room-101', shaded: wholeDay('Closed: Diwali') }),
        expect.objectContaining({ key: 'room-102', shaded: wholeDay('Closed: Diwali') }),
      ],
    },
    {
      name: 'a day by employee: shaded outside their hours, "Off" when off, then the unassigned',
      view: 'day',
      by: 'employee',
      calendar: data(),
      expected: [
        {
          key: 'asha',
          title: 'Asha',
          subtitle: 'Service Staff · 10:00–16:00',
          date: TUESDAY,
          ids: ['a'],
          shaded: [
            { from: 9 * 60, to: 10 * 60, label: 'Not working' },
            { from: 16 * 60, to: 18 * 60, label: 'Not working' },
          ],
        },
        {
          key: 'ravi',
          title: 'Ravi',
          subtitle: 'Off today',
          date: TUESDAY,
          ids: [],
          shaded: wholeDay('Off'),
        },
        {
          key: 'unassigned',
          title: 'Not assigned',
          subtitle: undefined,
          date: TUESDAY,
          ids: ['b'],
          shaded: [],
        },
      ],
    },
    {
      name: 'a day by employee with everyone assigned and hours as long as the day: no "Not assigned", no shade',
      view: 'day',
      by: 'employee',
      calendar: data({
        employees: [
          {
            id: 'asha',
            name: 'Asha',
            employeeRole: 'Therapist',
            hours: [{ date: TUESDAY, opens: '09:00', closes: '18:00' }],
          },
        ],
        appointments: [appointment('a')],
      }),
      expected: [
        {
          key: 'asha',
          title: 'Asha',
          subtitle: 'Therapist · 09:00–18:00',
          date: TUESDAY,
          ids: ['a'],
          shaded: [],
        },
      ],
    },
    {
      name: 'a closed day by employee: the closure, not the working hours',
      view: 'day',
      by: 'employee',
      calendar: closedTuesday,
      expected: [
        expect.objectContaining({ key: 'asha', shaded: wholeDay('Closed: Diwali') }),
        expect.objectContaining({ key: 'ravi', shaded: wholeDay('Closed: Diwali') }),
        expect.objectContaining({ key: 'unassigned', shaded: [] }),
      ],
    },
    {
      name: 'a week: one column a day with its note, each day’s appointments by their local date',
      view: 'week',
      by: 'employee',
      calendar: data({
        days: [
          { date: TUESDAY, closed: false, opens: '09:00', closes: '18:00' },
          { date: WEDNESDAY, closed: true, opens: '09:00', closes: '18:00', note: 'Closed: Diwali' },
        ],
        // 00:30 IST on Wednesday is still Tuesday in UTC: the business's day decides.
        appointments: [
          appointment('a'),
          appointment('late', { date: WEDNESDAY, from: '00:30', to: '01:00' }),
        ],
      }),
      expected: [
        { key: TUESDAY, title: 'Tue 1 Dec', subtitle: undefined, date: TUESDAY, ids: ['a'], shaded: [] },
        {
          key: WEDNESDAY,
          title: 'Wed 2 Dec',
          subtitle: 'Closed: Diwali',
          date: WEDNESDAY,
          ids: ['late'],
          // The grid starts at midnight to hold the 00:30 appointment.
          shaded: [{ from: 0, to: 18 * 60, label: 'Closed: Diwali' }],
        },
      ],
    },
  ])('$name', ({ view, by, calendar, expected }) => {
    expect(shapeOf(view, by, calendar)).toEqual(expected);
  });
});

describe('calendarViewOf: what the address asks the calendar to show', () => {
  it.each([
    { query: '', expected: { view: 'day', by: 'room', first: TUESDAY, days: 1, last: TUESDAY } },
    {
      query: 'view=week&date=2026-12-03',
      expected: { view: 'week', by: 'room', first: '2026-11-30', days: 7, last: '2026-12-06' },
    },
    {
      query: 'by=employee&date=2026-12-05',
      expected: { view: 'day', by: 'employee', first: '2026-12-05', days: 1, last: '2026-12-05' },
    },
    // Anything else is today's day by room.
    {
      query: 'view=month&by=desk&date=5-12-2026',
      expected: { view: 'day', by: 'room', first: TUESDAY, days: 1, last: TUESDAY },
    },
  ])('?$query', ({ query, expected }) => {
    expect(calendarViewOf(new URLSearchParams(query), TUESDAY)).toEqual(expected);
  });
});

describe('the times a block and its dialog show', () => {
  it.each([
    [0, '12:00 AM'],
    [9 * 60 + 5, '9:05 AM'],
    [12 * 60, '12:00 PM'],
    [23 * 60 + 45, '11:45 PM'],
  ])('clock12(%i) is %s', (minute, text) => {
    expect(clock12(minute)).toBe(text);
  });

  it('names the treatment’s time without the cleanup, and the check-in steps taken in order', () => {
    const block = appointment('a', {
      cleanupUntil: at(TUESDAY, '11:30'),
      arrivedAt: at(TUESDAY, '09:52'),
      startedAt: at(TUESDAY, '10:02'),
    });
    expect(appointmentSpan(block)).toBe('10:00 AM–11:00 AM');
    expect(recordedSteps(block)).toEqual(['Arrived 9:52 AM', 'Started 10:02 AM']);
    expect(recordedSteps(appointment('b', { noShowAt: at(TUESDAY, '10:20') }))).toEqual([
      'No-show marked 10:20 AM',
    ]);
  });
});
