import { AppError, createPublisher } from '@spa/kit';
import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../domain/booking.js';
import { bookingEvents } from '../events/publishes.js';
import { FullSlotMemo, publishAndForgetFullSlots } from './full-slots.js';

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

/** How a booking consults the memo (book-batch.ts): told at once if remembered, else asked; a 409 remembered. */
async function answer<T>(memo: FullSlotMemo, asked: BookingRequest, book: () => Promise<T>): Promise<T> {
  const remembered = memo.recall(asked);
  if (remembered) throw remembered;
  try {
    return await book();
  } catch (error) {
    if (error instanceof AppError) memo.remember(asked, error);
    throw error;
  }
}

describe('FullSlotMemo: a "no room free" told again without the database', () => {
  it('repeats a 409 to the same request until it is ttlMs old, then asks again', async () => {
    const { memo, advance } = memoAt(500);
    const refusal = noRoom();
    const book = booking(async () => Promise.reject(refusal));
    await expect(answer(memo, request(), book)).rejects.toBe(refusal);
    advance(499);
    await expect(answer(memo, request(), book)).rejects.toBe(refusal);
    expect(book.calls).toBe(1);
    advance(1);
    await expect(answer(memo, request(), book)).rejects.toBe(refusal);
    expect(book.calls).toBe(2);
  });

  it('remembers only 409 NO_ROOM_AVAILABLE: other refusals and bookings are asked every time', async () => {
    const { memo } = memoAt(500);
    const priceChanged = booking(async () =>
      Promise.reject(new AppError(422, 'PRICE_MISMATCH', 'The price has changed')),
    );
    for (let i = 0; i < 2; i++) await expect(answer(memo, request(), priceChanged)).rejects.toThrow('price');
    expect(priceChanged.calls).toBe(2);
    const booked = booking(() => Promise.resolve('appointment'));
    for (let i = 0; i < 2; i++) expect(await answer(memo, request(), booked)).toBe('appointment');
    expect(booked.calls).toBe(2);
  });

  it('keys by everything the answer depends on: another start, type, price or payment is asked', async () => {
    const { memo } = memoAt(500);
    const book = booking(async () => Promise.reject(noRoom()));
    await expect(answer(memo, request(), book)).rejects.toThrow();
    const others: Partial<BookingRequest>[] = [
      { appointmentDateTime: '2026-12-01T10:30:00.000Z' },
      { type: 'Silver' },
      { totalPrice: 3000 },
      { paymentMethod: 'online' },
      { capacity: 'Double Bed' },
      { pricingOptionId: 'option-90' },
    ];
    for (const other of others) await expect(answer(memo, request(other), book)).rejects.toThrow();
    expect(book.calls).toBe(7);
  });

  it('forgets everything when a room may have been freed (forget)', async () => {
    const { memo } = memoAt(60_000);
    const book = booking(async () => Promise.reject(noRoom()));
    await expect(answer(memo, request(), book)).rejects.toThrow();
    memo.forget();
    await expect(answer(memo, request(), book)).rejects.toThrow();
    expect(book.calls).toBe(2);
  });

  it('is forgotten by publishAndForgetFullSlots on an event that may free a room, not on a booking', async () => {
    const { memo } = memoAt(60_000);
    const publish = publishAndForgetFullSlots(createPublisher('booking'), memo);
    const book = booking(async () => Promise.reject(noRoom()));
    await expect(answer(memo, request(), book)).rejects.toThrow();
    publish.row(bookingEvents.booked, 'appointment-1', {});
    publish.row(bookingEvents.employeeAssigned, 'appointment-1', {});
    await expect(answer(memo, request(), book)).rejects.toThrow(); // still remembered
    expect(book.calls).toBe(1);
    publish.row(bookingEvents.cancelled, 'appointment-1', {});
    await expect(answer(memo, request(), book)).rejects.toThrow(); // asked again
    expect(book.calls).toBe(2);
  });

  it('holds at most maxAnswers answers, the oldest going first; ttlMs 0 remembers nothing', async () => {
    const { memo } = memoAt(60_000, 2);
    const book = booking(async () => Promise.reject(noRoom()));
    const at = (hour: number) => request({ appointmentDateTime: `2026-12-01T${hour}:00:00.000Z` });
    for (const hour of [10, 11, 12]) await expect(answer(memo, at(hour), book)).rejects.toThrow();
    await expect(answer(memo, at(12), book)).rejects.toThrow(); // remembered
    await expect(answer(memo, at(10), book)).rejects.toThrow(); // gone: asked again
    expect(book.calls).toBe(4);

    const off = memoAt(0).memo;
    const asked = booking(async () => Promise.reject(noRoom()));
    for (let i = 0; i < 3; i++) await expect(answer(off, request(), asked)).rejects.toThrow();
    expect(asked.calls).toBe(3);
  });
});
