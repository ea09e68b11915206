import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// Booking configured away from its defaults: what GET /appointments/rules answers is what it enforces.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;

beforeAll(async () => {
  world = await startBooking('rules', {
    env: {
      BUSINESS_OPENS: '10:30',
      BUSINESS_CLOSES: '18:00',
      CANCELLATION_NOTICE_MINUTES: '90',
      PAYMENT_HOLD_SECONDS: '600',
      BOOKING_MAX_DAYS_AHEAD: '60',
      MAX_OPEN_ONLINE_BOOKINGS: '3',
    },
  });
  service = await world.service();
  const room = await world.room({ roomNumber: '401' });
  customer = await world.person('user', { name: 'Priya Sharma' });
  await world.mirrored({ services: [service.id], rooms: [room.id], users: [customer.id] });
});
afterAll(async () => world?.close());

describe('GET /appointments/rules', () => {
  it("answers booking's configured rules to anyone, cacheable", async () => {
    const response = await world.request('GET', '/appointments/rules');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      timeZone: 'Asia/Kolkata',
      openMinute: 630,
      closeMinute: 1080,
      opens: '10:30',
      closes: '18:00',
      cancellationNoticeMinutes: 90,
      paymentHoldSeconds: 600,
      maxDaysAhead: 60,
      maxOnlineHolds: 3,
      maxFutureCashBookings: 5,
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300, s-maxage=60');
    // A token changes nothing.
    const signedIn = await world.request('GET', '/appointments/rules', { token: customer.token });
    expect(signedIn.json()).toEqual(response.json());
  });

  it('is the rule booking enforces: hours and how far ahead', async () => {
    const book = (start: Date) =>
      world.request('POST', '/appointments/auto-assign', {
        token: customer.token,
        body: bookingBody(service, start),
      });
    const early = await book(istTime(3, '10:00'));
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(
      'Appointments must start and end within business hours, 10:30 AM to 6:00 PM (Asia/Kolkata). A 60-minute treatment can start between 10:30 AM and 5:00 PM.',
    );
    expect((await book(istTime(61, '11:00'))).json().message).toBe(
      'Appointments can be booked up to 60 days ahead.',
    );
    const inside = await book(istTime(3, '10:30'));
    expect(inside.statusCode).toBe(201);
    expect(inside.json()).toMatchObject({ status: 'Pending', canCancel: true });
  });

  it('is documented as a public read', async () => {
    const document = (await world.request('GET', '/openapi.json')).json();
    const operation = document.paths['/appointments/rules'].get;
    expect(operation.security).toBeUndefined();
    const schema = operation.responses['200'].content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['openMinute', 'cancellationNoticeMinutes']));
  });
});
