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

// Staff schedules and time off, against the real engine: an employee's own weekly
// hours replace their shift's, approved time off takes them out; auto-assign, the availability read and
// the admin's available employees all follow; what a change strands is listed, never reassigned behind
// anyone's back; each change is an event.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let admin: Person;
let customer: Person;
let meera: Person;

const HOURS_DAY = 3;
const LEAVE_DAY = 6;
/** 0 for Sunday, of a day some days ahead (business time). */
const weekdayOf = (daysAhead: number) => new Date(`${istDate(daysAhead)}T00:00:00Z`).getUTCDay();

async function startsOn(daysAhead: number): Promise<string[]> {
  const search = new URLSearchParams({
    serviceId: service.id,
    durationMinutes: '60',
    from: istDate(daysAhead),
  });
  const response = await world.request('GET', `/appointments/availability?${search}`);
  expect(response.statusCode).toBe(200);
  return response.json().days[0].starts.map(({ start }: { start: string }) => istClock(start));
}

async function book(daysAhead: number, at: string) {
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: customer.token,
    body: bookingBody(service, istTime(daysAhead, at), { type: 'Gold' }),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { _id: string; employeeId: { _id: string } | null };
}

beforeAll(async () => {
  world = await startBooking('working-time', { env: { SHIFT_HOURS: 'morning=09:00-17:00' } });
  service = await world.service();
  const gold = await world.room({ roomNumber: '701' });
  [admin, customer, meera] = await Promise.all([
    world.person('admin', { name: 'Asha Admin' }),
    world.person('user', { name: 'Priya Sharma' }),
    world.employee({ name: 'Meera Iyer', shift: 'morning' }),
  ]);
  await world.mirrored({ services: [service.id], rooms: [gold.id], users: [meera.id, customer.id] });
});
afterAll(async () => world?.close());

