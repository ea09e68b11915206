import { describe, expect, it } from 'vitest';
import {
  appointmentCountLabel,
  appointmentMinutes,
  awaitsPayment,
  countUpcoming,
  filterAppointments,
  isCancellable,
  newestFirst,
  readAppointment,
  readAppointments,
  soonestFirst,
  statusTone,
  type Appointment,
} from './appointment';

const json = {
  _id: 'a1',
  appointmentId: 'APT-20261125-0042',
  serviceId: {
    _id: 's1',
    name: 'Swedish Massage',
    category: { _id: 'c1', name: 'Massage Therapies' },
    durationMinutes: 60,
  },
  userId: { _id: 'u1', name: 'Priya Sharma', email: 'priya@example.com', phone: '+91 98765 43210' },
  employeeId: { _id: 'e1', name: 'Anjali Patel', employeeId: 'EMP-0005', employeeRole: 'servicestaff' },
  roomId: { _id: 'r1', roomNumber: '201', type: 'Gold', location: 'Lotus Wing', price: 2000 },
  appointmentDateTime: '2026-11-25T12:30:00.000Z',
  endDateTime: '2026-11-25T14:00:00.000Z',
  createdAt: '2026-11-21T08:00:00.000Z',
  status: 'Confirmed',
  paymentStatus: 'Paid',
  paymentMethod: 'online',
  servicePrice: 3499,
  roomPrice: 2000,
  totalPrice: '5499.00',
};

const make = (overrides: Partial<Appointment>): Appointment => ({
  ...readAppointment(json)!,
  ...overrides,
});

describe('readAppointment', () => {
  it('reads the populated API shape', () => {
    expect(readAppointment(json)).toEqual({
      id: 'a1',
      appointmentId: 'APT-20261125-0042',
      service: {
        id: 's1',
        name: 'Swedish Massage',
        category: 'Massage Therapies',
        description: undefined,
        durationMinutes: 60,
      },
      customer: { id: 'u1', name: 'Priya Sharma', email: 'priya@example.com', phone: '+91 98765 43210' },
      employee: {
        id: 'e1',
        name: 'Anjali Patel',
        employeeId: 'EMP-0005',
        employeeRole: 'servicestaff',
        workingLocation: undefined,
      },
      room: {
        id: 'r1',
        roomNumber: '201',
        type: 'Gold',
        capacity: undefined,
        location: 'Lotus Wing',
        price: 2000,
      },
      start: '2026-11-25T12:30:00.000Z',
      end: '2026-11-25T14:00:00.000Z',
      createdAt: '2026-11-21T08:00:00.000Z',
      status: 'Confirmed',
      paymentStatus: 'Paid',
      paymentMethod: 'online',
      servicePrice: 3499,
      roomPrice: 2000,
      totalPrice: 5499,
      canCancel: undefined,
    });
  });

  it('copes with missing and unpopulated references', () => {
    const appointment = readAppointment({ _id: 'a2', serviceId: 's1', employeeId: null, roomId: null });
    expect(appointment).toMatchObject({
      id: 'a2',
      appointmentId: 'a2',
      service: { id: 's1', name: 'Treatment' },
      employee: undefined,
      room: undefined,
      status: 'Pending',
      paymentStatus: 'Pending',
    });
    expect(readAppointment({ name: 'no id' })).toBeNull();
    expect(readAppointment(null)).toBeNull();
  });

  it('reads lists bare or wrapped', () => {
    for (const body of [[json], { appointments: [json] }, { data: [json, null, 3] }])
      expect(readAppointments(body).map((appointment) => appointment.id)).toEqual(['a1']);
    expect(readAppointments({ message: 'nope' })).toEqual([]);
  });
});

describe('duration', () => {
  it('is end minus start in minutes', () => {
    expect(appointmentMinutes(make({}))).toBe(90);
  });

  it("falls back to the service's own duration", () => {
    expect(appointmentMinutes(make({ end: undefined }))).toBe(60);
    expect(appointmentMinutes(make({ end: 'garbage' }))).toBe(60);
  });
});

