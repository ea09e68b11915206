import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from '../../booking/test/support/booking-world.js';
import {
  createCategory,
  createService,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

/**
 * Deleting a room or a treatment that future appointments use: catalogue asks the REAL booking service
 * (over its internal HTTP route) how many, answers 409 with that number, and with ?cancelFuture=true
 * has booking cancel them through its normal cancel path before deleting.
 */
let booking: BookingWorld;
let world: CatalogueWorld;
let customer: Person;
let admin: Person;

beforeAll(async () => {
  booking = await startBooking('safedel', { listen: 0 });
  world = await startCatalogue('safedel', {}, { booking });
  customer = await booking.person('user', { name: 'Priya Sharma' });
  admin = await booking.person('admin', { name: 'Asha Admin' });
  await booking.mirrored({ users: [customer.id, admin.id] });
}, 120_000);
afterAll(async () => {
  await world?.close();
  await booking?.close();
});

/** A room in catalogue, and the same room in booking's read model (as catalogue's event puts it there). */
async function roomInBoth(roomNumber: string, type: 'Silver' | 'Gold' | 'Diamond') {
  const room = await world.admin<{ _id: string; roomNumber: string }>('POST', '/admin/rooms', {
    roomNumber,
    type,
    capacity: 'Single Bed',
    status: 'Available',
    location: 'First Floor',
  });
  await booking.room({ id: room._id, roomNumber, type, pricePaise: 200_000n });
  await booking.mirrored({ rooms: [room._id] });
  return room;
}

/** A treatment in catalogue, and the same treatment in booking's read model. */
async function serviceInBoth(name: string) {
  const category = await createCategory(world, `${name} category`);
  const created = await createService(world, category._id, name);
  const mirrored = await booking.service({ id: created._id, name });
  await booking.mirrored({ services: [created._id] });
  return { catalogue: created, booking: mirrored };
}

async function book(service: Parameters<typeof bookingBody>[0], type: string, daysAhead: number) {
  const response = await booking.request('POST', '/appointments/auto-assign', {
    token: customer.token,
    body: bookingBody(service, istTime(daysAhead, '11:00'), { type }),
  });
  if (response.statusCode !== 201)
    throw new Error(`booking answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { _id: string })._id;
}

const statusOf = async (id: string) =>
  ((await booking.request('GET', `/appointments/${id}`, { token: admin.token })).json() as { status: string })
    .status;

describe('deleting a room', () => {
  it('answers 409 with the number of future appointments, cancels them on request, then deletes', async () => {
    const room = await roomInBoth('D-101', 'Diamond');
    const { booking: service } = await serviceInBoth('Hot Stone Therapy');
    const first = await book(service, 'Diamond', 2);
    const second = await book(service, 'Diamond', 3);
    const cancelledAlready = await book(service, 'Diamond', 4);
    expect(
      (await booking.request('PUT', `/appointments/${cancelledAlready}/cancel`, { token: admin.token }))
        .statusCode,
    ).toBe(200);

    const refused = await world.request('DELETE', `/admin/rooms/${room._id}`, { token: world.tokens.admin });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'HAS_FUTURE_APPOINTMENTS',
      message: 'Room D-101 has 2 future appointments. Deactivate it instead, or cancel them and delete.',
      details: [
        {
          field: 'futureAppointments',
          message: 'Room D-101 has 2 future appointments. Deactivate it instead, or cancel them and delete.',
          futureAppointments: 2,
        },
      ],
    });
    // Nothing was deleted or cancelled.
    expect((await world.request('GET', `/admin/rooms/${room._id}`)).statusCode).toBe(200);
    expect(await statusOf(first)).not.toBe('Cancelled');

    const deleted = await world.request('DELETE', `/admin/rooms/${room._id}?cancelFuture=true`, {
      token: world.tokens.admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Room deleted successfully; 2 appointments were cancelled and the customers notified',
      cancelledAppointments: 2,
    });
    expect(await statusOf(first)).toBe('Cancelled');
    expect(await statusOf(second)).toBe('Cancelled');
    // Each went through booking's cancel path: its cancellation event is what emails the customer.
    expect(await booking.eventsOf(first)).toContain('booking.appointment.cancelled');
    expect(await booking.eventsOf(second)).toContain('booking.appointment.cancelled');
    expect((await world.request('GET', `/admin/rooms/${room._id}`)).statusCode).toBe(404);
  });

  it('deletes a room no future appointment uses at once, and refuses a non-boolean cancelFuture', async () => {
    const room = await roomInBoth('S-301', 'Silver');
    const bad = await world.request('DELETE', `/admin/rooms/${room._id}?cancelFuture=maybe`, {
      token: world.tokens.admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(await world.admin('DELETE', `/admin/rooms/${room._id}`)).toEqual({
      message: 'Room deleted successfully',
    });
  });
});

describe('deleting a treatment', () => {
  it('answers 409 with the count; deactivating instead keeps the appointment; cancelFuture cancels it', async () => {
    await roomInBoth('G-201', 'Gold');
    const { catalogue: created, booking: service } = await serviceInBoth('Deep Tissue Massage');
    const appointment = await book(service, 'Gold', 5);

    const refused = await world.request('DELETE', `/admin/services/${created._id}`, {
      token: world.tokens.admin,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'HAS_FUTURE_APPOINTMENTS',
      message:
        'Deep Tissue Massage has 1 future appointment. Deactivate it instead, or cancel it and delete.',
      details: [{ futureAppointments: 1 }],
    });

    // Deactivating instead: the treatment stays, its appointment too.
    const deactivated = await world.admin<{ isActive: boolean }>('PUT', `/admin/services/${created._id}`, {
      isActive: false,
    });
    expect(deactivated.isActive).toBe(false);
    expect(await statusOf(appointment)).not.toBe('Cancelled');

    const deleted = await world.request('DELETE', `/admin/services/${created._id}?cancelFuture=true`, {
      token: world.tokens.admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ cancelledAppointments: 1 });
    expect(await statusOf(appointment)).toBe('Cancelled');
  });
});

describe('when booking cannot be asked', () => {
  it('answers 503 BOOKING_UNAVAILABLE and deletes nothing', async () => {
    const lonely = await startCatalogue('safedel_nobooking');
    try {
      const room = await lonely.admin<{ _id: string }>('POST', '/admin/rooms', {
        roomNumber: 'X-1',
        type: 'Silver',
        capacity: 'Single Bed',
        status: 'Available',
        location: 'Annexe',
      });
      const response = await lonely.request('DELETE', `/admin/rooms/${room._id}`, {
        token: lonely.tokens.admin,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'BOOKING_UNAVAILABLE' });
      expect((await lonely.request('GET', `/admin/rooms/${room._id}`)).statusCode).toBe(200);
    } finally {
      await lonely.close();
    }
  });
});
