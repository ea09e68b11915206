import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventually, serviceCallHeaders } from '@spa/kit/testing';
import { events } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istDate,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

// The visit at the counter: commerce reads it to prefill a sale (GET /internal/visits/:id), and booking
// follows the sale once commerce completes it (commerce.sale.completed, fed in as commerce publishes it).
let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let untaxedCatalogueService: Awaited<ReturnType<BookingWorld['service']>>;
let exemptService: Awaited<ReturnType<BookingWorld['service']>>;
let admin: Person;
let customer: Person;
let receptionist: Person;
let therapist: Person;
let clock: Date | undefined;

const DAY = 4;

beforeAll(async () => {
  world = await startBooking('visit_checkout', {
    env: { SHIFT_HOURS: 'morning=09:00-17:00', MAX_FUTURE_CASH_BOOKINGS: '50' },
    deps: { now: () => clock ?? new Date() },
  });
  [service, untaxedCatalogueService, exemptService] = await Promise.all([
    world.service({ sacCode: '999722', gstBp: 500 }),
    // A catalogue from before GST classification leaves both fields unset.
    world.service({ name: 'Hot Stone Therapy' }),
    world.service({ name: 'Ayurvedic Consultation', sacCode: '999312', gstBp: 0 }),
  ]);
  const rooms = await Promise.all([
    world.room({ roomNumber: '701' }),
    world.room({ roomNumber: '702' }),
    world.room({ roomNumber: '703' }),
    world.room({ roomNumber: '704' }),
  ]);
  [admin, customer, receptionist, therapist] = await Promise.all([
    world.person('admin'),
    world.person('user', { name: 'Priya Sharma', phone: '+91 98111 22334' }),
    world.employee({ name: 'Rohan Verma', shift: 'morning', employeeRole: 'receptionist' }),
    world.employee({ name: 'Meera Iyer', shift: 'morning' }),
  ]);
  await world.mirrored({
    services: [service.id, untaxedCatalogueService.id, exemptService.id],
    rooms: rooms.map((room) => room.id),
    users: [admin.id, customer.id, receptionist.id, therapist.id],
  });
});
afterAll(async () => world?.close());

interface Booked {
  _id: string;
  employeeId: { _id: string; name: string } | null;
  roomId: { roomNumber: string };
}

