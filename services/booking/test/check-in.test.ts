import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istDate,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// PUT /appointments/:id/check-in: the desk takes an appointment through Arrived,
// In Progress and Completed with the times recorded, or marks a no-show that frees the rest of the
// slot and is counted against the customer. Booking's clock is set to the appointment's day.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let admin: Person;
let customer: Person;
let otherCustomer: Person;
let therapist: Person;
let otherTherapist: Person;
let receptionist: Person;
let clock: Date | undefined;

const DAY = 6;
const checkIn = (id: string, token: string, status: string) =>
  world.request('PUT', `/appointments/${id}/check-in`, { token, body: { status } });

beforeAll(async () => {
  world = await startBooking('check_in', {
    env: { SHIFT_HOURS: 'morning=09:00-17:00' },
    deps: { now: () => clock ?? new Date() },
  });
  service = await world.service();
  // One Gold room: a no-show's freed time can only be booked in the same room.
  const gold = await world.room({ roomNumber: '901' });
  [admin, customer, otherCustomer, therapist, otherTherapist, receptionist] = await Promise.all([
    world.person('admin'),
    world.person('user', { name: 'Priya Sharma' }),
    world.person('user', { name: 'Kabir Rao' }),
    world.employee({ name: 'Meera Iyer', shift: 'morning' }),
    world.employee({ name: 'Anita Das', shift: 'morning' }),
    world.employee({ name: 'Rohan Verma', shift: 'morning', employeeRole: 'receptionist' }),
  ]);
  await world.mirrored({
    services: [service.id],
    rooms: [gold.id],
    users: [therapist.id, otherTherapist.id, receptionist.id, customer.id, otherCustomer.id],
  });
});
afterAll(async () => world?.close());
beforeEach(() => {
  clock = undefined;
});

