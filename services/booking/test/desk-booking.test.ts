import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// Walk-ins and phone bookings: the desk finds a customer in booking's copy of
// identity's users and books for them, paid at the counter; nobody else may.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let admin: Person;
let priya: Person;
let phoneOnly: Person;
let therapist: Person;
let receptionist: Person;

const DAY = 8;
const search = (token: string, text: string) =>
  world.request('GET', `/appointments/customers?search=${encodeURIComponent(text)}`, { token });

beforeAll(async () => {
  world = await startBooking('desk_booking', { env: { SHIFT_HOURS: 'morning=09:00-17:00' } });
  service = await world.service();
  const gold = await world.room({ roomNumber: '701' });
  [admin, priya, phoneOnly, therapist, receptionist] = await Promise.all([
    world.person('admin'),
    world.person('user', {
      name: 'Priya Sharma',
      email: 'priya.sharma@example.com',
      phone: '+91 99887 76655',
    }),
    world.person('user', { name: 'Walk-in Guest', email: '', phone: '+91 91234 00001' }),
    world.employee({ name: 'Meera Iyer', shift: 'morning' }),
    world.employee({ name: 'Rohan Verma', shift: 'morning', employeeRole: 'receptionist' }),
  ]);
  await world.mirrored({
    services: [service.id],
    rooms: [gold.id],
    users: [priya.id, phoneOnly.id, therapist.id, receptionist.id],
  });
});
afterAll(async () => world?.close());

describe('the desk finds a customer', () => {
  it('by name, email or the digits of a phone; customers only, with their no-shows', async () => {
    const byName = await search(receptionist.token, 'priya');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().customers).toEqual([
      {
        id: priya.id,
        name: 'Priya Sharma',
        email: 'priya.sharma@example.com',
        phone: '+91 99887 76655',
        noShows: 0,
      },
    ]);
    expect(
      (await search(admin.token, 'SHARMA@EXAMPLE')).json().customers.map((c: { id: string }) => c.id),
    ).toEqual([priya.id]);
    expect(
      (await search(receptionist.token, '99887 766')).json().customers.map((c: { id: string }) => c.id),
    ).toEqual([priya.id]);
    // Employees are not customers; a wildcard is a letter like any other.
    expect((await search(receptionist.token, 'Meera')).json().customers).toEqual([]);
    expect((await search(receptionist.token, '%%')).json().customers).toEqual([]);
  });

  it('refuses a short search, and anyone not at the desk', async () => {
    const short = await search(receptionist.token, 'p');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await search(priya.token, 'priya')).statusCode).toBe(403);
    expect((await search(therapist.token, 'priya')).statusCode).toBe(403);
    expect((await world.request('GET', '/appointments/customers?search=priya')).statusCode).toBe(401);
  });
});

describe('the desk books for a customer', () => {
  it('books a walk-in for the customer, paid at the counter; the history names the desk', async () => {
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: receptionist.token,
      body: { ...bookingBody(service, istTime(DAY, '11:00'), { type: 'Gold' }), customerId: priya.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      userId: { _id: priya.id, name: 'Priya Sharma', email: 'priya.sharma@example.com' },
      paymentMethod: 'cash',
      paymentStatus: 'Cash',
      status: 'Pending',
    });
    const detail = await world.request('GET', `/appointments/${booked.json()._id}`, { token: admin.token });
    expect(detail.json().history[0]).toMatchObject({
      field: 'booked',
      note: 'Booked at the front desk by Rohan Verma',
      changedBy: { id: receptionist.id, role: 'employee' },
    });
    // It is the customer's own: she sees it among hers.
    const hers = await world.request(
      'GET',
      `/appointments/users/${priya.id}/appointments?timeRange=upcoming`,
      {
        token: priya.token,
      },
    );
    expect(hers.json().appointments.map((a: { _id: string }) => a._id)).toContain(booked.json()._id);
  });

  it('books for a customer with no email (the confirmation has nowhere to go; the event says so)', async () => {
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: admin.token,
      body: { ...bookingBody(service, istTime(DAY, '14:00'), { type: 'Gold' }), customerId: phoneOnly.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().userId).toMatchObject({ _id: phoneOnly.id, email: '', phone: '+91 91234 00001' });
  });

  it('refuses online payment, an unknown customer, an employee as customer, and a customer booking for another', async () => {
    const body = (customerId: string, paymentMethod = 'cash') => ({
      ...bookingBody(service, istTime(DAY, '16:00'), { type: 'Gold' }),
      paymentMethod,
      customerId,
    });
    const online = await world.request('POST', '/appointments/auto-assign', {
      token: receptionist.token,
      body: body(priya.id, 'online'),
    });
    expect(online.statusCode).toBe(422);
    expect(online.json()).toMatchObject({ code: 'PAY_AT_COUNTER' });
    for (const customerId of ['0d7f6d55-8b5e-4a53-9a52-8f0d3c7c1a11', 'not-a-uuid', therapist.id]) {
      const unknown = await world.request('POST', '/appointments/auto-assign', {
        token: receptionist.token,
        body: body(customerId),
      });
      expect(unknown.statusCode, customerId).toBe(422);
      expect(unknown.json()).toMatchObject({ code: 'CUSTOMER_UNKNOWN' });
    }
    const forAnother = await world.request('POST', '/appointments/auto-assign', {
      token: phoneOnly.token,
      body: body(priya.id),
    });
    expect(forAnother.statusCode).toBe(403);
    expect((await search(admin.token, 'priya')).json().customers).toHaveLength(1);
  });

  it('the desk gives an appointment to a therapist (the calendar drop onto her column); nobody else may', async () => {
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: receptionist.token,
      body: { ...bookingBody(service, istTime(DAY + 1, '10:00'), { type: 'Gold' }), customerId: priya.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json()._id;
    const assign = (token: string, employeeId: string) =>
      world.request('POST', `/appointments/${id}/assign-employee`, { token, body: { employeeId } });
    expect((await assign(therapist.token, therapist.id)).statusCode).toBe(403);
    expect((await assign(priya.token, therapist.id)).statusCode).toBe(403);
    // A receptionist does not give massages: the treatment's role decides.
    expect((await assign(receptionist.token, receptionist.id)).json()).toMatchObject({
      code: 'ROLE_MISMATCH',
    });
    const assigned = await assign(receptionist.token, therapist.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().employeeId).toMatchObject({ _id: therapist.id, name: 'Meera Iyer' });
  });
});
