import { events } from '@spa/proto';
import { signTestToken } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
} from '../../booking/test/support/booking-world.js';
import { createIdentityWorld, type IdentityWorld } from './support/identity-world.js';

/**
 * Deleting an employee who is assigned to future appointments: identity asks the REAL booking service
 * how many, answers 409 with that number, and with ?releaseFuture=true has booking return them to the
 * assignment pool (unassigned) before deleting.
 */
let booking: BookingWorld;
let world: IdentityWorld;
let adminToken: string;

beforeAll(async () => {
  booking = await startBooking('empremoval', { listen: 0 });
  world = await createIdentityWorld('empremoval', { env: { BOOKING_URL: booking.url! } });
  adminToken = await world.adminToken();
}, 120_000);
afterAll(async () => {
  await world?.close();
  await booking?.close();
});

/** An employee in identity, mirrored into booking's read model as identity's event puts it there. */
async function employee(name: string) {
  const { user } = await world.register({ name });
  const id = String(user.id);
  const promoted = await world.call({
    method: 'PUT',
    url: `/admin/users/${id}`,
    token: adminToken,
    payload: {
      role: 'employee',
      employeeRole: 'servicestaff',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
    },
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
  await booking.emit('identity', events.userRegistered, id, {
    user: {
      id,
      name,
      email: String(user.email),
      role: 'employee',
      status: 'free',
      employeeRole: 'servicestaff',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
      employeeId: 'EMP-T',
    },
  });
  await booking.mirrored({ users: [id] });
  return id;
}

const appointmentOf = async (id: string, token: string) =>
  (await booking.request('GET', `/appointments/${id}`, { token })).json() as {
    employeeId: { _id: string } | null;
    status: string;
  };

describe('removing an employee from the team', () => {
  it('answers 409 with their future assignments, then returns them to the pool and deletes', async () => {
    const therapist = await employee('Meera Iyer');
    const service = await booking.service();
    const room = await booking.room();
    const customer = await booking.person('user', { name: 'Priya Sharma' });
    const admin = await booking.person('admin', { name: 'Asha Admin' });
    await booking.mirrored({ services: [service.id], rooms: [room.id], users: [customer.id, admin.id] });
    const booked = await booking.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(2, '11:00')),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json() as { _id: string; employeeId: { _id: string } | null };
    expect(appointment.employeeId?._id).toBe(therapist);

    const refused = await world.call({
      method: 'DELETE',
      url: `/admin/users/${therapist}`,
      token: adminToken,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const message =
      'Meera Iyer is assigned to 1 future appointment. Keep them on the team, or delete them and return it to the assignment pool.';
    expect(refused.json()).toEqual({
      code: 'HAS_FUTURE_APPOINTMENTS',
      message,
      details: [{ field: 'futureAppointments', message, futureAppointments: 1 }],
    });
    expect((await appointmentOf(appointment._id, admin.token)).employeeId?._id).toBe(therapist);

    const removed = await world.call({
      method: 'DELETE',
      url: `/admin/users/${therapist}?releaseFuture=true`,
      token: adminToken,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      message:
        'User deleted; 1 future appointment is back in the assignment pool — assign it from the appointments tab',
      releasedAppointments: 1,
    });
    const after = await appointmentOf(appointment._id, admin.token);
    expect(after.employeeId).toBeNull();
    expect(after.status).not.toBe('Cancelled');
    expect(await booking.eventsOf(appointment._id)).toContain('booking.appointment.employee-assigned');
    const events = (await world.outbox()).filter((row) => row.key === therapist).map((row) => row.event_type);
    expect(events.at(-1)).toBe('identity.user.deleted');
  });

  it('deletes an employee without future assignments at once, and refuses a non-boolean releaseFuture', async () => {
    const idle = await employee('Zoya Khan');
    const bad = await world.call({
      method: 'DELETE',
      url: `/admin/users/${idle}?releaseFuture=perhaps`,
      token: adminToken,
    });
    expect(bad.statusCode).toBe(400);
    const removed = await world.call({ method: 'DELETE', url: `/admin/users/${idle}`, token: adminToken });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'User deleted' });
  });

  it('tells the admin how many upcoming appointments a customer’s deletion cancels, then deletes with cancelFuture', async () => {
    const { user } = await world.register({ name: 'Kabir Rao' });
    const customerId = String(user.id);
    await booking.emit('identity', events.userRegistered, customerId, {
      user: { id: customerId, name: 'Kabir Rao', email: String(user.email), role: 'user' },
    });
    await booking.mirrored({ users: [customerId] });
    const service = await booking.service();
    const room = await booking.room();
    await booking.mirrored({ services: [service.id], rooms: [room.id] });
    const token = await signTestToken({
      sub: customerId,
      role: 'user',
      name: 'Kabir Rao',
      email: String(user.email),
    });
    for (const day of [3, 4]) {
      const booked = await booking.request('POST', '/appointments/auto-assign', {
        token,
        body: bookingBody(service, istTime(day, '15:00')),
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }

    const refused = await world.call({
      method: 'DELETE',
      url: `/admin/users/${customerId}`,
      token: adminToken,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const message =
      'Kabir Rao has 2 upcoming appointments. Deleting the account cancels them, emails them and refunds what was paid online.';
    expect(refused.json()).toEqual({
      code: 'HAS_FUTURE_APPOINTMENTS',
      message,
      details: [{ field: 'futureAppointments', message, futureAppointments: 2 }],
    });
    expect(
      (await world.outbox()).filter((row) => row.key === customerId).map((row) => row.event_type),
    ).not.toContain('identity.user.erased');

    const removed = await world.call({
      method: 'DELETE',
      url: `/admin/users/${customerId}?cancelFuture=true`,
      token: adminToken,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      message: 'User deleted; 2 upcoming appointments are being cancelled, and the customer emailed',
      cancelledAppointments: 2,
    });
    // The erasure event is what cancels them in booking (proven in booking's own tests).
    expect(
      (await world.outbox()).filter((row) => row.key === customerId).map((row) => row.event_type),
    ).toContain('identity.user.erased');
  });

  it('booking refuses an internal dependents question that names nothing, or two things', async () => {
    for (const query of ['', '?roomId=a&serviceId=b', '?orderId=a', '?customerId=a&employeeId=b']) {
      const response = await booking.request('GET', `/internal/dependents${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const wrongTarget = await booking.request('POST', '/internal/dependents/cancel', {
      body: { employeeId: 'a' },
    });
    expect(wrongTarget.statusCode).toBe(400);
    expect((await booking.request('POST', '/internal/dependents/release', { body: {} })).statusCode).toBe(
      400,
    );
  });
});
