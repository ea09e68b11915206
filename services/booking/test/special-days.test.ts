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

// Closures and special hours, against the real engine: an admin closes a date or
// shortens it; the engine, the reschedule, the availability read and the 409's suggestions all honour
// it; what it strands is listed, never cancelled behind anyone's back; each change is an event.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let admin: Person;
let customer: Person;
let other: Person;

const CLOSED_AHEAD = 4;
const SHORT_AHEAD = 5;

const setDay = (date: string, body: object, token = admin.token) =>
  world.request('PUT', `/appointments/special-days/${date}`, { token, body });

async function day(daysAhead: number) {
  const search = new URLSearchParams({
    serviceId: service.id,
    durationMinutes: '60',
    from: istDate(daysAhead),
  });
  const response = await world.request('GET', `/appointments/availability?${search}`);
  expect(response.statusCode).toBe(200);
  const [only] = response.json().days as Array<{ note?: string; starts: Array<{ start: string }> }>;
  return { note: only!.note, starts: only!.starts.map(({ start }) => istClock(start)) };
}

beforeAll(async () => {
  world = await startBooking('special-days', { env: { SHIFT_HOURS: 'morning=09:00-17:00' } });
  service = await world.service();
  const gold = await world.room({ roomNumber: '601' });
  const therapist = await world.employee({ name: 'Meera Iyer', shift: 'morning' });
  [admin, customer, other] = await Promise.all([
    world.person('admin', { name: 'Asha Admin' }),
    world.person('user', { name: 'Priya Sharma' }),
    world.person('user', { name: 'Arjun Mehta' }),
  ]);
  await world.mirrored({
    services: [service.id],
    rooms: [gold.id],
    users: [therapist.id, customer.id, other.id],
  });
});
afterAll(async () => world?.close());