describe('weekly hours', () => {
  it("replace the shift's: offered, assigned and listed by them, with what they strand", async () => {
    // On her morning shift she is offered from 09:00; booked at 10:00, she is assigned.
    expect((await startsOn(HOURS_DAY))[0]).toBe('09:00');
    const early = await book(HOURS_DAY, '10:00');
    expect(early.employeeId?._id).toBe(meera.id);

    // Her own hours from now: 12:00-18:00, and the weekday after HOURS_DAY off.
    const days = Array.from({ length: 7 }, (_, weekday) =>
      weekday === weekdayOf(HOURS_DAY + 1) ? null : { opens: '12:00', closes: '18:00' },
    );
    const set = await world.request('PUT', `/appointments/schedules/${meera.id}`, {
      token: admin.token,
      body: { days },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().schedule).toMatchObject({ employeeId: meera.id, name: 'Meera Iyer', usesShift: false });
    expect(set.json().schedule.days[weekdayOf(HOURS_DAY + 1)]).toMatchObject({ off: true });
    // The 10:00 appointment is outside her new hours: listed to reassign, left as it is.
    expect(set.json().stranded.map((each: { _id: string }) => each._id)).toEqual([early._id]);
    expect(await world.eventsOf(meera.id)).toContain('booking.schedule.set');

    const starts = await startsOn(HOURS_DAY);
    expect(starts[0]).toBe('12:00');
    expect(starts.at(-1)).toBe('17:00');
    expect(await startsOn(HOURS_DAY + 1)).toEqual([]);
    const late = await book(HOURS_DAY, '16:30');
    expect(late.employeeId?._id).toBe(meera.id);

    // She sees her own hours; nobody else but an admin does.
    const own = await world.request('GET', `/appointments/schedules/${meera.id}`, { token: meera.token });
    expect(own.json().days[weekdayOf(HOURS_DAY)]).toEqual({
      day: expect.any(String),
      opens: '12:00',
      closes: '18:00',
    });
    expect(
      (await world.request('GET', `/appointments/schedules/${meera.id}`, { token: customer.token }))
        .statusCode,
    ).toBe(404);
    const all = await world.request('GET', '/appointments/schedules', { token: admin.token });
    expect(all.json().schedules.map((each: { name: string }) => each.name)).toContain('Meera Iyer');

    // Back to her shift's hours.
    const reset = await world.request('PUT', `/appointments/schedules/${meera.id}`, {
      token: admin.token,
      body: { days: null },
    });
    expect(reset.json().schedule.usesShift).toBe(true);
    expect((await startsOn(HOURS_DAY + 1))[0]).toBe('09:00');
  });

  it('refuse a week that is not one', async () => {
    const cases: Array<[object, number]> = [
      [{ days: [{ opens: '09:00', closes: '17:00' }] }, 400],
      [{ days: Array(7).fill({ opens: '17:00', closes: '09:00' }) }, 400],
      [{ days: Array(7).fill({ opens: '9am', closes: '5pm' }) }, 400],
      [{}, 400],
    ];
    for (const [body, status] of cases) {
      const response = await world.request('PUT', `/appointments/schedules/${meera.id}`, {
        token: admin.token,
        body,
      });
      expect([JSON.stringify(body), response.statusCode, response.json().code]).toEqual([
        JSON.stringify(body),
        status,
        'VALIDATION_FAILED',
      ]);
    }
    const stranger = await world.request('PUT', '/appointments/schedules/nobody', {
      token: admin.token,
      body: { days: null },
    });
    expect(stranger.statusCode).toBe(404);
    const byEmployee = await world.request('PUT', `/appointments/schedules/${meera.id}`, {
      token: meera.token,
      body: { days: null },
    });
    expect(byEmployee.statusCode).toBe(403);
  });
});

describe('time off', () => {
  it('asked for by the employee, approved by an admin: she is no longer offered or assigned those days', async () => {
    const booked = await book(LEAVE_DAY, '11:00');
    expect(booked.employeeId?._id).toBe(meera.id);

    const asked = await world.request('POST', '/appointments/time-off', {
      token: meera.token,
      body: { firstDate: istDate(LEAVE_DAY), lastDate: istDate(LEAVE_DAY + 1), reason: 'Sister’s wedding' },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'requested', employeeName: 'Meera Iyer' });
    const id = asked.json().id as string;
    // Asked for is not approved: she is still offered.
    expect((await startsOn(LEAVE_DAY)).length).toBeGreaterThan(0);
    const twice = await world.request('POST', '/appointments/time-off', {
      token: meera.token,
      body: { firstDate: istDate(LEAVE_DAY + 1), lastDate: istDate(LEAVE_DAY + 2), reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('TIME_OFF_OVERLAPS');

    const pending = await world.request('GET', '/appointments/time-off?status=requested', {
      token: admin.token,
    });
    expect(pending.json().requests.map((each: { id: string }) => each.id)).toContain(id);

    const approved = await world.request('PUT', `/appointments/time-off/${id}/decision`, {
      token: admin.token,
      body: { decision: 'approved', note: 'Enjoy' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().timeOff).toMatchObject({ status: 'approved', decisionNote: 'Enjoy' });
    expect(approved.json().stranded.map((each: { _id: string }) => each._id)).toEqual([booked._id]);
    expect(await world.eventsOf(id)).toEqual(['booking.time-off.requested', 'booking.time-off.decided']);

    // She was the only therapist of the role: nothing is offered those days, and the admin's list
    // shows her as not working then.
    expect(await startsOn(LEAVE_DAY)).toEqual([]);
    expect(await startsOn(LEAVE_DAY + 1)).toEqual([]);
    const available = await world.request('GET', `/appointments/${booked._id}/available-employees`, {
      token: admin.token,
    });
    // Listed (an admin may still choose her), but as not working then.
    expect(
      available
        .json()
        .availableEmployees.map((each: { _id: string; onShift: boolean }) => [each._id, each.onShift]),
    ).toEqual([[meera.id, false]]);
    const again = await world.request('PUT', `/appointments/time-off/${id}/decision`, {
      token: admin.token,
      body: { decision: 'declined' },
    });
    expect(again.statusCode).toBe(409);

    // She withdraws it: offered again.
    const withdrawn = await world.request('PUT', `/appointments/time-off/${id}/withdraw`, {
      token: meera.token,
    });
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await startsOn(LEAVE_DAY + 1))[0]).toBe('09:00');
    const mine = await world.request('GET', '/appointments/time-off', { token: meera.token });
    expect(mine.json().requests.map((each: { status: string }) => each.status)).toEqual(['withdrawn']);
  });

  it('only an employee asks, only an admin decides, and bad input is a 4xx that changes nothing', async () => {
    const ask = (token: string, body: object) =>
      world.request('POST', '/appointments/time-off', { token, body });
    expect(
      (await ask(customer.token, { firstDate: istDate(20), lastDate: istDate(20), reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await ask(admin.token, { firstDate: istDate(20), lastDate: istDate(20), reason: 'x' })).statusCode,
    ).toBe(403);
    const cases: Array<[object, number, string]> = [
      [{ firstDate: '2026-02-31', lastDate: istDate(20), reason: 'x' }, 400, 'VALIDATION_FAILED'],
      [{ firstDate: istDate(21), lastDate: istDate(20), reason: 'x' }, 400, 'VALIDATION_FAILED'],
      [{ firstDate: istDate(-2), lastDate: istDate(1), reason: 'x' }, 422, 'DATE_IN_PAST'],
      [{ firstDate: istDate(20), lastDate: istDate(80), reason: 'x' }, 422, 'TIME_OFF_TOO_LONG'],
      [{ firstDate: istDate(20), lastDate: istDate(20), reason: '  ' }, 400, 'VALIDATION_FAILED'],
      [{ firstDate: istDate(20), lastDate: istDate(20) }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const response = await ask(meera.token, body);
      expect([JSON.stringify(body), response.statusCode, response.json().code]).toEqual([
        JSON.stringify(body),
        status,
        code,
      ]);
    }
    const asked = await ask(meera.token, {
      firstDate: istDate(20),
      lastDate: istDate(20),
      reason: 'Training',
    });
    const id = asked.json().id as string;
    const byEmployee = await world.request('PUT', `/appointments/time-off/${id}/decision`, {
      token: meera.token,
      body: { decision: 'approved' },
    });
    expect(byEmployee.statusCode).toBe(403);
    const unknown = await world.request('PUT', '/appointments/time-off/not-a-request/decision', {
      token: admin.token,
      body: { decision: 'approved' },
    });
    expect(unknown.statusCode).toBe(404);
    const declined = await world.request('PUT', `/appointments/time-off/${id}/decision`, {
      token: admin.token,
      body: { decision: 'declined', note: 'Busy week' },
    });
    expect(declined.json().timeOff.status).toBe('declined');
    const late = await world.request('PUT', `/appointments/time-off/${id}/withdraw`, { token: meera.token });
    expect(late.statusCode).toBe(409);
    // A customer has no time off to list.
    expect((await world.request('GET', '/appointments/time-off', { token: customer.token })).statusCode).toBe(
      403,
    );
  });
});
