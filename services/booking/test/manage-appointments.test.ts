import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;
let otherCustomer: Person;
let admin: Person;
let therapist: Person;
let secondTherapist: Person;
let receptionist: Person;
// Booking's clock, moved to a visit's day for the steps that happen when the visit does.
let clock: Date | undefined;

beforeAll(async () => {
  // Its customers book appointment after appointment to manage: the cash-booking limit (fair holds,
  // tested in fair-holds.test.ts) is set out of the way here.
  world = await startBooking('manage', {
    env: { MAX_FUTURE_CASH_BOOKINGS: '100' },
    deps: { now: () => clock ?? new Date() },
  });
  service = await world.service();
  const rooms = await Promise.all(['201', '202'].map((roomNumber) => world.room({ roomNumber })));
  customer = await world.person('user', { name: 'Priya Sharma' });
  otherCustomer = await world.person('user', { name: 'Kabir Rao' });
  admin = await world.person('admin', { name: 'Asha Admin' });
  therapist = await world.employee({ name: 'Meera Iyer', shift: 'morning' });
  secondTherapist = await world.employee({ name: 'Zoya Khan', shift: 'night' });
  receptionist = await world.employee({ name: 'Rohan Verma', employeeRole: 'receptionist' });
  await world.mirrored({
    services: [service.id],
    rooms: rooms.map((room) => room.id),
    users: [customer, otherCustomer, admin, therapist, secondTherapist, receptionist].map(
      (person) => person.id,
    ),
  });
});
afterAll(async () => world?.close());
beforeEach(() => {
  clock = undefined;
});

async function book(start: Date, person = customer) {
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: person.token,
    body: bookingBody(service, start),
  });
  if (response.statusCode !== 201)
    throw new Error(`booking answered ${response.statusCode}: ${response.body}`);
  return response.json() as { _id: string; appointmentId: string; employeeId: { _id: string } | null };
}

const put = (url: string, token: string, body?: Record<string, unknown>) =>
  world.request('PUT', url, { token, body });

