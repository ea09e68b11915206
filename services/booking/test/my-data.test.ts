import { eventually } from '@spa/kit/testing';
import { events } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let leaving: Person;
let staying: Person;

beforeAll(async () => {
  world = await startBooking('my_data');
  await world.deps.bus.ensureTopics([{ topic: events.userErased.topic }]);
  service = await world.service();
  const rooms = await Promise.all(['301', '302'].map((roomNumber) => world.room({ roomNumber })));
  leaving = await world.person('user', { name: 'Priya Sharma' });
  staying = await world.person('user', { name: 'Kabir Rao' });
  await world.mirrored({
    services: [service.id],
    rooms: rooms.map((room) => room.id),
    users: [leaving.id, staying.id],
  });
});
afterAll(async () => world?.close());

async function book(start: Date, person: Person) {
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: person.token,
    body: bookingBody(service, start),
  });
  if (response.statusCode !== 201)
    throw new Error(`booking answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { _id: string })._id;
}

describe('a customer’s own data in booking', () => {
  it('exports only the caller’s appointments', async () => {
    const mine = await book(istTime(5, '11:00'), staying);
    const response = await world.request('GET', '/appointments/me/export', { token: staying.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { appointments: Array<{ id: string; history: unknown[] }> };
    expect(body.appointments.map((row) => row.id)).toEqual([mine]);
    expect(body.appointments[0]!.history.length).toBeGreaterThan(0);
    const theirs = await world.request('GET', '/appointments/me/export', { token: leaving.token });
    expect(theirs.body).not.toContain(mine);
    expect((await world.request('GET', '/appointments/me/export')).statusCode).toBe(401);
  });

  it('on identity.user.erased cancels the future appointments through the normal path and anonymises the rest', async () => {
    const future = await book(istTime(6, '10:00'), leaving);
    const othersFuture = await book(istTime(6, '10:00'), staying);
    for (let delivery = 0; delivery < 2; delivery++)
      await world.emit('identity', events.userErased, leaving.id, {
        userId: leaving.id,
        email: leaving.email,
        phone: '+91 98765 43210',
        reason: 'self',
      });

    await eventually(
      async () => {
        const { rows } = await world.pool.query('select status from appointments where id = $1', [future]);
        expect(rows).toEqual([{ status: 'Cancelled' }]);
      },
      { timeoutMs: 30_000 },
    );
    // Delivered twice, cancelled (and announced) once: booking.appointment.cancelled is what commerce refunds on.
    expect(
      (await world.eventsOf(future)).filter((type) => type === events.appointmentCancelled.type),
    ).toHaveLength(1);
    // What booking's database keeps about them: the appointments, without their name or email.
    await eventually(async () => {
      const { rows } = await world.pool.query(
        'select customer_name, customer_email from appointments where customer_id = $1',
        [leaving.id],
      );
      expect(rows).toEqual([{ customer_name: 'Erased customer', customer_email: '' }]);
    });
    const { rows: history } = await world.pool.query(
      'select distinct actor_name from appointment_history where actor_id = $1',
      [leaving.id],
    );
    expect(history).toEqual([{ actor_name: 'Erased customer' }]);
    const { rows: mirror } = await world.pool.query('select name, email, phone from users where id = $1', [
      leaving.id,
    ]);
    expect(mirror).toEqual([{ name: 'Erased customer', email: '', phone: '' }]);
    // The other customer's appointment is untouched.
    const { rows: others } = await world.pool.query(
      'select status, customer_name from appointments where id = $1',
      [othersFuture],
    );
    expect(others).toEqual([{ status: 'Pending', customer_name: 'Kabir Rao' }]);
  });
});
