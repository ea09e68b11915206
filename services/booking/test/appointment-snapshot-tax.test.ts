import { fromBinary } from '@bufbuild/protobuf';
import { bookingV1, envelopeV1 } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// The appointment every booking event carries names its treatment's GST classification, from booking's
// services mirror: billing invoices a visit paid online from that event alone.
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let exemptService: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;

const DAY = 5;

beforeAll(async () => {
  world = await startBooking('snapshot_tax', {
    env: { SHIFT_HOURS: 'morning=09:00-17:00', MAX_FUTURE_CASH_BOOKINGS: '50' },
  });
  [service, exemptService] = await Promise.all([
    world.service({ sacCode: '999722', gstBp: 1800 }),
    world.service({ name: 'Ayurvedic Consultation', sacCode: '999312', gstBp: 0 }),
  ]);
  const rooms = await Promise.all([world.room({ roomNumber: '801' }), world.room({ roomNumber: '802' })]);
  const [person, therapist] = await Promise.all([
    world.person('user', { name: 'Priya Sharma' }),
    world.employee({ name: 'Meera Iyer', shift: 'morning' }),
  ]);
  customer = person;
  await world.mirrored({
    services: [service.id, exemptService.id],
    rooms: rooms.map((room) => room.id),
    users: [customer.id, therapist.id],
  });
});
afterAll(async () => world?.close());

async function book(start: Date, of: typeof service): Promise<string> {
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: customer.token,
    body: bookingBody(of, start, { type: 'Gold' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { _id: string })._id;
}

/** The appointment of each event booking wrote for it, oldest first, by event type. */
async function snapshots(id: string): Promise<Array<{ type: string; appointment: bookingV1.Appointment }>> {
  const { rows } = await world.pool.query<{ event_type: string; payload: Buffer }>(
    'select event_type, payload from outbox where key = $1 order by seq',
    [id],
  );
  return rows.flatMap((row) => {
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, row.payload);
    const schema =
      row.event_type === 'booking.appointment.booked'
        ? bookingV1.AppointmentBookedSchema
        : row.event_type === 'booking.appointment.cancelled'
          ? bookingV1.AppointmentCancelledSchema
          : undefined;
    const appointment = schema ? fromBinary(schema, envelope.payload).appointment : undefined;
    return appointment ? [{ type: row.event_type, appointment }] : [];
  });
}

describe('the Appointment snapshot', () => {
  it('an advance invoice without SAC or rate: the booked and cancelled events both carry the treatment’s', async () => {
    const id = await book(istTime(DAY, '10:00'), service);
    const cancelled = await world.request('PUT', `/appointments/${id}/cancel`, { token: customer.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const events = await snapshots(id);
    expect(events.map((event) => event.type)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.cancelled',
    ]);
    for (const { appointment } of events)
      expect(appointment).toMatchObject({ sacCode: '999722', gstBp: 1800 });
  });

  it('an exempt treatment’s 0% is sent as a rate, not left unset', async () => {
    const id = await book(istTime(DAY, '13:00'), exemptService);
    const [booked] = await snapshots(id);
    expect(booked!.appointment.sacCode).toBe('999312');
    expect(booked!.appointment.gstBp).toBe(0);
  });
});