describe('lists', () => {
  const early = make({ id: 'early', start: '2026-11-20T05:00:00.000Z' });
  const late = make({ id: 'late', start: '2026-12-01T05:00:00.000Z' });
  const undated = make({ id: 'undated', start: undefined, createdAt: '2026-11-25T00:00:00.000Z' });

  it('sorts newest first by start, else by creation', () => {
    expect(newestFirst([early, undated, late]).map((a) => a.id)).toEqual(['late', 'undated', 'early']);
    expect(soonestFirst([late, early]).map((a) => a.id)).toEqual(['early', 'late']);
  });

  it('searches id, service name and room location, case-insensitively', () => {
    const list = [
      make({ id: 'x', appointmentId: 'APT-20261125-0001', service: { name: 'Hot Stone Massage' } }),
      make({
        id: 'y',
        appointmentId: 'APT-20261126-0002',
        service: { name: 'Shirodhara' },
        room: { location: 'Garden Wing' },
      }),
    ];
    const ids = (search: string, status = '') =>
      filterAppointments(list, { search, status }).map((a) => a.id);
    expect(ids('')).toEqual(['x', 'y']);
    expect(ids('0002')).toEqual(['y']);
    expect(ids('stone')).toEqual(['x']);
    expect(ids('garden')).toEqual(['y']);
    expect(ids('nothing')).toEqual([]);
    expect(ids('', 'Confirmed')).toEqual(['x', 'y']);
    expect(ids('', 'Cancelled')).toEqual([]);
  });

  it('labels the count', () => {
    expect(appointmentCountLabel(1)).toBe('1 Appointment');
    expect(appointmentCountLabel(0)).toBe('0 Appointments');
    expect(appointmentCountLabel(3)).toBe('3 Appointments');
  });

  it('counts Scheduled and Confirmed as upcoming for employees', () => {
    const of = (status: string) => make({ status });
    expect(countUpcoming([of('Scheduled'), of('Confirmed'), of('Completed'), of('Pending')])).toBe(2);
  });

  it('colours statuses', () => {
    expect(statusTone('Completed')).toBe('green');
    expect(statusTone('In Progress')).toBe('blue');
    expect(statusTone('Arrived')).toBe('blue');
    expect(statusTone('Cancelled')).toBe('red');
    expect(statusTone('No-show')).toBe('red');
    expect(statusTone('Pending')).toBe('amber');
    expect(statusTone('Something else')).toBe('grey');
  });
});

describe('isCancellable', () => {
  const start = new Date('2026-11-25T12:30:00.000Z');
  const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);

  it('allows an open appointment up to the notice (four hours) before it starts', () => {
    expect(isCancellable(make({ status: 'Pending' }), hoursBefore(5), 240)).toBe(true);
    expect(isCancellable(make({ status: 'Confirmed' }), hoursBefore(4), 240)).toBe(true);
    expect(isCancellable(make({ status: 'Confirmed' }), hoursBefore(3.9), 240)).toBe(false);
  });

  it('refuses finished, started and cancelled appointments', () => {
    for (const status of ['Arrived', 'In Progress', 'Completed', 'No-show', 'Cancelled'])
      expect(isCancellable(make({ status }), hoursBefore(48), 240)).toBe(false);
  });

  it("follows the server's flag when it sends one", () => {
    expect(isCancellable(make({ status: 'Pending', canCancel: false }), hoursBefore(48), 240)).toBe(false);
    expect(isCancellable(make({ status: 'Pending', canCancel: true }), hoursBefore(1), 240)).toBe(true);
  });
});

describe('awaitsPayment', () => {
  it('is an online booking booking has not marked paid yet, unless it was cancelled', () => {
    expect(awaitsPayment(make({ paymentStatus: 'Pending', status: 'Pending' }))).toBe(true);
    expect(awaitsPayment(make({ paymentStatus: 'Paid', status: 'Pending' }))).toBe(false);
    expect(awaitsPayment(make({ paymentStatus: 'Pending', status: 'Cancelled' }))).toBe(false);
    expect(awaitsPayment(make({ paymentStatus: 'Pending', paymentMethod: 'cash' }))).toBe(false);
  });
});