describe('closures and special hours', () => {
  it('a closed date lists what it strands, takes every start off and refuses bookings and moves onto it', async () => {
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(CLOSED_AHEAD, '11:00'), { type: 'Gold' }),
    });
    expect(booked.statusCode).toBe(201);
    const appointmentId = booked.json()._id as string;

    const closed = await setDay(istDate(CLOSED_AHEAD), { closed: true, reason: 'Diwali' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().specialDay).toEqual({
      date: istDate(CLOSED_AHEAD),
      closed: true,
      opens: null,
      closes: null,
      reason: 'Diwali',
      note: 'Closed: Diwali',
    });
    // The appointment stays booked: the admin moves or cancels it (the customer may take another time).
    expect(closed.json().stranded.map((each: { _id: string }) => each._id)).toEqual([appointmentId]);
    const stranded = await world.request(
      'GET',
      `/appointments/special-days/${istDate(CLOSED_AHEAD)}/stranded`,
      {
        token: admin.token,
      },
    );
    expect(stranded.json().stranded).toHaveLength(1);
    expect(await world.eventsOf(istDate(CLOSED_AHEAD))).toEqual(['booking.special-day.set']);

    expect(await day(CLOSED_AHEAD)).toEqual({ note: 'Closed: Diwali', starts: [] });
    const refused = await world.request('POST', '/appointments/auto-assign', {
      token: other.token,
      body: bookingBody(service, istTime(CLOSED_AHEAD, '15:00'), { type: 'Gold' }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'CLOSED_ON_DATE',
      message: expect.stringMatching(
        /^The spa is closed on \w{3} \d{1,2} \w{3} \d{4} \(Diwali\)\. Please choose another day\.$/,
      ),
    });

    // Moved to the day after it fits again; moving anything onto the closed date is refused.
    const moved = await world.request('PUT', `/appointments/${appointmentId}/reschedule`, {
      token: admin.token,
      body: { appointmentDateTime: istTime(CLOSED_AHEAD + 2, '11:00').toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    const back = await world.request('PUT', `/appointments/${appointmentId}/reschedule`, {
      token: admin.token,
      body: { appointmentDateTime: istTime(CLOSED_AHEAD, '12:00').toISOString() },
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().code).toBe('CLOSED_ON_DATE');
  });

  it("a day of special hours offers and books only inside that day's hours", async () => {
    const set = await setDay(istDate(SHORT_AHEAD), {
      closed: false,
      opens: '12:00',
      closes: '15:00',
      reason: 'Staff training',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().specialDay.note).toBe('Open 12:00 PM – 3:00 PM: Staff training');
    expect(await day(SHORT_AHEAD)).toEqual({
      note: 'Open 12:00 PM – 3:00 PM: Staff training',
      starts: ['12:00', '12:30', '13:00', '13:30', '14:00'],
    });
    const early = await world.request('POST', '/appointments/auto-assign', {
      token: other.token,
      body: bookingBody(service, istTime(SHORT_AHEAD, '10:00'), { type: 'Gold' }),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('OUTSIDE_BUSINESS_HOURS');
    expect(early.json().message).toMatch(
      /the spa is open 12:00 PM to 3:00 PM \(Staff training\)\. A 60-minute treatment can start between 12:00 PM and 2:00 PM\.$/,
    );
    const inside = await world.request('POST', '/appointments/auto-assign', {
      token: other.token,
      body: bookingBody(service, istTime(SHORT_AHEAD, '12:00'), { type: 'Gold' }),
    });
    expect(inside.statusCode).toBe(201);
  });

  it('suggests no start on a closed date when a time is taken', async () => {
    // The one Gold room is taken at 12:00 on the short day: the 409 offers the nearest free starts,
    // inside that day's hours and never on the closed date.
    const taken = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(SHORT_AHEAD, '12:00'), { type: 'Gold' }),
    });
    expect(taken.statusCode).toBe(409);
    const suggestions = taken.json().details[0].suggestions as string[];
    expect(suggestions.length).toBeGreaterThan(0);
    for (const start of suggestions) {
      const date = new Date(Date.parse(start) + 330 * 60_000).toISOString().slice(0, 10);
      expect(date).not.toBe(istDate(CLOSED_AHEAD));
      if (date === istDate(SHORT_AHEAD))
        expect(istClock(start) >= '12:00' && istClock(start) <= '14:00').toBe(true);
    }
  });

  it('lists the dates for anyone, and removing one brings the usual hours back', async () => {
    const list = await world.request('GET', `/appointments/special-days?from=${istDate(0)}`);
    expect(list.statusCode).toBe(200);
    expect(
      list.json().specialDays.map((each: { date: string; note: string }) => [each.date, each.note]),
    ).toEqual([
      [istDate(CLOSED_AHEAD), 'Closed: Diwali'],
      [istDate(SHORT_AHEAD), 'Open 12:00 PM – 3:00 PM: Staff training'],
    ]);
    const removed = await world.request('DELETE', `/appointments/special-days/${istDate(CLOSED_AHEAD)}`, {
      token: admin.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(await world.eventsOf(istDate(CLOSED_AHEAD))).toEqual([
      'booking.special-day.set',
      'booking.special-day.removed',
    ]);
    const reopened = await day(CLOSED_AHEAD);
    expect(reopened.note).toBeUndefined();
    expect(reopened.starts[0]).toBe('09:00');
  });

  it('only an admin sets them, and bad input is a 4xx that changes nothing', async () => {
    const date = istDate(10);
    expect((await setDay(date, { closed: true, reason: 'Holi' }, customer.token)).statusCode).toBe(403);
    expect(
      (
        await world.request('PUT', `/appointments/special-days/${date}`, {
          body: { closed: true, reason: 'Holi' },
        })
      ).statusCode,
    ).toBe(401);
    const cases: Array<[string, object, number, string]> = [
      ['2026-02-31', { closed: true, reason: 'Holi' }, 400, 'VALIDATION_FAILED'],
      ['31-12-2026', { closed: true, reason: 'Holi' }, 400, 'VALIDATION_FAILED'],
      [istDate(-1), { closed: true, reason: 'Holi' }, 422, 'DATE_IN_PAST'],
      [istDate(800), { closed: true, reason: 'Holi' }, 422, 'TOO_FAR_AHEAD'],
      [date, { closed: false, reason: 'Short day' }, 400, 'VALIDATION_FAILED'],
      [
        date,
        { closed: false, opens: '15:00', closes: '12:00', reason: 'Short day' },
        400,
        'VALIDATION_FAILED',
      ],
      [
        date,
        { closed: false, opens: '25:00', closes: '26:00', reason: 'Short day' },
        400,
        'VALIDATION_FAILED',
      ],
      [date, { closed: true, reason: '   ' }, 400, 'VALIDATION_FAILED'],
      [date, { closed: true, reason: 'Holi', extra: 1 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [when, body, status, code] of cases) {
      const response = await setDay(when, body);
      expect([when, response.statusCode, response.json().code]).toEqual([when, status, code]);
    }
    const missing = await world.request('DELETE', `/appointments/special-days/${date}`, {
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
    const list = await world.request('GET', `/appointments/special-days?from=${istDate(6)}`);
    expect(list.json().specialDays).toEqual([]);
  });
});
