import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_USER } from '../src/http/calendar.routes.js';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// GET /appointments/calendar/changes: the desk's calendar hears of every change
// as it commits, through a real Postgres LISTEN, over a real HTTP stream.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let admin: Person;
let customer: Person;
let therapist: Person;
let receptionist: Person;

const DAY = 6;

/** An open stream: the events read so far, and a wait for the next one of a name. */
async function follow(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${world.url}/appointments/calendar/changes`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: string[] = [];
  let text = '';
  let ended = false;
  const waiting = new Set<() => void>();
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push(name);
          for (const wake of waiting) wake();
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const wake of waiting) wake();
  })();
  const next = (name: string, after = events.length, timeoutMs = 5_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (events.slice(after).includes(name)) done(resolve);
        else if (ended)
          done(() => reject(new Error(`the stream ended before "${name}": ${events.join(', ')}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no "${name}" in ${timeoutMs} ms: ${events.join(', ')}`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiting.delete(check);
        settle();
      };
      waiting.add(check);
      check();
    });
  return {
    response,
    events,
    next,
    hasEnded: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

beforeAll(async () => {
  world = await startBooking('calendar_changes', { listen: 0 });
  service = await world.service();
  const gold = await world.room({ roomNumber: '902' });
  [admin, customer, therapist, receptionist] = await Promise.all([
    world.person('admin', { name: 'Asha Admin' }),
    world.person('user', { name: 'Priya Sharma' }),
    world.employee({ name: 'Meera Iyer' }),
    world.employee({ name: 'Rohan Verma', employeeRole: 'receptionist' }),
  ]);
  await world.mirrored({
    services: [service.id],
    rooms: [gold.id],
    users: [therapist.id, receptionist.id, customer.id],
  });
});
afterAll(async () => world?.close());

describe('GET /appointments/calendar/changes', () => {
  it('tells a desk of a booking and a cancellation as they commit, and the calendar it reads again has them', async () => {
    const desk = await follow(receptionist.token);
    expect(desk.response.status).toBe(200);
    expect(desk.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(desk.response.headers.get('cache-control')).toBe('private, no-store');
    await desk.next('ready', 0);

    // The calendar is read (and kept a second for other desks) before the booking...
    const before = await world.request(
      'GET',
      `/appointments/calendar?date=${istTime(DAY, '12:00').toISOString().slice(0, 10)}`,
      {
        token: admin.token,
      },
    );
    expect(before.statusCode).toBe(200);
    const count = before.json().appointments.length;

    const seen = desk.events.length;
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(service, istTime(DAY, '11:00'), { type: 'Gold' }),
    });
    expect(booked.statusCode).toBe(201);
    await desk.next('changed', seen);
    // ...and read again at once after the notice: the kept answer was forgotten, the booking is there.
    const after = await world.request(
      'GET',
      `/appointments/calendar?date=${istTime(DAY, '12:00').toISOString().slice(0, 10)}`,
      {
        token: admin.token,
      },
    );
    expect(after.json().appointments).toHaveLength(count + 1);

    const beforeCancel = desk.events.length;
    const cancelled = await world.request('PUT', `/appointments/${booked.json()._id}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.statusCode).toBe(200);
    await desk.next('changed', beforeCancel);
    await desk.close();
  });

  it('tells every open desk, and a change made straight in the database too (a sweeper, a consumer)', async () => {
    const [first, second] = await Promise.all([follow(admin.token), follow(receptionist.token)]);
    await Promise.all([first.next('ready', 0), second.next('ready', 0)]);
    await world.pool.query(`update rooms set status = status where id is not null`);
    await Promise.all([first.next('changed', 1), second.next('changed', 1)]);
    await Promise.all([first.close(), second.close()]);
  });

  it('is for the desk only: a customer or a therapist is refused, a stranger must sign in', async () => {
    for (const person of [customer, therapist]) {
      const refused = await fetch(`${world.url}/appointments/calendar/changes`, {
        headers: { authorization: `Bearer ${person.token}` },
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const anonymous = await fetch(`${world.url}/appointments/calendar/changes`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it(`refuses a person's stream beyond ${STREAMS_PER_USER} open at once, and counts a closed one out`, async () => {
    const streams = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => follow(admin.token)));
    expect(streams.map((stream) => stream.response.status)).toEqual(streams.map(() => 200));
    const extra = await fetch(`${world.url}/appointments/calendar/changes`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(extra.status).toBe(429);
    expect(await extra.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another desk person is not held back by it.
    const other = await follow(receptionist.token);
    expect(other.response.status).toBe(200);
    await other.close();

    await streams[0]!.close();
    // The server counts the closed one out when its connection goes.
    let again: Awaited<ReturnType<typeof follow>> | undefined;
    for (let attempt = 0; attempt < 50 && !again; attempt++) {
      const tried = await follow(admin.token);
      if (tried.response.status === 200) again = tried;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again?.response.status).toBe(200);
    await Promise.all([...streams.slice(1), again!].map((stream) => stream.close()));
  });

  it('ends open streams when the service closes, so a rolling restart is not held up by them', async () => {
    const other = await startBooking('calendar_changes_close', { listen: 0 });
    try {
      const desk = await fetch(`${other.url}/appointments/calendar/changes`, {
        headers: { authorization: `Bearer ${(await other.person('admin')).token}` },
      });
      expect(desk.status).toBe(200);
      const reading = desk.text();
      const closing = other.app.close();
      await expect(reading).resolves.toContain('event: ready');
      await closing;
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
