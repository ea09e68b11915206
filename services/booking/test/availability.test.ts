import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istDate,
  istClock,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// GET /appointments/availability: what the wizard's time and room steps offer,
// against the real engine: a start it lists can be booked, and a booking takes it off the list.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let customers: Person[];

const DAYS_AHEAD = 3;

async function availability(query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  );
  return world.request('GET', `/appointments/availability?${search}`);
}
async function startsOn(daysAhead: number) {
  const response = await availability({
    serviceId: service.id,
    durationMinutes: 60,
    from: istDate(daysAhead),
  });
  expect(response.statusCode).toBe(200);
  const [day] = response.json().days as Array<{ date: string; starts: { start: string; rooms: string[] }[] }>;
  return new Map(day!.starts.map(({ start, rooms }) => [istClock(start), rooms]));
}

beforeAll(async () => {
  world = await startBooking('availability', { env: { SHIFT_HOURS: 'morning=09:00-17:00' } });
  service = await world.service();
  const gold = await world.room({ roomNumber: '501' });
  const diamond = await world.room({ roomNumber: '502', type: 'Diamond', pricePaise: 300_000n });
  const therapist = await world.employee({ name: 'Meera Iyer', shift: 'morning' });
  customers = await Promise.all([
    world.person('user', { name: 'Priya Sharma' }),
    world.person('user', { name: 'Arjun Mehta' }),
    world.person('user', { name: 'Kavya Nair' }),
  ]);
  await world.mirrored({
    services: [service.id],
    rooms: [gold.id, diamond.id],
    users: [therapist.id, ...customers.map((customer) => customer.id)],
  });
});
afterAll(async () => world?.close());

describe('GET /appointments/availability', () => {
  it('lists the starts a therapist of the role is on shift and free for, with the free room choices', async () => {
    const starts = await startsOn(DAYS_AHEAD);
    // The only therapist works 09:00-17:00: a 60-minute treatment can start 09:00 … 16:00.
    expect([...starts.keys()][0]).toBe('09:00');
    expect([...starts.keys()].at(-1)).toBe('16:00');
    expect(starts.size).toBe(15);
    expect(starts.get('11:00')).toEqual(['Gold|Single Bed', 'Diamond|Single Bed']);
  });

  it('takes a booked start off: the therapist for the treatment, the room for it and its cleanup', async () => {
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: customers[0]!.token,
      body: bookingBody(service, istTime(DAYS_AHEAD, '11:00'), { type: 'Gold' }),
    });
    expect(booked.statusCode).toBe(201);
    const starts = await startsOn(DAYS_AHEAD);
    // The one therapist is busy 11:00-12:00.
    expect(starts.has('10:30')).toBe(false);
    expect(starts.has('11:00')).toBe(false);
    expect(starts.has('11:30')).toBe(false);
    // At 12:00 the therapist is free again, but the Gold room is being cleaned until 12:15.
    expect(starts.get('12:00')).toEqual(['Diamond|Single Bed']);
    expect(starts.get('12:30')).toEqual(['Gold|Single Bed', 'Diamond|Single Bed']);
  });

  it('stays true under a race: two customers on one listed start, the engine gives it to one', async () => {
    const before = await startsOn(DAYS_AHEAD);
    expect(before.has('14:00')).toBe(true);
    const attempts = await Promise.all(
      customers.slice(1).map((customer) =>
        world.request('POST', '/appointments/auto-assign', {
          token: customer.token,
          body: bookingBody(service, istTime(DAYS_AHEAD, '14:00'), { type: 'Gold' }),
        }),
      ),
    );
    // One Gold room: one booking is written, the other refused with the nearest free starts.
    expect(attempts.map((attempt) => attempt.statusCode).sort()).toEqual([201, 409]);
    const after = await startsOn(DAYS_AHEAD);
    expect(after.has('14:00')).toBe(false);
  });

  it('answers several days at once, none in the past', async () => {
    const response = await availability({
      serviceId: service.id,
      durationMinutes: 90,
      from: istDate(-1),
      days: 7,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ serviceId: service.id, durationMinutes: 90, stepMinutes: 30 });
    expect(body.days.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => istDate(index - 1)),
    );
    expect(body.days[0].starts).toEqual([]);
    expect(body.days[DAYS_AHEAD + 2].starts.length).toBeGreaterThan(0);
  });

  it('refuses what it cannot answer with a 4xx in the one error shape', async () => {
    const cases: Array<[Record<string, string | number>, number]> = [
      [{ serviceId: service.id, durationMinutes: 60 }, 400],
      [{ serviceId: service.id, durationMinutes: 60, from: '28-11-2026' }, 400],
      [{ serviceId: service.id, durationMinutes: 60, from: istDate(1), days: 43 }, 400],
      [{ serviceId: service.id, durationMinutes: 45, from: istDate(1) }, 400],
      [{ serviceId: service.id, durationMinutes: 60, from: '2026-02-31' }, 400],
      [{ serviceId: '00000000-0000-4000-8000-000000000000', durationMinutes: 60, from: istDate(1) }, 404],
    ];
    for (const [query, status] of cases) {
      const response = await availability(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(status);
      expect(response.json(), JSON.stringify(query)).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
      });
    }
  });

  it('is a public read, documented, and shared for one second at most', async () => {
    const response = await availability({ serviceId: service.id, durationMinutes: 60, from: istDate(1) });
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    const document = (await world.request('GET', '/openapi.json')).json();
    expect(document.paths['/appointments/availability'].get.security).toBeUndefined();
  });
});