async function book(start: Date, of = service): Promise<Booked> {
  clock = undefined;
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: customer.token,
    body: bookingBody(of, start, { type: 'Gold' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Booked;
}

const visit = async (id: string, headers?: Record<string, string>) =>
  world.app.inject({
    method: 'GET',
    url: `/internal/visits/${id}`,
    headers: headers ?? (await serviceCallHeaders('commerce', 'booking')),
  });

async function checkIn(id: string, status: 'Arrived' | 'In Progress') {
  const response = await world.request('PUT', `/appointments/${id}/check-in`, {
    token: receptionist.token,
    body: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** commerce.sale.completed, as commerce publishes it when the desk completes a sale. */
const saleCompleted = (saleId: string, appointmentIds: string[], balancePaise = 0n) =>
  world.emit('commerce', events.saleCompleted, saleId, {
    sale: {
      saleId,
      customerId: customer.id,
      customerName: customer.name,
      appointmentIds,
      totalPaise: 449_900n,
      paidPaise: 449_900n - balancePaise,
      balancePaise,
      status: 'completed',
      cashierId: receptionist.id,
      cashierName: receptionist.name,
      completedAt: timestampFromDate(clock ?? new Date()),
    },
  });

/** Waits until booking's consumer has handled the event (its inbox holds the event id). */
const handled = (eventId: string) =>
  eventually(
    async () => {
      const { rowCount } = await world.pool.query(
        "select 1 from inbox where consumer = 'booking' and event_id = $1",
        [eventId],
      );
      expect(rowCount).toBe(1);
    },
    { timeoutMs: 30_000, intervalMs: 50 },
  );

const row = async (id: string) =>
  (
    await world.pool.query<{ status: string; payment_status: string; checked_out_sale_id: string | null }>(
      'select status, payment_status, checked_out_sale_id from appointments where id = $1',
      [id],
    )
  ).rows[0]!;

describe('GET /internal/visits/:appointmentId', () => {
  it("answers commerce the visit as its sale prefills it: treatment, option, price, the treatment's SAC and rate, therapist, room", async () => {
    const booked = await book(istTime(DAY, '10:00'));
    const response = await visit(booked._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      appointmentId: booked._id,
      status: 'Pending',
      customer: {
        id: customer.id,
        name: 'Priya Sharma',
        email: customer.email,
        phone: '+91 98111 22334',
      },
      startsAt: istTime(DAY, '10:00').toISOString(),
      endsAt: istTime(DAY, '11:00').toISOString(),
      serviceId: service.id,
      serviceName: 'Swedish Massage',
      optionLabel: '60 min',
      // The treatment's option and the room: the appointment's whole price.
      pricePaise: 449_900,
      sacCode: '999722',
      gstBp: 500,
      employeeId: therapist.id,
      employeeName: 'Meera Iyer',
      roomNumber: booked.roomId.roomNumber,
      checkedOutSaleId: null,
    });
  });

  it('reads a treatment catalogue sent without GST fields as 999723 at 18%, and keeps an explicit 0%', async () => {
    const untaxed = await book(istTime(DAY, '12:00'), untaxedCatalogueService);
    expect((await visit(untaxed._id)).json()).toMatchObject({ sacCode: '999723', gstBp: 500 });
    const exempt = await book(istTime(DAY, '14:00'), exemptService);
    expect((await visit(exempt._id)).json()).toMatchObject({ sacCode: '999312', gstBp: 0 });
  });

  it('answers 404 APPOINTMENT_NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-an-appointment']) {
      const response = await visit(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Appointment not found', code: 'APPOINTMENT_NOT_FOUND' });
    }
  });

  it('refuses any caller but commerce, signed (no credential, or catalogue’s), with a 401', async () => {
    const booked = await book(istTime(DAY, '16:00'));
    for (const headers of [{}, await serviceCallHeaders('catalogue', 'booking')]) {
      const refused = await visit(booked._id, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('commerce.sale.completed', () => {
  it('checks the visits out: Arrived and In Progress end Completed through the check-in steps, Paid with nothing owed', async () => {
    const arrived = await book(istTime(DAY + 1, '10:00'));
    const inProgress = await book(istTime(DAY + 1, '12:00'));
    const notYetHere = await book(istTime(DAY + 1, '15:00'));
    clock = istTime(DAY + 1, '09:55');
    await checkIn(arrived._id, 'Arrived');
    await checkIn(inProgress._id, 'Arrived');
    await checkIn(inProgress._id, 'In Progress');

    clock = istTime(DAY + 1, '11:05');
    const saleId = randomUUID();
    await handled((await saleCompleted(saleId, [arrived._id, inProgress._id, notYetHere._id])).id);

    expect(await row(arrived._id)).toEqual({
      status: 'Completed',
      payment_status: 'Paid',
      checked_out_sale_id: saleId,
    });
    expect(await row(inProgress._id)).toMatchObject({ status: 'Completed', payment_status: 'Paid' });
    // Not arrived: checked out and paid, but nothing says its treatment happened.
    expect(await row(notYetHere._id)).toEqual({
      status: 'Pending',
      payment_status: 'Paid',
      checked_out_sale_id: saleId,
    });
    // Booking's usual events, so billing's reports, catalogue's reviews and the emails follow.
    expect(await world.eventsOf(arrived._id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.status-changed',
      'booking.appointment.status-changed',
      'booking.appointment.completed',
      'booking.appointment.payment-status-changed',
    ]);
    expect((await world.eventsOf(inProgress._id)).slice(-2)).toEqual([
      'booking.appointment.completed',
      'booking.appointment.payment-status-changed',
    ]);

    // Every view of the appointment names the sale: the customer's, the therapist's, the desk's.
    for (const person of [customer, therapist, admin]) {
      const shown = await world.request('GET', `/appointments/${arrived._id}`, { token: person.token });
      expect(shown.json(), person.name).toMatchObject({
        checkedOutSaleId: saleId,
        status: 'Completed',
        startedAt: clock.toISOString(),
        completedAt: clock.toISOString(),
      });
    }
    const calendar = await world.request('GET', `/appointments/calendar?date=${istDate(DAY + 1)}`, {
      token: receptionist.token,
    });
    expect(
      calendar.json().appointments.find((block: { id: string }) => block.id === arrived._id),
    ).toMatchObject({ checkedOutSaleId: saleId });
    expect((await visit(arrived._id)).json()).toMatchObject({ checkedOutSaleId: saleId });

    const history = (
      await world.request('GET', `/appointments/${arrived._id}`, { token: admin.token })
    ).json().history as Array<{ field: string; to: string; changedBy: { id: string } }>;
    expect(history.filter((entry) => entry.changedBy.id === receptionist.id).slice(-4)).toEqual([
      expect.objectContaining({ field: 'checkout', to: saleId }),
      expect.objectContaining({ field: 'status', to: 'In Progress' }),
      expect.objectContaining({ field: 'status', to: 'Completed' }),
      expect.objectContaining({ field: 'paymentStatus', to: 'Paid' }),
    ]);
  });

  it('leaves the payment status alone while the customer owes part of the sale, and marks it Paid when it is paid later', async () => {
    const booked = await book(istTime(DAY + 2, '10:00'));
    clock = istTime(DAY + 2, '09:55');
    await checkIn(booked._id, 'Arrived');
    await checkIn(booked._id, 'In Progress');
    clock = istTime(DAY + 2, '11:00');
    const saleId = randomUUID();
    await handled((await saleCompleted(saleId, [booked._id], 50_000n)).id);
    expect(await row(booked._id)).toMatchObject({ status: 'Completed', payment_status: 'Cash' });

    // Part of what is owed comes in: still owed, still not Paid; the rest: Paid, once.
    const paidLater = (balancePaise: bigint) =>
      world.emit('commerce', events.saleBalancePaid, saleId, {
        sale: {
          saleId,
          customerId: customer.id,
          appointmentIds: [booked._id],
          totalPaise: 449_900n,
          paidPaise: 449_900n - balancePaise,
          balancePaise,
          status: 'completed',
          cashierId: receptionist.id,
          cashierName: receptionist.name,
        },
        tenderId: randomUUID(),
      });
    await handled((await paidLater(20_000n)).id);
    expect(await row(booked._id)).toMatchObject({ payment_status: 'Cash' });
    await handled((await paidLater(0n)).id);
    expect(await row(booked._id)).toMatchObject({ status: 'Completed', payment_status: 'Paid' });
    // Another sale's late payment names the visit but did not check it out: nothing changes.
    const stranger = await book(istTime(DAY + 2, '14:00'));
    await handled(
      (
        await world.emit('commerce', events.saleBalancePaid, saleId, {
          sale: { saleId, appointmentIds: [stranger._id], balancePaise: 0n, status: 'completed' },
        })
      ).id,
    );
    expect((await row(stranger._id)).payment_status).not.toBe('Paid');
  });

  it('changes nothing when the event comes again, or another sale names a visit already checked out', async () => {
    const booked = await book(istTime(DAY + 3, '10:00'));
    clock = istTime(DAY + 3, '09:55');
    await checkIn(booked._id, 'Arrived');
    clock = istTime(DAY + 3, '11:00');
    const saleId = randomUUID();
    await handled((await saleCompleted(saleId, [booked._id])).id);
    const after = await world.eventsOf(booked._id);
    const { rows: historyBefore } = await world.pool.query(
      'select count(*)::int as n from appointment_history where appointment_id = $1',
      [booked._id],
    );

    // The same sale again (a redelivery with a new event id), then another sale naming the visit.
    await handled((await saleCompleted(saleId, [booked._id])).id);
    await handled((await saleCompleted(randomUUID(), [booked._id])).id);

    expect(await row(booked._id)).toEqual({
      status: 'Completed',
      payment_status: 'Paid',
      checked_out_sale_id: saleId,
    });
    expect(await world.eventsOf(booked._id)).toEqual(after);
    const { rows: historyAfter } = await world.pool.query(
      'select count(*)::int as n from appointment_history where appointment_id = $1',
      [booked._id],
    );
    expect(historyAfter).toEqual(historyBefore);
  });

  it('does not mark Paid a visit cancelled while its sale was open (commerce would refund a Paid cancelled one)', async () => {
    const booked = await book(istTime(DAY + 3, '13:00'));
    const cancelled = await world.request('PUT', `/appointments/${booked._id}/cancel`, {
      token: admin.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const saleId = randomUUID();
    await handled((await saleCompleted(saleId, [booked._id])).id);
    expect(await row(booked._id)).toEqual({
      status: 'Cancelled',
      payment_status: 'Cash',
      checked_out_sale_id: saleId,
    });
  });

  it('skips an appointment it does not know and checks out the rest of the sale', async () => {
    const booked = await book(istTime(DAY + 3, '15:00'));
    const saleId = randomUUID();
    await handled((await saleCompleted(saleId, [randomUUID(), 'not-an-id', booked._id])).id);
    expect(await row(booked._id)).toMatchObject({ checked_out_sale_id: saleId });
  });
});
