import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// Long enough that a slow machine stays inside the moment the memo remembers.
const FULL_SLOT_MEMO_MS = 2_000;

let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;
let otherCustomer: Person;

beforeAll(async () => {
  // The memo reads Date.now (as it was when the app built it): a faked Date that keeps pace with the
  // real one, so the test can move past the memo's lifetime instead of sleeping through it.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  world = await startBooking('full_slots', { env: { FULL_SLOT_MEMO_MS: String(FULL_SLOT_MEMO_MS) } });
  service = await world.service();
  const onlyRoom = await world.room({ type: 'Silver', roomNumber: '401', pricePaise: 150_000n });
  customer = await world.person('user', { name: 'Priya Sharma' });
  otherCustomer = await world.person('user', { name: 'Kabir Rao' });
  await world.mirrored({
    services: [service.id],
    categories: [service.categoryId],
    rooms: [onlyRoom.id],
    users: [customer.id, otherCustomer.id],
  });
});
afterAll(async () => {
  await world?.close();
  vi.useRealTimers();
});

const book = (body: Record<string, unknown>, token: string) =>
  world.request('POST', '/appointments/auto-assign', { token, body });

describe('a full slot told "no room free" from memory (use-cases/full-slots.ts)', () => {
  it('for a moment after another replica frees it, and never once a room is freed here', async () => {
    const body = bookingBody(service, istTime(11, '11:00'), { type: 'Silver', roomPricePaise: 150_000 });
    const first = await book(body, customer.token);
    expect(first.statusCode, first.body).toBe(201);
    const full = await book(body, otherCustomer.token);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('NO_ROOM_AVAILABLE');

    // Another replica frees the room (here: the row goes behind this process's back). For up to
    // FULL_SLOT_MEMO_MS the same choice is told the same 409 without the database; after, it books.
    await world.pool.query('delete from appointments where id = $1', [first.json()._id]);
    const remembered = await book(body, otherCustomer.token);
    expect(remembered.statusCode).toBe(409);
    expect(remembered.json()).toEqual(full.json());
    vi.advanceTimersByTime(FULL_SLOT_MEMO_MS);
    const afterMemo = await book(body, otherCustomer.token);
    expect(afterMemo.statusCode, afterMemo.body).toBe(201);

    // A cancellation in this process: the slot is bookable at the very next request.
    expect((await book(body, customer.token)).statusCode).toBe(409);
    const cancelled = await world.request('PUT', `/appointments/${afterMemo.json()._id}/cancel`, {
      token: otherCustomer.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rebooked = await book(body, customer.token);
    expect(rebooked.statusCode, rebooked.body).toBe(201);
  });

  it('forgets when a room is added to booking’s read model, and tells each customer only the slot', async () => {
    const body = bookingBody(service, istTime(12, '15:00'), { type: 'Silver', roomPricePaise: 150_000 });
    expect((await book(body, customer.token)).statusCode).toBe(201);
    const full = await book(body, otherCustomer.token);
    expect(full.statusCode).toBe(409);
    // What is repeated names the slot and its suggestions, nobody's booking.
    expect(JSON.stringify(full.json())).not.toContain(customer.id);
    expect(JSON.stringify(full.json())).not.toContain('Priya');

    const secondRoom = await world.room({ type: 'Silver', roomNumber: '402', pricePaise: 150_000n });
    await world.mirrored({ rooms: [secondRoom.id] });
    const booked = await book(body, otherCustomer.token);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().roomId._id).toBe(secondRoom.id);
  });
});