async function book(person: Person, start: Date) {
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: person.token,
    body: bookingBody(service, start, { type: 'Gold' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; employeeId: { _id: string } | null };
}

describe('the check-in flow', () => {
  it('the receptionist checks a customer in, starts and completes the treatment; each time is recorded once', async () => {
    const booked = await book(customer, istTime(DAY, '10:00'));

    // Not before the appointment's day.
    const early = await checkIn(booked._id, receptionist.token, 'Arrived');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'CHECK_IN_NOT_ALLOWED' });
    expect(early.json().message).toContain('on that day');

    clock = istTime(DAY, '09:52');
    const arrived = await checkIn(booked._id, receptionist.token, 'Arrived');
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json()).toMatchObject({
      status: 'Arrived',
      arrivedAt: clock.toISOString(),
      startedAt: null,
    });
    // A second desk (or a double click) changes nothing: the first arrival time stands.
    clock = istTime(DAY, '09:53');
    const again = await checkIn(booked._id, admin.token, 'Arrived');
    expect(again.statusCode).toBe(200);
    expect(again.json().arrivedAt).toBe(istTime(DAY, '09:52').toISOString());

    // Completed only follows In Progress.
    expect((await checkIn(booked._id, receptionist.token, 'Completed')).json()).toMatchObject({
      code: 'NOT_IN_PROGRESS',
    });
    clock = istTime(DAY, '10:02');
    const started = await checkIn(booked._id, receptionist.token, 'In Progress');
    expect(started.json()).toMatchObject({ status: 'In Progress', startedAt: clock.toISOString() });
    // Nor can a customer who is here be a no-show.
    const noShow = await checkIn(booked._id, receptionist.token, 'No-show');
    expect(noShow.statusCode).toBe(422);
    expect(noShow.json().message).toContain('still waiting');

    clock = istTime(DAY, '11:01');
    const completed = await checkIn(booked._id, receptionist.token, 'Completed');
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      status: 'Completed',
      arrivedAt: istTime(DAY, '09:52').toISOString(),
      startedAt: istTime(DAY, '10:02').toISOString(),
      completedAt: clock.toISOString(),
      noShowAt: null,
    });
    expect(await world.eventsOf(booked._id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.status-changed',
      'booking.appointment.status-changed',
      'booking.appointment.completed',
    ]);
    const history = await world.request('GET', `/appointments/${booked._id}`, { token: admin.token });
    expect(
      history.json().history.map((entry: { from: string; to: string }) => `${entry.from}→${entry.to}`),
    ).toEqual(expect.arrayContaining(['Pending→Arrived', 'Arrived→In Progress', 'In Progress→Completed']));
  });

  it('a no-show frees the rest of the slot for another booking, and the desk sees it counted', async () => {
    const booked = await book(customer, istTime(DAY, '13:00'));
    const employeeId = booked.employeeId?._id;
    expect(employeeId).toBeTruthy();

    clock = istTime(DAY, '12:55');
    const tooSoon = await checkIn(booked._id, receptionist.token, 'No-show');
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json().message).toContain('once it has started');
    // The admin's any-status dropdown keeps the same rule.
    const dropdown = await world.request('PUT', `/appointments/${booked._id}/status`, {
      token: admin.token,
      body: { status: 'No-show' },
    });
    expect(dropdown.statusCode).toBe(422);

    clock = istTime(DAY, '13:20');
    const marked = await checkIn(booked._id, receptionist.token, 'No-show');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      status: 'No-show',
      noShowAt: clock.toISOString(),
      appointmentDateTime: istTime(DAY, '13:00').toISOString(),
      // The span up to the mark stays booked; the room and the therapist are free from it, no cleanup.
      endDateTime: clock.toISOString(),
      roomFreeAt: clock.toISOString(),
      durationMinutes: 60,
      canCancel: false,
    });

    // Another customer takes the freed time in the same (only) room, and the therapist is free for it.
    const walkIn = await book(otherCustomer, istTime(DAY, '13:30'));
    const assigned = await world.request('POST', `/appointments/${walkIn._id}/assign-employee`, {
      token: admin.token,
      body: { employeeId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // The calendar shows both, and the no-show on the customer's record.
    const calendar = await world.request('GET', `/appointments/calendar?date=${istDate(DAY)}`, {
      token: receptionist.token,
    });
    const blocks = calendar.json().appointments as Array<{
      id: string;
      customerNoShows: number;
      status: string;
    }>;
    expect(blocks.find((block) => block.id === booked._id)).toMatchObject({
      status: 'No-show',
      customerNoShows: 1,
      noShowAt: clock.toISOString(),
    });
    expect(blocks.find((block) => block.id === walkIn._id)).toMatchObject({ customerNoShows: 0 });

    // Undoing the mark would need the whole slot again: the room has been taken meanwhile.
    const undo = await world.request('PUT', `/appointments/${booked._id}/status`, {
      token: admin.token,
      body: { status: 'Confirmed' },
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({ code: 'ROOM_TAKEN' });
    expect(await world.eventsOf(booked._id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.status-changed',
    ]);
  });

  it('an admin undoes a no-show marked by mistake: the whole slot is booked again', async () => {
    const booked = await book(customer, istTime(DAY, '15:30'));
    clock = istTime(DAY, '15:35');
    expect((await checkIn(booked._id, admin.token, 'No-show')).json()).toMatchObject({ status: 'No-show' });
    const undo = await world.request('PUT', `/appointments/${booked._id}/status`, {
      token: admin.token,
      body: { status: 'Confirmed' },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      status: 'Confirmed',
      endDateTime: istTime(DAY, '16:30').toISOString(),
      roomFreeAt: istTime(DAY, '16:45').toISOString(),
      noShowAt: null,
    });
  });

  it('only the desk checks in; the therapist may start and complete their own; bad input is a 400', async () => {
    const booked = await book(customer, istTime(DAY, '11:30'));
    const assigned = booked.employeeId!._id === therapist.id ? therapist : otherTherapist;
    const unassigned = assigned === therapist ? otherTherapist : therapist;
    clock = istTime(DAY, '11:25');

    const byCustomer = await checkIn(booked._id, customer.token, 'Arrived');
    expect(byCustomer.statusCode).toBe(403);
    // A customer is refused before anything is looked at (no appointment is probed).
    expect((await checkIn(booked._id, otherCustomer.token, 'Arrived')).statusCode).toBe(403);
    expect((await checkIn(booked._id, unassigned.token, 'In Progress')).statusCode).toBe(404);
    expect((await checkIn(booked._id, assigned.token, 'Arrived')).statusCode).toBe(403);
    expect((await checkIn(booked._id, assigned.token, 'No-show')).statusCode).toBe(403);

    const bad = await checkIn(booked._id, receptionist.token, 'Done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await checkIn('not-a-uuid', receptionist.token, 'Arrived')).statusCode).toBe(404);

    const started = await checkIn(booked._id, assigned.token, 'In Progress');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'In Progress',
      arrivedAt: null,
      startedAt: clock.toISOString(),
    });
    clock = istTime(DAY, '12:30');
    expect((await checkIn(booked._id, assigned.token, 'Completed')).json()).toMatchObject({
      status: 'Completed',
      completedAt: clock.toISOString(),
    });
  });

  it('after two no-shows a customer books online only; the desk may still book them at the counter', async () => {
    const first = await book(otherCustomer, istTime(DAY + 1, '09:30'));
    const second = await book(otherCustomer, istTime(DAY + 1, '11:00'));
    clock = istTime(DAY + 1, '11:15');
    for (const booked of [first, second])
      expect((await checkIn(booked._id, receptionist.token, 'No-show')).statusCode).toBe(200);
    clock = undefined;

    const cash = await world.request('POST', '/appointments/auto-assign', {
      token: otherCustomer.token,
      body: bookingBody(service, istTime(DAY + 2, '10:00'), { type: 'Gold' }),
    });
    expect(cash.statusCode).toBe(422);
    expect(cash.json()).toMatchObject({
      code: 'PREPAY_REQUIRED',
      message: expect.stringContaining('You missed 2 appointments without cancelling'),
    });
    // Someone with one no-show is not held to it.
    await book(customer, istTime(DAY + 2, '12:00'));
    // At the desk (in person, or on the phone) the receptionist decides: cash at the counter is taken.
    const atDesk = await world.request('POST', '/appointments/auto-assign', {
      token: receptionist.token,
      body: {
        ...bookingBody(service, istTime(DAY + 2, '10:00'), { type: 'Gold' }),
        customerId: otherCustomer.id,
      },
    });
    expect(atDesk.statusCode, atDesk.body).toBe(201);
  });
});

