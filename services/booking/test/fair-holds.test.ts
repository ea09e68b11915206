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

beforeAll(async () => {
  // The default limits: 5 cash bookings to come per customer, no two of one customer's overlapping.
  world = await startBooking('fair_holds');
  service = await world.service();
  const rooms = await Promise.all(['201', '202', '203'].map((roomNumber) => world.room({ roomNumber })));
  await world.mirrored({ services: [service.id], rooms: rooms.map((room) => room.id) });
});
afterAll(async () => world?.close());

const book = (person: Person, start: Date) =>
  world.request('POST', '/appointments/auto-assign', {
    token: person.token,
    body: bookingBody(service, start),
  });

describe('fair holds in booking', () => {
  it('one customer cannot hold two overlapping appointments, even in rooms left free; others can', async () => {
    const customer = await world.person('user', { name: 'Double Booker' });
    const other = await world.person('user', { name: 'Someone Else' });
    expect((await book(customer, istTime(3, '10:00'))).statusCode).toBe(201);

    const overlapping = await book(customer, istTime(3, '10:30'));
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({
      code: 'OVERLAPPING_APPOINTMENT',
      message:
        'You already have an appointment from 10:00 am to 11:00 am that overlaps this time. Choose another time.',
    });
    expect((await book(other, istTime(3, '10:30'))).statusCode).toBe(201);
    // Right after the first ends is fine.
    expect((await book(customer, istTime(3, '11:00'))).statusCode).toBe(201);
  });

  it('a customer cannot move one appointment onto another of theirs; moving it within its own time is fine', async () => {
    const customer = await world.person('user', { name: 'Double Mover' });
    const first = await book(customer, istTime(5, '10:00'));
    const second = await book(customer, istTime(5, '14:00'));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const secondId = second.json()._id as string;
    const move = (at: Date) =>
      world.request('PUT', `/appointments/${secondId}/reschedule`, {
        token: customer.token,
        body: { appointmentDateTime: at.toISOString() },
      });

    const onto = await move(istTime(5, '10:30'));
    expect(onto.statusCode, onto.body).toBe(409);
    expect(onto.json()).toMatchObject({
      code: 'OVERLAPPING_APPOINTMENT',
      message:
        'You already have an appointment from 10:00 am to 11:00 am that overlaps this time. Choose another time.',
    });
    // Refused as a whole: the appointment is where it was.
    const { rows } = await world.pool.query('select starts_at from appointments where id = $1', [secondId]);
    expect(new Date(rows[0].starts_at).toISOString()).toBe(istTime(5, '14:00').toISOString());
    // Overlapping only its own old time is no clash; next to the other one is fine too.
    expect((await move(istTime(5, '14:30'))).statusCode).toBe(200);
    expect((await move(istTime(5, '11:00'))).statusCode).toBe(200);
  });

  it('a customer booking the same slot 6 times at once gets exactly one appointment', async () => {
    const customer = await world.person('user', { name: 'Storm Booker' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(customer, istTime(4, '15:00'))));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    const { rows } = await world.pool.query(
      "select count(*)::int as n from appointments where customer_id = $1 and status <> 'Cancelled'",
      [customer.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('at most 5 cash bookings to come per customer, even when asked for at once; a cancelled one frees a place', async () => {
    const customer = await world.person('user', { name: 'Cash Hoarder' });
    const starts = Array.from({ length: 8 }, (_, day) => istTime(10 + day, '12:00'));
    const answers = await Promise.all(starts.map((start) => book(customer, start)));
    const booked = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(booked).toHaveLength(5);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json()).toMatchObject({
      code: 'TOO_MANY_CASH_BOOKINGS',
      message:
        'You already have 5 upcoming appointments to pay in cash. Pay online, or book again after one of them.',
      details: [{ limit: 5 }],
    });

    const cancelled = await world.request('PUT', `/appointments/${booked[0]!.json()._id}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await book(customer, istTime(20, '12:00'))).statusCode).toBe(201);
    expect((await book(customer, istTime(21, '12:00'))).statusCode).toBe(409);
  });
});
