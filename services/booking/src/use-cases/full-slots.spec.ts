import { AppError } from '@spa/kit';
import { describe, expect, it } from 'vitest';
import type { BookingRequest } from './book-appointment.js';
import { forgetFullSlots, FullSlotMemo } from './full-slots.js';

const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  serviceId: 'service-swedish',
  durationMinutes: 60,
  type: 'Gold',
  appointmentDateTime: '2026-12-01T10:00:00.000Z',
  paymentMethod: 'cash',
  totalPrice: 2500,
  ...overrides,
});
const noRoom = () => new AppError(409, 'NO_ROOM_AVAILABLE', 'No Gold room is free at that time.');

/** A memo on a clock the test moves. */
function memoAt(ttlMs: number, maxAnswers?: number) {
  let now = 1_000;
  const memo = new FullSlotMemo(ttlMs, () => now, maxAnswers);
  return { memo, advance: (ms: number) => (now += ms) };
}

/** A `book` that counts its calls and answers what it is given. */
function booking<T>(answer: () => Promise<T>) {
  const book = async () => {
    book.calls += 1;
    return answer();
  };
  book.calls = 0;
  return book;
}

describe('FullSlotMemo: a "no room free" told again without the database', () => {
  it('repeats a 409 to the same request until it is ttlMs old, then asks again', async () => {
    const { memo, advance } = memoAt(500);
    const refusal = noRoom();
    const book = booking(async () => Promise.reject(refusal));
    await expect(memo.answer(request(), book)).rejects.toBe(refusal);
    advance(499);
    await expect(memo.answer(request(), book)).rejects.toBe(refusal);
    expect(book.calls).toBe(1);
    advance(1);
    await expect(memo.answer(request(), book)).rejects.toBe(refusal);
    expect(book.calls).toBe(2);
  });

  it('remembers only 409 NO_ROOM_AVAILABLE: other refusals and bookings are asked every time', async () => {
    const { memo } = memoAt(500);
    const priceChanged = booking(async () =>
      Promise.reject(new AppError(422, 'PRICE_MISMATCH', 'The price has changed')),
    );
    for (let i = 0; i < 2; i++) await expect(memo.answer(request(), priceChanged)).rejects.toThrow('price');
    expect(priceChanged.calls).toBe(2);
    const booked = booking(() => Promise.resolve('appointment'));
    for (let i = 0; i < 2; i++) expect(await memo.answer(request(), booked)).toBe('appointment');
    expect(booked.calls).toBe(2);
  });

  it('keys by everything the answer depends on: another start, type, price or payment is asked', async () => {
    const { memo } = memoAt(500);
    const book = booking(async () => Promise.reject(noRoom()));
    await expect(memo.answer(request(), book)).rejects.toThrow();
    const others: Partial<BookingRequest>[] = [
      { appointmentDateTime: '2026-12-01T10:30:00.000Z' },
      { type: 'Silver' },
      { totalPrice: 3000 },
      { paymentMethod: 'online' },
      { capacity: 'Double Bed' },
      { pricingOptionId: 'option-90' },
    ];
    for (const other of others) await expect(memo.answer(request(other), book)).rejects.toThrow();
    expect(book.calls).toBe(7);
  });

  it('forgets everything when a room may have been freed, here (forget) or by a read model (forgetFullSlots)', async () => {
    const { memo } = memoAt(60_000);
    const book = booking(async () => Promise.reject(noRoom()));
    await expect(memo.answer(request(), book)).rejects.toThrow();
    memo.forget();
    await expect(memo.answer(request(), book)).rejects.toThrow();
    forgetFullSlots();
    await expect(memo.answer(request(), book)).rejects.toThrow();
    expect(book.calls).toBe(3);
  });

  it('asks identical requests of the database one after another: a 409 ends the queue, a booking lets the next try', async () => {
    const { memo } = memoAt(500);
    const order: string[] = [];
    let roomsLeft = 2;
    let running = 0;
    const book = booking(async () => {
      running += 1;
      expect(running).toBe(1); // never two of the same request at once
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (roomsLeft === 0) {
        order.push('409');
        throw noRoom();
      }
      roomsLeft -= 1;
      order.push('booked');
      return 'appointment';
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => memo.answer(request(), book)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    // Two bookings and one 409 asked; the three behind the 409 were told it without asking.
    expect(order).toEqual(['booked', 'booked', '409']);
    expect(book.calls).toBe(3);
  });

  it('lets a failure other than a 409 pass the turn on, and different requests never wait for each other', async () => {
    const { memo } = memoAt(500);
    let first = true;
    const book = booking(() => {
      if (!first) return Promise.resolve('appointment');
      first = false;
      return Promise.reject(new Error('connection reset'));
    });
    const [failed, booked] = await Promise.allSettled([
      memo.answer(request(), book),
      memo.answer(request(), book),
    ]);
    expect(failed.status).toBe('rejected');
    expect(booked).toEqual({ status: 'fulfilled', value: 'appointment' });

    let release!: () => void;
    const slow = booking(() => new Promise<string>((resolve) => (release = () => resolve('slow'))));
    const pending = memo.answer(request(), slow);
    const quick = booking(() => Promise.resolve('quick'));
    expect(await memo.answer(request({ appointmentDateTime: '2026-12-01T11:00:00.000Z' }), quick)).toBe(
      'quick',
    );
    release();
    expect(await pending).toBe('slow');
  });

  it('holds at most maxAnswers answers, the oldest going first; ttlMs 0 remembers nothing', async () => {
    const { memo } = memoAt(60_000, 2);
    const book = booking(async () => Promise.reject(noRoom()));
    const at = (hour: number) => request({ appointmentDateTime: `2026-12-01T${hour}:00:00.000Z` });
    for (const hour of [10, 11, 12]) await expect(memo.answer(at(hour), book)).rejects.toThrow();
    await expect(memo.answer(at(12), book)).rejects.toThrow(); // remembered
    await expect(memo.answer(at(10), book)).rejects.toThrow(); // gone: asked again
    expect(book.calls).toBe(4);

    const off = memoAt(0).memo;
    const asked = booking(async () => Promise.reject(noRoom()));
    for (let i = 0; i < 3; i++) await expect(off.answer(request(), asked)).rejects.toThrow();
    expect(asked.calls).toBe(3);
  });
});
