import { AppError, type AuthUser } from '@spa/kit';
import { describe, expect, it } from 'vitest';
import type { AppointmentView } from '../domain/appointment-view.js';
import type { BookingRequest } from '../domain/booking.js';
import { BookingBatcher, type Pending } from './book-batch.js';
import { FullSlotMemo } from './full-slots.js';

const request = (start = '2026-12-01T10:00:00.000Z'): BookingRequest => ({
  serviceId: 'service-swedish',
  durationMinutes: 60,
  type: 'Gold',
  appointmentDateTime: start,
  paymentMethod: 'cash',
  totalPrice: 2500,
});
const customer = (n: number): AuthUser => ({
  id: `customer-${n}`,
  name: `Customer ${n}`,
  email: `customer${n}@example.com`,
  role: 'user',
  tokenId: `token-${n}`,
  expiresAt: 0,
});
const booked = (pending: Pending) => ({ customerId: pending.customer.id }) as unknown as AppointmentView;

describe('BookingBatcher: customers’ own bookings judged together', () => {
  it('judges what arrives in one turn as one batch, and what arrives while it is written as the next', async () => {
    const batches: string[][] = [];
    let release!: () => void;
    const firstWritten = new Promise<void>((resolve) => (release = resolve));
    const batcher = new BookingBatcher(async (batch) => {
      batches.push(batch.map((pending) => pending.customer.id));
      if (batches.length === 1) await firstWritten;
      for (const pending of batch) pending.resolve(booked(pending));
    });
    const first = [1, 2, 3].map((n) => batcher.submit(request(), customer(n)));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((n) => batcher.submit(request(), customer(n)));
    release();
    const answers = await Promise.all([...first, ...second]);
    expect(batches).toEqual([
      ['customer-1', 'customer-2', 'customer-3'],
      ['customer-4', 'customer-5'],
    ]);
    expect(answers.map((answer) => answer.customerId)).toEqual([1, 2, 3, 4, 5].map((n) => `customer-${n}`));
  });

  it('judges at most maxBatch at once, the rest in the next batch', async () => {
    const sizes: number[] = [];
    const batcher = new BookingBatcher((batch) => {
      sizes.push(batch.length);
      for (const pending of batch) pending.resolve(booked(pending));
      return Promise.resolve();
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(request(), customer(n))));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('answers every request of a batch that fails with its error, and goes on with the next batch', async () => {
    let calls = 0;
    const batcher = new BookingBatcher((batch) => {
      calls += 1;
      if (calls === 1) {
        batch[0]!.resolve(booked(batch[0]!));
        return Promise.reject(new Error('connection reset'));
      }
      for (const pending of batch) pending.resolve(booked(pending));
      return Promise.resolve();
    });
    const outcomes = await Promise.allSettled([1, 2].map((n) => batcher.submit(request(), customer(n))));
    // The one answered before the failure keeps its answer.
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect((await batcher.submit(request(), customer(3))).customerId).toBe('customer-3');
    expect(calls).toBe(2);
  });

  it('does not let a batch stuck on the database hold the next one past turnLimitMs', async () => {
    const batches: string[][] = [];
    const batcher = new BookingBatcher(
      (batch) => {
        batches.push(batch.map((pending) => pending.customer.id));
        // The first never ends (a lost connection); the next is answered.
        if (batches.length === 1) return new Promise<void>(() => undefined);
        for (const pending of batch) pending.resolve(booked(pending));
        return Promise.resolve();
      },
      256,
      undefined,
      20,
    );
    void batcher.submit(request(), customer(1));
    await new Promise((resolve) => setImmediate(resolve));
    const next = await batcher.submit(request(), customer(2));
    expect(next.customerId).toBe('customer-2');
    expect(batches).toEqual([['customer-1'], ['customer-2']]);
  });

  it('tells a remembered "no room free" at once, without queueing the request', async () => {
    const memo = new FullSlotMemo(60_000);
    const full = new AppError(409, 'NO_ROOM_AVAILABLE', 'No Gold room is free at that time.');
    memo.remember(request(), full);
    let batches = 0;
    const batcher = new BookingBatcher(
      (batch) => {
        batches += 1;
        for (const pending of batch) pending.resolve(booked(pending));
        return Promise.resolve();
      },
      256,
      memo,
    );
    await expect(batcher.submit(request(), customer(1))).rejects.toBe(full);
    expect((await batcher.submit(request('2026-12-01T11:00:00.000Z'), customer(2))).customerId).toBe(
      'customer-2',
    );
    expect(batches).toBe(1);
  });
});
