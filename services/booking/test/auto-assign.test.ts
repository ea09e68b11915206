import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;
let otherCustomer: Person;
let morningTherapist: Person;
let nightTherapist: Person;
let goldRoom: Awaited<ReturnType<BookingWorld['room']>>;

beforeAll(async () => {
  // This file's customer books again and again to fill rooms: the cash-booking limit (fair holds,
  // tested in fair-holds.test.ts) is set out of the way here.
  world = await startBooking('auto_assign', { env: { MAX_FUTURE_CASH_BOOKINGS: '100' } });
  service = await world.service();
  goldRoom = await world.room({ roomNumber: '201' });
  customer = await world.person('user', { name: 'Priya Sharma' });
  otherCustomer = await world.person('user', { name: 'Kabir Rao' });
  morningTherapist = await world.employee({ name: 'Meera Iyer', shift: 'morning' });
  nightTherapist = await world.employee({ name: 'Anjali Patel', shift: 'night' });
  await world.mirrored({
    services: [service.id],
    categories: [service.categoryId],
    rooms: [goldRoom.id],
    users: [customer.id, otherCustomer.id, morningTherapist.id, nightTherapist.id],
  });
});
afterAll(async () => world?.close());

const book = (body: Record<string, unknown>, token = customer.token) =>
  world.request('POST', '/appointments/auto-assign', { token, body });