describe("the admin's status dropdown keeps the check-in rule", () => {
  it('cannot start or complete a visit days ahead (no review for a visit that never happened)', async () => {
    const booked = await book(customer, istTime(DAY + 3, '14:00'));
    const dropdown = (status: string) =>
      world.request('PUT', `/appointments/${booked._id}/status`, { token: admin.token, body: { status } });

    clock = istTime(DAY + 1, '14:00');
    const started = await dropdown('In Progress');
    expect(started.statusCode).toBe(422);
    expect(started.json()).toEqual({
      code: 'CHECK_IN_NOT_ALLOWED',
      message: expect.stringMatching(
        /^This appointment is on .+, 2:00 PM; it can be marked In Progress on that day\.$/,
      ),
    });
    const completed = await dropdown('Completed');
    expect(completed.statusCode).toBe(422);
    expect(completed.json()).toMatchObject({ code: 'NOT_IN_PROGRESS' });
    const unchanged = await world.request('GET', `/appointments/${booked._id}`, { token: admin.token });
    expect(unchanged.json()).toMatchObject({ status: 'Pending', startedAt: null, completedAt: null });
    expect(await world.eventsOf(booked._id)).toEqual(['booking.appointment.booked']);

    // On its day it may start (the desk may begin a little early), and then be completed.
    clock = istTime(DAY + 3, '13:50');
    expect((await dropdown('In Progress')).json()).toMatchObject({
      status: 'In Progress',
      startedAt: clock.toISOString(),
    });
    clock = istTime(DAY + 3, '14:55');
    expect((await dropdown('Completed')).json()).toMatchObject({
      status: 'Completed',
      completedAt: clock.toISOString(),
    });
    expect(await world.eventsOf(booked._id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.status-changed',
      'booking.appointment.completed',
    ]);
  });
});
