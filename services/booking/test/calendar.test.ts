import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istDate,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// GET /appointments/calendar: the desk's day and week, from the real tables, for an
// admin, a manager or a receptionist and nobody else.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let admin: Person;
let customer: Person;
let therapist: Person;
let receptionist: Person;

const DAY = 4;
const calendar = (token: string, query: string) =>
  world.request('GET', `/appointments/calendar?${query}`, { token });

beforeAll(async () => {
  world = await startBooking('calendar', { env: { SHIFT_HOURS: 'morning=09:00-17:00' } });
  service = await world.service();
  const gold = await world.room({ roomNumber: '802' });
  const diamond = await world.room({ roomNumber: '801', type: 'Diamond', pricePaise: 300_000n });
  [admin, customer, therapist, receptionist] = await Promise.all([
    world.person('admin', { name: 'Asha Admin' }),
    world.person('user', { name: 'Priya Sharma' }),
    world.employee({ name: 'Meera Iyer', shift: 'morning' }),
    world.employee({ name: 'Rohan Verma', shift: 'morning', employeeRole: 'receptionist' }),
  ]);
  await world.mirrored({
    services: [service.id],
    rooms: [gold.id, diamond.id],
    users: [therapist.id, receptionist.id, customer.id],
  });
});
afterAll(async () => world?.close());

describe('GET /appointments/calendar', () => {
  it('shows a day: hours, rooms by number, employees with their hours, appointments with their cleanup', async () => {
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(DAY, '11:00'), { type: 'Gold' }),
    });
    expect(booked.statusCode).toBe(201);
    const cancelled = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(DAY, '14:00'), { type: 'Gold' }),
    });
    await world.request('PUT', `/appointments/${cancelled.json()._id}/cancel`, { token: customer.token });

    const response = await calendar(admin.token, `date=${istDate(DAY)}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.days).toEqual([{ date: istDate(DAY), closed: false, opens: '09:00', closes: '21:00' }]);
    expect(body.rooms.map((room: { roomNumber: string }) => room.roomNumber)).toEqual(['801', '802']);
    expect(body.employees.find((each: { name: string }) => each.name === 'Meera Iyer').hours).toEqual([
      { date: istDate(DAY), opens: '09:00', closes: '17:00' },
    ]);
    // The cancelled one is not on the calendar.
    expect(body.appointments).toHaveLength(1);
    expect(body.appointments[0]).toMatchObject({
      id: booked.json()._id,
      status: 'Pending',
      roomNumber: '802',
      employeeName: 'Meera Iyer',
      customerName: 'Priya Sharma',
      start: istTime(DAY, '11:00').toISOString(),
      end: istTime(DAY, '12:00').toISOString(),
      cleanupUntil: istTime(DAY, '12:15').toISOString(),
    });
  });

  it('shows a week with a closure in it, for the receptionist too', async () => {
    await world.request('PUT', `/appointments/special-days/${istDate(DAY + 2)}`, {
      token: admin.token,
      body: { closed: true, reason: 'Holi' },
    });
    const response = await calendar(receptionist.token, `date=${istDate(DAY)}&days=7`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.days).toHaveLength(7);
    expect(body.days[2]).toMatchObject({ date: istDate(DAY + 2), closed: true, note: 'Closed: Holi' });
    expect(body.appointments).toHaveLength(1);
  });

  it('is not for customers or other employees, and refuses what it cannot read', async () => {
    expect((await calendar(customer.token, `date=${istDate(DAY)}`)).statusCode).toBe(403);
    expect((await calendar(therapist.token, `date=${istDate(DAY)}`)).statusCode).toBe(403);
    expect((await world.request('GET', `/appointments/calendar?date=${istDate(DAY)}`)).statusCode).toBe(401);
    for (const query of ['', 'date=2026-02-31', 'date=28-11-2026', `date=${istDate(DAY)}&days=3`]) {
      const response = await calendar(admin.token, query);
      expect([query, response.statusCode, response.json().code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });
});

describe('moving from the calendar', () => {
  it('the desk moves an appointment to another time and a chosen room of its type; the engine still judges', async () => {
    const rooms = (await calendar(admin.token, `date=${istDate(DAY + 1)}`)).json().rooms as Array<{
      id: string;
      roomNumber: string;
      type: string;
    }>;
    const diamond = rooms.find((room) => room.type === 'Diamond')!;
    const gold = rooms.find((room) => room.type === 'Gold')!;
    const goldRoom = await world.room({ roomNumber: '803' });
    await world.mirrored({ rooms: [goldRoom.id] });
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(DAY + 1, '10:00'), { type: 'Gold' }),
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json()._id as string;
    const move = (token: string, body: object) =>
      world.request('PUT', `/appointments/${id}/reschedule`, { token, body });

    // The receptionist drags it to 13:00 in room 803.
    const moved = await move(receptionist.token, {
      appointmentDateTime: istTime(DAY + 1, '13:00').toISOString(),
      roomId: goldRoom.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ appointmentDateTime: istTime(DAY + 1, '13:00').toISOString() });
    expect(moved.json().roomId._id ?? moved.json().roomId).toBe(goldRoom.id);

    // Another booking takes room 802 at 15:00: dropping there is refused with the nearest free starts.
    const other = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(DAY + 1, '16:00'), { type: 'Gold' }),
    });
    expect(other.statusCode).toBe(201);
    const otherRoom = other.json().roomId._id ?? other.json().roomId;
    const taken = await move(admin.token, {
      appointmentDateTime: istTime(DAY + 1, '16:00').toISOString(),
      roomId: otherRoom,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('NO_ROOM_AVAILABLE');
    expect(taken.json().details[0].suggestions.length).toBeGreaterThan(0);

    // Another capacity of the type is another room price: refused.
    const double = await world.room({ roomNumber: '804', capacity: 'Double Bed', pricePaise: 250_000n });
    await world.mirrored({ rooms: [double.id] });
    const dearer = await move(admin.token, {
      appointmentDateTime: istTime(DAY + 1, '13:00').toISOString(),
      roomId: double.id,
    });
    expect(dearer.statusCode).toBe(422);
    expect(dearer.json().code).toBe('ROOM_PRICE_DIFFERS');

    // Another type is another price: refused; and only the desk chooses a room.
    const otherType = await move(admin.token, {
      appointmentDateTime: istTime(DAY + 1, '13:00').toISOString(),
      roomId: diamond.id,
    });
    expect(otherType.statusCode).toBe(422);
    expect(otherType.json().code).toBe('ROOM_TYPE_DIFFERS');
    const byCustomer = await move(customer.token, {
      appointmentDateTime: istTime(DAY + 1, '14:00').toISOString(),
      roomId: gold.id,
    });
    expect(byCustomer.statusCode).toBe(403);
    const byTherapist = await move(therapist.token, {
      appointmentDateTime: istTime(DAY + 1, '14:00').toISOString(),
    });
    expect(byTherapist.statusCode).toBe(404);
    const unknownRoom = await move(admin.token, {
      appointmentDateTime: istTime(DAY + 1, '14:00').toISOString(),
      roomId: 'no-such-room',
    });
    expect(unknownRoom.statusCode).toBe(404);
  });
});
