import { startRazorpaySandbox, type RazorpaySandbox } from '@spa/razorpay-sandbox';
import { eventually, serveTestJwks } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, SANDBOX_SECRETS, startCommerce } from './support/commerce-process.js';
import {
  bookingBody,
  istDate,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

/*
 * The waitlist with the real parts: booking in process with its consumers and its
 * payment hold sweeper, the real commerce (its own process) and the Razorpay sandbox for the offer's
 * payment, Kafka between them. One room, so one booking fills the hour waited for.
 */
let world: BookingWorld;
let sandbox: RazorpaySandbox;
let commerce: Awaited<ReturnType<typeof startCommerce>>;
let jwks: Awaited<ReturnType<typeof serveTestJwks>>;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let first: Person;
let second: Person;
let third: Person;
let admin: Person;

const DAY = 24;
const date = istDate(DAY);
const HOLD_SECONDS = 4;

beforeAll(async () => {
  jwks = await serveTestJwks();
  const [bookingPort, commercePort] = [await freePort(), await freePort()];
  const commerceUrl = `http://127.0.0.1:${commercePort}`;
  sandbox = await startRazorpaySandbox({
    ...SANDBOX_SECRETS,
    webhookUrl: `${commerceUrl}/payments/webhook`,
    webhookRetryDelaysMs: [200, 500],
  });
  world = await startBooking('waitlist', {
    listen: bookingPort,
    holdWorker: true,
    env: {
      COMMERCE_URL: commerceUrl,
      PAYMENT_HOLD_SECONDS: String(HOLD_SECONDS),
      HOLD_SWEEP_INTERVAL_MS: '250',
    },
  });
  commerce = await startCommerce({
    port: commercePort,
    namespace: world.namespace,
    razorpayUrl: sandbox.url,
    jwksUrl: jwks.url,
  });
  service = await world.service();
  const room = await world.room({ roomNumber: '301' });
  let therapist: Person;
  [first, second, third, admin, therapist] = await Promise.all([
    world.person('user', { name: 'Priya Sharma' }),
    world.person('user', { name: 'Kavya Rao' }),
    world.person('user', { name: 'Meera Nair' }),
    world.person('admin', { name: 'Asha Admin' }),
    // The one therapist of the treatment's role (morning shift, 09:00 to 17:00).
    world.employee({ name: 'Anjali Patel' }),
  ]);
  await world.mirrored({
    services: [service.id],
    rooms: [room.id],
    users: [first.id, second.id, third.id, therapist.id],
  });
});
afterAll(async () => {
  await commerce?.stop();
  await sandbox?.close();
  await world?.close();
  await jwks?.close();
});

const option = () => service.pricing[0]!;
const join = (person: Person | undefined, window: { from: string; to: string; date?: string }, extra = {}) =>
  world.request('POST', '/appointments/waitlist', {
    token: person?.token,
    body: {
      serviceId: service.id,
      durationMinutes: option().durationMinutes,
      date: window.date ?? date,
      from: window.from,
      to: window.to,
      ...extra,
    },
  });
const mine = async (person: Person) => {
  const response = await world.request('GET', '/appointments/waitlist', { token: person.token });
  expect(response.statusCode).toBe(200);
  return response.json().entries as Array<{
    _id: string;
    status: string;
    date: string;
    from: string;
    to: string;
    offer: null | { appointmentId: string; start: string; expiresAt: string; totalPrice: number };
  }>;
};

describe('the waitlist', () => {
  let taken: string;
  let secondEntry: string;

  it('takes a customer for a full hour, once per treatment and day, and refuses what makes no sense', async () => {
    const booked = await world.request('POST', '/appointments/auto-assign', {
      token: first.token,
      body: bookingBody(service, istTime(DAY, '11:00')),
    });
    expect(booked.statusCode).toBe(201);
    taken = booked.json()._id;

    const joined = await join(second, { from: '11:00', to: '11:00' });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ date, from: '11:00', to: '11:00', status: 'waiting', offer: null });
    secondEntry = joined.json()._id;
    expect((await join(second, { from: '11:00', to: '11:00' })).json()).toMatchObject({
      code: 'ALREADY_WAITING',
    });
    expect((await join(third, { from: '11:00', to: '11:00' })).statusCode).toBe(201);

    // A window with a free start now: book it instead.
    const free = await join(third, { from: '15:00', to: '16:00' }, { date: istDate(DAY + 1) });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ code: 'TIMES_FREE', message: expect.stringMatching(/15:00/) });
    // Nonsense and strangers.
    expect((await join(third, { from: '12:00', to: '11:00' })).statusCode).toBe(422);
    expect((await join(third, { from: '23:00', to: '23:30' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await join(third, { from: '11:00', to: '11:00', date: istDate(-2) })).json()).toMatchObject({
      code: 'DATE_PASSED',
    });
    expect((await join(third, { from: '11', to: '12:00' })).statusCode).toBe(400);
    expect((await join(admin, { from: '11:00', to: '11:00' })).statusCode).toBe(403);
    expect((await join(undefined, { from: '11:00', to: '11:00' })).statusCode).toBe(401);
    expect(
      (await world.request('DELETE', `/appointments/waitlist/${secondEntry}`, { token: third.token }))
        .statusCode,
    ).toBe(404);
  });

  it('holds the freed hour for the first one waiting, who pays and has it booked', async () => {
    const cancelled = await world.request('PUT', `/appointments/${taken}/cancel`, { token: first.token });
    expect(cancelled.statusCode).toBe(200);

    const offered = await eventually(
      async () => {
        const [entry] = await mine(second);
        expect(entry?.status).toBe('offered');
        return entry!;
      },
      { timeoutMs: 30_000 },
    );
    expect(offered.offer).toMatchObject({ start: istTime(DAY, '11:00').toISOString(), totalPrice: 4499 });
    expect(Date.parse(offered.offer!.expiresAt)).toBeGreaterThan(Date.now());
    expect(await world.eventsOf(offered._id)).toEqual([
      'booking.waitlist.joined',
      'booking.waitlist.offered',
    ]);
    // The hold is a real booking: nobody else can take the hour meanwhile.
    const other = await world.request('POST', '/appointments/auto-assign', {
      token: third.token,
      body: bookingBody(service, istTime(DAY, '11:00')),
    });
    expect(other.statusCode).toBe(409);
    // The third customer is still waiting behind.
    expect((await mine(third))[0]).toMatchObject({ status: 'waiting' });

    const { appointmentId } = offered.offer!;
    expect(
      (await world.request('POST', `/appointments/${appointmentId}/payment`, { token: third.token }))
        .statusCode,
    ).toBe(404);
    const order = await world.request('POST', `/appointments/${appointmentId}/payment`, {
      token: second.token,
    });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({
      amount: 449_900,
      razorpayOrderId: expect.stringMatching(/^order_/),
    });
    const checkout = await sandbox.pay(order.json().razorpayOrderId);
    const verified = await fetch(`${commerce.url}/orders/verify-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${second.token}` },
      body: JSON.stringify(checkout),
    });
    expect(verified.status).toBe(200);
    await eventually(async () => expect((await mine(second))[0]?.status).toBe('booked'), {
      timeoutMs: 30_000,
    });
    // Booked: leaving the waitlist does not undo it.
    expect(
      (
        await world.request('DELETE', `/appointments/waitlist/${secondEntry}`, { token: second.token })
      ).json(),
    ).toMatchObject({ code: 'OFFER_TAKEN' });
  });

  it('passes an offer not paid in time to the next one waiting, and lets a customer leave', async () => {
    // The booked customer cancels after all (refunded): the hour goes to the third customer...
    const [entry] = await mine(second);
    const cancelled = await world.request('PUT', `/appointments/${entry!.offer!.appointmentId}/cancel`, {
      token: second.token,
    });
    expect(cancelled.statusCode).toBe(200);
    const offered = await eventually(
      async () => {
        const [waiting] = await mine(third);
        expect(waiting?.status).toBe('offered');
        return waiting!;
      },
      { timeoutMs: 30_000 },
    );
    // ...who does not pay: the hold runs out, the entry expires, and with nobody else waiting the hour is free.
    await eventually(async () => expect((await mine(third))[0]?.status).toBe('expired'), {
      timeoutMs: 30_000,
    });
    const held = await world.request('GET', `/appointments/${offered.offer!.appointmentId}`, {
      token: admin.token,
    });
    expect(held.json()).toMatchObject({ status: 'Cancelled' });
    const rebooked = await world.request('POST', '/appointments/auto-assign', {
      token: first.token,
      body: bookingBody(service, istTime(DAY, '11:00')),
    });
    expect(rebooked.statusCode).toBe(201);

    // Leaving: the entry is over, and leaving again changes nothing.
    const joined = await join(second, { from: '11:00', to: '11:00' });
    expect(joined.statusCode).toBe(201);
    const left = await world.request('DELETE', `/appointments/waitlist/${joined.json()._id}`, {
      token: second.token,
    });
    expect(left.json()).toMatchObject({ status: 'left' });
    const again = await world.request('DELETE', `/appointments/waitlist/${joined.json()._id}`, {
      token: second.token,
    });
    expect(again.json()).toMatchObject({ status: 'left' });
  });
});