describe('POST /appointments/auto-assign', () => {
  it('books a cash appointment: priced by the server, room and on-shift employee assigned, announced', async () => {
    const start = istTime(2, '10:00');
    const response = await book(bookingBody(service, start));
    expect(response.statusCode).toBe(201);
    const appointment = response.json();
    expect(appointment).toMatchObject({
      appointmentId: expect.stringMatching(/^APT-\d{8}-\d{4,}$/),
      status: 'Pending',
      paymentStatus: 'Cash',
      paymentMethod: 'cash',
      servicePrice: 2499,
      roomPrice: 2000,
      totalPrice: 4499,
      appointmentDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 60 * 60_000).toISOString(),
      roomFreeAt: new Date(start.getTime() + 75 * 60_000).toISOString(),
      timeZone: 'Asia/Kolkata',
      canCancel: true,
      serviceId: {
        _id: service.id,
        name: 'Swedish Massage',
        category: { name: 'Massage Therapies' },
        durationMinutes: 60,
      },
      userId: { _id: customer.id, name: 'Priya Sharma', email: customer.email, phone: '+91 98765 43210' },
      roomId: {
        _id: goldRoom.id,
        roomNumber: '201',
        type: 'Gold',
        location: 'First Floor, Lotus Wing',
        price: 2000,
      },
      employeeId: { _id: morningTherapist.id, name: 'Meera Iyer', employeeRole: 'servicestaff' },
    });
    expect(appointment.serviceId.pricing).toHaveLength(2);
    expect(await world.eventsOf(appointment._id)).toEqual(['booking.appointment.booked']);
  });

  it('assigns the night shift in the evening and nobody when no one with the role is on shift', async () => {
    const evening = await book(bookingBody(service, istTime(2, '19:00')));
    expect(evening.json().employeeId).toMatchObject({ _id: nightTherapist.id });
    // 9:30 is inside the morning shift only; with Meera taken, nobody on shift is left.
    const early = await book(bookingBody(service, istTime(5, '09:30')));
    expect(early.json().employeeId).toMatchObject({ _id: morningTherapist.id });
    const busyMorning = await world.room({ roomNumber: '202' });
    await world.mirrored({ rooms: [busyMorning.id] });
    // Another customer (one customer's appointments never overlap).
    const second = await book(bookingBody(service, istTime(5, '09:30')), otherCustomer.token);
    expect(second.statusCode).toBe(201);
    expect(second.json().employeeId).toBeNull();
    const { rows } = await world.pool.query(
      'select note from appointment_history where appointment_id = $1',
      [second.json()._id],
    );
    expect(rows[0].note).toBe('No employee with the right role was free on shift; assign one later.');
  });

  it('keeps the room free for the cleanup buffer after a treatment', async () => {
    const diamond = await world.room({ type: 'Diamond', roomNumber: '301', pricePaise: 300_000n });
    await world.mirrored({ rooms: [diamond.id] });
    const body = (clock: string) =>
      bookingBody(service, istTime(6, clock), { type: 'Diamond', roomPricePaise: 300_000 });
    expect((await book(body('11:00'))).statusCode).toBe(201);
    const duringCleanup = await book(body('12:00'));
    expect(duringCleanup.statusCode).toBe(409);
    expect(duringCleanup.json()).toMatchObject({
      code: 'NO_ROOM_AVAILABLE',
      details: [{ field: 'appointmentDateTime', message: 'No Diamond room is free at that time.' }],
    });
    const suggestions: string[] = duringCleanup.json().details[0].suggestions;
    expect(suggestions).toHaveLength(3);
    expect(suggestions).toContain(istTime(6, '12:30').toISOString());
    expect(duringCleanup.json().message).toContain('Nearest free start times: ');
    expect(duringCleanup.json().message).toContain('12:30 PM');
    expect((await book(body('12:15'))).statusCode).toBe(201);
  });

  it("refuses a total that is not the server's, saying what it is", async () => {
    const response = await book({
      ...bookingBody(service, istTime(3, '10:00')),
      roomPrice: 1000,
      totalPrice: 3499,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'PRICE_MISMATCH',
      message:
        'The price has changed: Swedish Massage (60 min) is ₹2,499.00 and a Gold room ₹2,000.00, ₹4,499.00 in total. Please review and confirm again.',
      details: [
        { field: 'roomPrice', message: 'The room price is ₹2,000.00, not ₹1,000.00', expected: 2000 },
        { field: 'totalPrice', message: 'The total is ₹4,499.00, not ₹3,499.00', expected: 4499 },
      ],
    });
  });

  it.each([
    [{ totalPrice: undefined }, 'totalPrice is required'],
    [{ serviceId: undefined }, 'serviceId is required'],
    [{ discount: 5 }, 'discount is not an allowed field'],
    [{ type: 'Platinum' }, 'type must be equal to one of the allowed values'],
    [{ paymentMethod: 'card' }, 'paymentMethod must be equal to one of the allowed values'],
    [{ appointmentDateTime: 'tomorrow at 10' }, 'appointmentDateTime must match format "date-time"'],
    [{ durationMinutes: '60' }, 'durationMinutes must be integer'],
    [{ totalPrice: -1 }, 'totalPrice must be >= 0'],
  ])('refuses malformed input %o: "%s"', async (change, message) => {
    const body: Record<string, unknown> = { ...bookingBody(service, istTime(3, '10:00')), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const response = await book(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it.each([
    [
      'a time that is not a whole minute',
      () => new Date(istTime(3, '10:00').getTime() + 30_000),
      400,
      'The appointment time must be a whole minute.',
    ],
    [
      'a time in the past',
      () => new Date(Date.now() - 60 * 60_000 - (Date.now() % 60_000)),
      422,
      'The appointment time must be in the future.',
    ],
    [
      'a time more than a year ahead',
      () => istTime(400, '10:00'),
      422,
      'Appointments can be booked up to 365 days ahead.',
    ],
    [
      'a start before opening',
      () => istTime(3, '08:30'),
      422,
      'Appointments must start and end within business hours, 9:00 AM to 9:00 PM (Asia/Kolkata). A 60-minute treatment can start between 9:00 AM and 8:00 PM.',
    ],
    [
      'an end after closing',
      () => istTime(3, '20:30'),
      422,
      'Appointments must start and end within business hours, 9:00 AM to 9:00 PM (Asia/Kolkata). A 60-minute treatment can start between 9:00 AM and 8:00 PM.',
    ],
  ])('refuses %s', async (_what, start, status, message) => {
    const response = await book(bookingBody(service, start()));
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(response.json().details[0].field).toBe('appointmentDateTime');
  });

  it('refuses a duration the treatment does not offer, naming the ones it does', async () => {
    const response = await book({ ...bookingBody(service, istTime(3, '10:00')), durationMinutes: 45 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Swedish Massage is not offered for 45 minutes. Choose one of: 60 min, 90 min.',
      details: [
        {
          field: 'durationMinutes',
          message: 'Swedish Massage is not offered for 45 minutes. Choose one of: 60 min, 90 min.',
        },
      ],
    });
  });

  it('prices the chosen option: 90 minutes costs the 90-minute price', async () => {
    const response = await book(bookingBody(service, istTime(7, '14:00'), { optionIndex: 1 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      servicePrice: 3499,
      totalPrice: 5499,
      durationMinutes: 90,
      durationLabel: '90 min',
    });
  });

  it('sells each room at its own price: a Double Bed Gold room is a choice of its own, never at the Single Bed price', async () => {
    // The spec's rule: Gold Single Bed ₹2,000 (room 201 and others), Gold Double Bed ₹2,500.
    const doubleGold = await world.room({ roomNumber: '250', capacity: 'Double Bed', pricePaise: 250_000n });
    await world.mirrored({ rooms: [doubleGold.id] });
    const start = istTime(9, '12:00');
    const asDouble = (roomPricePaise: number, token = customer.token) =>
      book({ ...bookingBody(service, start, { roomPricePaise }), capacity: 'Double Bed' }, token);

    // The old price of the type for a Double Bed room is refused with the room's own price.
    const cheap = await asDouble(200_000);
    expect(cheap.statusCode).toBe(422);
    expect(cheap.json()).toMatchObject({
      code: 'PRICE_MISMATCH',
      details: expect.arrayContaining([expect.objectContaining({ field: 'roomPrice', expected: 2500 })]),
    });

    const booked = await asDouble(250_000);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      roomPrice: 2500,
      totalPrice: 4999,
      roomId: { _id: doubleGold.id, type: 'Gold', price: 2500 },
    });

    // A Single Bed Gold at the same time is another choice, at its own price, in another room.
    const single = await book(
      { ...bookingBody(service, start), capacity: 'Single Bed' },
      otherCustomer.token,
    );
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json().roomPrice).toBe(2000);
    expect(single.json().roomId._id).not.toBe(doubleGold.id);

    // The one Double Bed Gold room is taken: a Double Bed choice is not given a Single Bed room.
    const third = await world.person('user', { name: 'Third Guest' });
    await world.mirrored({ users: [third.id] });
    const full = await asDouble(250_000, third.token);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('NO_ROOM_AVAILABLE');

    // A capacity the type does not have is said so.
    const none = await book({ ...bookingBody(service, start, { type: 'Diamond' }), capacity: 'Double Bed' });
    expect(none.statusCode).toBe(422);
    expect(none.json().code).toBe('NO_ROOM_OF_TYPE');
  });

  it('refuses an unknown or inactive treatment and a room type with no bookable room', async () => {
    const unknown = await book({
      ...bookingBody(service, istTime(3, '10:00')),
      serviceId: 'no-such-service',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Service not found' });

    const retired = await world.service({ name: 'Old Ritual', isActive: false });
    const silverInRepair = await world.room({ type: 'Silver', status: 'Maintenance', pricePaise: 100_000n });
    await world.mirrored({ services: [retired.id], rooms: [silverInRepair.id] });
    const inactive = await book(bookingBody(retired, istTime(3, '10:00')));
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Old Ritual is not available for booking at the moment.',
    });
    const noSilver = await book(
      bookingBody(service, istTime(3, '10:00'), { type: 'Silver', roomPricePaise: 100_000 }),
    );
    expect(noSilver.statusCode).toBe(422);
    expect(noSilver.json()).toMatchObject({
      code: 'NO_ROOM_OF_TYPE',
      message: 'There are no Silver rooms to book.',
    });
  });

  it('releases an online booking at once when commerce cannot give a payment order', async () => {
    // This world's COMMERCE_URL points at a closed port: commerce is down.
    const onlyRoom = await world.room({ type: 'Silver', roomNumber: '101', pricePaise: 100_000n });
    await world.mirrored({ rooms: [onlyRoom.id] });
    const body = bookingBody(service, istTime(8, '10:00'), { type: 'Silver', roomPricePaise: 100_000 });
    const online = await book({ ...body, paymentMethod: 'online' });
    expect(online.statusCode).toBe(503);
    expect(online.json()).toEqual({
      code: 'PAYMENT_UNAVAILABLE',
      message: 'Payment system not available. Please try again.',
    });
    const { rows } = await world.pool.query(
      'select status, cancellation_reason from appointments where room_id = $1',
      [onlyRoom.id],
    );
    expect(rows).toEqual([{ status: 'Cancelled', cancellation_reason: 'payment-not-started' }]);
    // The slot it held is free again.
    expect((await book(body)).statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const response = await world.request('POST', '/appointments/auto-assign', {
      body: bookingBody(service, istTime(3, '10:00')),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('never answers a 5xx to odd input', async () => {
    for (const body of ['not json', '[]', '{"serviceId": {"$ne": 1}}', '{"totalPrice": 1e400}']) {
      const response = await world.request('POST', '/appointments/auto-assign', {
        token: customer.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