describe('appointment lists', () => {
  it("shows a customer their own appointments by time range, and an admin anyone's", async () => {
    const first = await book(istTime(8, '10:00'), otherCustomer);
    const second = await book(istTime(9, '10:00'), otherCustomer);
    // One that is already over: written as it was booked, then its times moved into the past.
    const past = await book(istTime(10, '10:00'), otherCustomer);
    await world.pool.query(
      "update appointments set starts_at = now() - interval '3 hours', ends_at = now() - interval '2 hours', room_free_at = now() - interval '105 minutes' where id = $1",
      [past._id],
    );
    const list = async (range: string, token = otherCustomer.token, userId = otherCustomer.id) =>
      world.request('GET', `/appointments/users/${userId}/appointments?timeRange=${range}`, { token });

    const upcoming = await list('upcoming');
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json().appointments.map((a: { _id: string }) => a._id)).toEqual([first._id, second._id]);
    expect((await list('past')).json().appointments.map((a: { _id: string }) => a._id)).toEqual([past._id]);
    expect((await list('all')).json().appointments.map((a: { _id: string }) => a._id)).toEqual([
      second._id,
      first._id,
      past._id,
    ]);
    expect(
      (
        await world.request('GET', `/appointments/users/${otherCustomer.id}/appointments`, {
          token: otherCustomer.token,
        })
      ).json().appointments,
    ).toHaveLength(3);
    expect((await list('all', admin.token)).json().appointments).toHaveLength(3);
    // Paged: one page at a time with the total beside it.
    const paged = await world.request(
      'GET',
      `/appointments/users/${otherCustomer.id}/appointments?timeRange=all&page=2&pageSize=2`,
      { token: otherCustomer.token },
    );
    expect(paged.statusCode, paged.body).toBe(200);
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.json().appointments.map((a: { _id: string }) => a._id)).toEqual([past._id]);
    expect(paged.headers['x-total-count']).toBe('3');
    // A page past the end: no appointment, the total still told (the page's rows carry it otherwise).
    const beyond = await world.request(
      'GET',
      `/appointments/users/${otherCustomer.id}/appointments?timeRange=all&page=3&pageSize=2`,
      { token: otherCustomer.token },
    );
    expect(beyond.json()).toMatchObject({ appointments: [], total: 3, page: 3, pageSize: 2 });
    expect(
      (
        await world.request('GET', `/appointments/users/${otherCustomer.id}/appointments?pageSize=101`, {
          token: otherCustomer.token,
        })
      ).statusCode,
    ).toBe(400);
    // To anyone else the list does not exist.
    const foreign = await list('all', customer.token);
    expect(foreign.statusCode).toBe(404);
    expect((await list('soon')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'timeRange must be equal to one of the allowed values',
    });
    expect(
      (await world.request('GET', `/appointments/users/${otherCustomer.id}/appointments`)).statusCode,
    ).toBe(401);
  });

  it("shows an employee their own appointments and nobody else's", async () => {
    const appointment = await book(istTime(11, '10:00'));
    expect(appointment.employeeId?._id).toBe(therapist.id);
    const own = await world.request(
      'GET',
      `/appointments/employees/${therapist.id}/appointments?timeRange=upcoming`,
      {
        token: therapist.token,
      },
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().appointments.map((a: { _id: string }) => a._id)).toContain(appointment._id);
    expect(own.json().appointments[0].canCancel).toBe(false);
    const others = await world.request('GET', `/appointments/employees/${therapist.id}/appointments`, {
      token: secondTherapist.token,
    });
    expect(others.statusCode).toBe(404);
    const byAdmin = await world.request('GET', `/appointments/employees/${therapist.id}/appointments`, {
      token: admin.token,
    });
    expect(byAdmin.json().appointments.length).toBeGreaterThan(0);
  });

  it('gives the admin every appointment with search, status and date filters', async () => {
    const target = await book(istTime(12, '15:00'), otherCustomer);
    const admins = (query: string) =>
      world.request('GET', `/appointments/admin/appointments${query}`, { token: admin.token });

    const all = await admins('');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 100 });
    expect(all.json().total).toBe(all.json().appointments.length);

    const byCode = await admins(`?search=${target.appointmentId}`);
    expect(byCode.json().appointments.map((a: { _id: string }) => a._id)).toEqual([target._id]);
    expect((await admins('?search=kabir')).json().appointments.length).toBeGreaterThanOrEqual(4);
    expect((await admins('?search=%25')).json().appointments).toEqual([]);

    // The calendar day of the appointment in India, as the admin's date filter names it.
    const istDay = new Date(istTime(12, '12:00').getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const onDay = await admins(`?startDate=${istDay}&endDate=${istDay}`);
    expect(onDay.json().appointments.map((a: { _id: string }) => a._id)).toEqual([target._id]);
    const byInstant = await admins(
      `?startDate=${istTime(12, '14:59').toISOString()}&endDate=${istTime(12, '15:01').toISOString()}`,
    );
    expect(byInstant.json().appointments.map((a: { _id: string }) => a._id)).toEqual([target._id]);

    await put(`/appointments/${target._id}/status`, admin.token, { status: 'Confirmed' });
    const confirmed = await admins('?status=Confirmed');
    expect(confirmed.json().appointments.map((a: { _id: string }) => a._id)).toEqual([target._id]);

    expect((await admins('?status=Open')).statusCode).toBe(400);
    const backwards = await admins('?startDate=2026-12-10&endDate=2026-12-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The end date cannot be before the start date');
    const badDate = await admins('?startDate=2026-13-45');
    expect(badDate.json().message).toBe('startDate must be a date (YYYY-MM-DD) or an ISO date-time');
    expect((await admins('?pageSize=1&page=2')).json().appointments).toHaveLength(1);

    const forCustomer = await world.request('GET', '/appointments/admin/appointments', {
      token: customer.token,
    });
    expect(forCustomer.statusCode).toBe(403);
  });
});

describe('managing an appointment', () => {
  it('sets any status with a history of who changed what and when; completes only from In Progress', async () => {
    const appointment = await book(istTime(13, '10:00'));
    const url = `/appointments/${appointment._id}`;

    const early = await put(`${url}/complete`, admin.token);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({
      code: 'NOT_IN_PROGRESS',
      message: 'Only an appointment in progress can be completed; this one is Pending.',
    });
    for (const status of ['Scheduled', 'Confirmed', 'In Progress']) {
      if (status === 'In Progress') clock = new Date(istTime(13, '10:00').getTime() + 5 * 60_000);
      const response = await put(`${url}/status`, admin.token, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
    clock = new Date(istTime(13, '10:00').getTime() + 65 * 60_000);
    const completed = await put(`${url}/complete`, admin.token);
    clock = undefined;
    expect(completed.statusCode).toBe(200);
    expect(completed.json().status).toBe('Completed');

    const detail = await world.request('GET', url, { token: admin.token });
    expect(
      detail
        .json()
        .history.map((entry: { field: string; from: string; to: string }) => [
          entry.field,
          entry.from,
          entry.to,
        ]),
    ).toEqual([
      ['booked', null, 'Pending'],
      ['status', 'Pending', 'Scheduled'],
      ['status', 'Scheduled', 'Confirmed'],
      ['status', 'Confirmed', 'In Progress'],
      ['status', 'In Progress', 'Completed'],
    ]);
    expect(detail.json().history[1].changedBy).toEqual({ id: admin.id, name: 'Asha Admin', role: 'admin' });
    expect(await world.eventsOf(appointment._id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.status-changed',
      'booking.appointment.status-changed',
      'booking.appointment.status-changed',
      'booking.appointment.completed',
    ]);
    const invalid = await put(`${url}/status`, admin.token, { status: 'Done' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('status must be equal to one of the allowed values');
  });

  it('sets the payment status (admin only), announcing each change once', async () => {
    const appointment = await book(istTime(13, '12:00'));
    const url = `/appointments/${appointment._id}/payment-status`;
    const paid = await put(url, admin.token, { paymentStatus: 'Paid' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paymentStatus: 'Paid', paidAt: expect.any(String) });
    expect((await put(url, admin.token, { paymentStatus: 'Paid' })).statusCode).toBe(200);
    expect((await put(url, admin.token, { paymentStatus: 'Refunded' })).json().paymentStatus).toBe(
      'Refunded',
    );
    expect(await world.eventsOf(appointment._id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.payment-status-changed',
      'booking.appointment.payment-status-changed',
    ]);
    expect((await put(url, customer.token, { paymentStatus: 'Paid' })).statusCode).toBe(403);
    expect((await put(url, therapist.token, { paymentStatus: 'Paid' })).statusCode).toBe(403);
    expect((await put(url, admin.token, { paymentStatus: 'Free' })).statusCode).toBe(400);
  });

  it('lists the free employees with the right role and assigns one, refusing an overlap', async () => {
    const first = await book(istTime(14, '14:00'));
    // Another customer's: one customer's appointments never overlap (fair holds).
    const second = await book(istTime(14, '14:30'), otherCustomer);
    // Both 14:00 and 14:30 are inside both shifts; the two therapists took one each.
    expect(new Set([first.employeeId?._id, second.employeeId?._id])).toEqual(
      new Set([therapist.id, secondTherapist.id]),
    );

    const available = await world.request('GET', `/appointments/${first._id}/available-employees`, {
      token: admin.token,
    });
    expect(available.statusCode).toBe(200);
    // The one already on it is busy then (with this very appointment excepted), the other is not free.
    expect(available.json().availableEmployees.map((e: { _id: string }) => e._id)).toEqual([
      first.employeeId!._id,
    ]);
    expect(available.json().availableEmployees[0]).toMatchObject({
      employeeRole: 'servicestaff',
      onShift: true,
    });
    expect(available.json()).toMatchObject({ total: 1, page: 1, pageSize: 100 });
    // When both are free, the list pages: the second of two on page 2 of size 1.
    const lone = await book(istTime(25, '14:00'));
    const pageTwo = await world.request(
      'GET',
      `/appointments/${lone._id}/available-employees?page=2&pageSize=1`,
      { token: admin.token },
    );
    expect(pageTwo.statusCode).toBe(200);
    expect(pageTwo.headers['x-total-count']).toBe('2');
    expect(pageTwo.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(pageTwo.json().availableEmployees).toHaveLength(1);
    const bad = await world.request('GET', `/appointments/${lone._id}/available-employees?pageSize=500`, {
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);

    const assign = (id: string, employeeId: string, token = admin.token) =>
      world.request('POST', `/appointments/${id}/assign-employee`, { token, body: { employeeId } });
    const clash = await assign(first._id, second.employeeId!._id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'EMPLOYEE_BUSY' });
    expect(clash.json().message).toMatch(/already has an appointment at that time\.$/);

    const wrongRole = await assign(first._id, receptionist.id);
    expect(wrongRole.statusCode).toBe(422);
    expect(wrongRole.json().message).toBe(
      'Rohan Verma is a receptionist; Swedish Massage is performed by a servicestaff.',
    );
    expect((await assign(first._id, customer.id)).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Employee not found',
    });
    expect((await assign(first._id, therapist.id, customer.token)).statusCode).toBe(403);

    const freed = await put(`/appointments/${second._id}/status`, admin.token, { status: 'Cancelled' });
    expect(freed.statusCode).toBe(200);
    const reassigned = await assign(first._id, second.employeeId!._id);
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json().employeeId._id).toBe(second.employeeId!._id);
    expect((await world.eventsOf(first._id)).at(-1)).toBe('booking.appointment.employee-assigned');
  });

  it('lets a customer cancel their own appointment up to the notice, and refuses later', async () => {
    const upcoming = await book(istTime(15, '10:00'));
    const foreign = await put(`/appointments/${upcoming._id}/cancel`, otherCustomer.token);
    expect(foreign.statusCode).toBe(404);
    const changeStatus = await put(`/appointments/${upcoming._id}/status`, customer.token, {
      status: 'Confirmed',
    });
    expect(changeStatus.statusCode).toBe(403);
    const cancelled = await put(`/appointments/${upcoming._id}/cancel`, customer.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled', canCancel: false });
    expect((await world.eventsOf(upcoming._id)).at(-1)).toBe('booking.appointment.cancelled');
    const again = await put(`/appointments/${upcoming._id}/cancel`, customer.token);
    expect(again.json().message).toBe('This appointment is already cancelled.');

    // One starting in two hours (its times moved after booking, as the clock would have moved them).
    const soon = await book(istTime(15, '12:00'));
    await world.pool.query(
      "update appointments set starts_at = now() + interval '2 hours', ends_at = now() + interval '3 hours', room_free_at = now() + interval '195 minutes' where id = $1",
      [soon._id],
    );
    const late = await put(`/appointments/${soon._id}/status`, customer.token, { status: 'Cancelled' });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({
      code: 'CANCELLATION_NOT_ALLOWED',
      message:
        'Appointments can be cancelled online up to 4 hours before they start. Please call us to change this one.',
    });
    const listed = await world.request('GET', `/appointments/${soon._id}`, { token: customer.token });
    expect(listed.json().canCancel).toBe(false);
    expect((await put(`/appointments/${soon._id}/cancel`, admin.token)).json().status).toBe('Cancelled');
  });

  it('reopens a cancelled appointment only while its room is still free', async () => {
    const start = istTime(16, '10:00');
    const cancelled = await book(start);
    await put(`/appointments/${cancelled._id}/cancel`, admin.token);
    const reopened = await put(`/appointments/${cancelled._id}/status`, admin.token, { status: 'Confirmed' });
    expect(reopened.statusCode).toBe(200);
    await put(`/appointments/${cancelled._id}/cancel`, admin.token);
    // Both rooms of the type taken at that time meanwhile.
    await book(start, otherCustomer);
    // The customer whose appointment was cancelled may book the time again (one customer's appointments
    // never overlap, and a cancelled one does not count).
    await book(start, customer);
    const refused = await put(`/appointments/${cancelled._id}/status`, admin.token, { status: 'Pending' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ROOM_TAKEN');
  });

  it('moves an appointment to another time, keeping its room and employee when free', async () => {
    const appointment = await book(istTime(17, '10:00'));
    const before = await world.request('GET', `/appointments/${appointment._id}`, { token: customer.token });
    const moved = await put(`/appointments/${appointment._id}/reschedule`, customer.token, {
      appointmentDateTime: istTime(17, '11:30').toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      appointmentDateTime: istTime(17, '11:30').toISOString(),
      roomId: { _id: before.json().roomId._id },
      employeeId: { _id: before.json().employeeId._id },
      totalPrice: 4499,
    });
    expect((await world.eventsOf(appointment._id)).at(-1)).toBe('booking.appointment.rescheduled');

    const outside = await put(`/appointments/${appointment._id}/reschedule`, customer.token, {
      appointmentDateTime: istTime(17, '20:30').toISOString(),
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().code).toBe('OUTSIDE_BUSINESS_HOURS');
    const foreign = await put(`/appointments/${appointment._id}/reschedule`, otherCustomer.token, {
      appointmentDateTime: istTime(17, '12:30').toISOString(),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('shows one appointment to its customer, its employee and admins only', async () => {
    const appointment = await book(istTime(18, '10:00'));
    const url = `/appointments/${appointment._id}`;
    expect((await world.request('GET', url, { token: customer.token })).statusCode).toBe(200);
    expect(
      (await world.request('GET', url, { token: appointment.employeeId ? therapist.token : admin.token }))
        .statusCode,
    ).toBe(200);
    expect((await world.request('GET', url, { token: otherCustomer.token })).statusCode).toBe(404);
    expect((await world.request('GET', url, { token: receptionist.token })).statusCode).toBe(404);
    expect((await world.request('GET', '/appointments/not-a-uuid', { token: admin.token })).json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Appointment not found',
    });
    for (const action of ['status', 'payment-status', 'complete', 'cancel', 'reschedule']) {
      const response = await put(
        `/appointments/00000000-0000-4000-8000-000000000000/${action}`,
        admin.token,
        {
          status: 'Confirmed',
          paymentStatus: 'Paid',
          appointmentDateTime: istTime(18, '12:00').toISOString(),
        },
      );
      expect(response.statusCode, action).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, action).toBeLessThan(500);
    }
  });
});
