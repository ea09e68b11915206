import { randomUUID } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { events, type bookingV1, type commerceV1 } from '@spa/proto';
import { eventually } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInKolkata } from '../src/domain/calendar.js';
import { addDays } from '../src/domain/bill-dates.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('reports', { readModels: true });
});
afterAll(async () => world?.close());

type Fields<M> = Partial<Omit<M, '$typeName' | '$unknown'>>;
type AppointmentInit = MessageInitShape<typeof bookingV1.AppointmentSchema>;
type OrderInit = MessageInitShape<typeof commerceV1.OrderSchema>;

/** An instant given as a wall-clock time in Asia/Kolkata (UTC+05:30). */
const ist = (dateTime: string) => new Date(`${dateTime}:00+05:30`);
const ms = (instant: Date) => BigInt(instant.getTime());

// The people, rooms and treatments of the spa, as identity and catalogue announce them.
const meera = { id: randomUUID(), name: 'Meera Iyer' };
const dev = { id: randomUUID(), name: 'Dev Kapoor' };
const swedish = { serviceId: randomUUID(), serviceName: 'Swedish Massage' };
const deepTissue = { serviceId: randomUUID(), serviceName: 'Deep Tissue Massage' };
const room101 = { id: randomUUID(), roomNumber: '101', type: 'Gold' };
const room202 = { id: randomUUID(), roomNumber: '202', type: 'Diamond' };
const room303 = { id: randomUUID(), roomNumber: '303', type: 'Silver' };
const room404 = { id: randomUUID(), roomNumber: '404', type: 'Gold' };

const inRoom = (room: typeof room101) => ({
  roomId: room.id,
  roomNumber: room.roomNumber,
  roomType: room.type,
});

/** An appointment as booking's events carry it, from `start` for `minutes`. */
function appointment(
  id: string,
  start: Date,
  minutes: number,
  fields: Fields<bookingV1.Appointment> & { updatedAt: Date },
): AppointmentInit {
  const { updatedAt, ...rest } = fields;
  return {
    id,
    appointmentCode: `APT-${id.slice(0, 8)}`,
    status: 'Scheduled',
    paymentStatus: 'Cash',
    paymentMethod: 'cash',
    customerId: randomUUID(),
    customerName: 'Asha Verma',
    customerEmail: 'asha@reports.test',
    durationMinutes: minutes,
    timeZone: 'Asia/Kolkata',
    startMs: ms(start),
    endMs: ms(new Date(start.getTime() + minutes * 60_000)),
    createdAtMs: ms(updatedAt),
    updatedAtMs: ms(updatedAt),
    ...rest,
  };
}

/** An order as commerce's events carry it. */
function order(id: string, fields: OrderInit): OrderInit {
  return {
    orderId: id,
    customerId: randomUUID(),
    customerEmail: 'asha@reports.test',
    customerName: 'Asha Verma',
    placedAt: timestampFromDate(ist('2025-06-02T09:00')),
    ...fields,
  };
}

const lavender = (quantity: number) => ({
  id: randomUUID(),
  productId: 'p-lavender',
  name: 'Lavender Essential Oil',
  quantity,
  unitPricePaise: 64_999n,
  lineTotalPaise: BigInt(64_999 * quantity),
});
const faceCream = (quantity: number) => ({
  id: randomUUID(),
  productId: 'p-face-cream',
  name: 'Saffron Face Cream',
  quantity,
  unitPricePaise: 120_000n,
  lineTotalPaise: BigInt(120_000 * quantity),
});
const bathSalts = {
  id: randomUUID(),
  productId: 'p-bath-salts',
  name: 'Himalayan Bath Salts',
  quantity: 1,
  unitPricePaise: 100_000n,
  lineTotalPaise: 100_000n,
};

async function report(query: string, as: 'admin' | 'employee' | 'customer' | 'nobody' = 'admin') {
  return world.call({ method: 'GET', url: `/admin/reports${query}`, as });
}

describe('the owner’s reports', () => {
  it('sums appointments, orders and bills from the read models and billing’s own bills', async () => {
    const { emit, settled } = world.upstream;
    const kabir = world.staff.employee; // an employee who also issues bills (as staff)

    // identity: three employees; a customer and an applicant employee are not therapists.
    for (const person of [meera, dev, { id: kabir.id, name: 'Kabir Reception' }])
      await emit('identity', events.userRegistered, person.id, {
        user: { ...person, email: `${person.id}@reports.test`, role: 'employee', employeeStatus: 'approved' },
      });
    const customerId = randomUUID();
    await emit('identity', events.userRegistered, customerId, {
      user: { id: customerId, name: 'Asha Verma', role: 'user' },
    });
    const applicantId = randomUUID();
    await emit('identity', events.userRegistered, applicantId, {
      user: { id: applicantId, name: 'Kavya Nair', role: 'employee', employeeStatus: 'applicant' },
    });

    // catalogue: four rooms, one of them deleted.
    for (const room of [room101, room202, room303, room404])
      await emit('catalogue', events.roomUpserted, room.id, {
        room: { ...room, capacity: 'Single Bed', status: 'Available', updatedAtMs: ms(new Date()) },
      });
    await emit('catalogue', events.roomDeleted, room404.id, { roomId: room404.id });

    // booking: the appointments, each through the events booking sends.
    const t = (minute: number) => new Date(Date.parse('2025-06-01T00:00:00Z') + minute * 60_000);
    const withMeera = { employeeId: meera.id, employeeName: meera.name, employeeCode: 'EMP-0001' };
    const withKabir = { employeeId: kabir.id, employeeName: 'Kabir Reception', employeeCode: 'EMP-0002' };

    // Completed, the day before the range: counts nowhere.
    const before = randomUUID();
    await emit('booking', events.appointmentCompleted, before, {
      appointment: appointment(before, ist('2025-06-01T19:00'), 60, {
        ...swedish,
        ...withMeera,
        ...inRoom(room101),
        status: 'Completed',
        totalPricePaise: 449_900n,
        updatedAt: t(1),
      }),
    });

    // Completed on the 2nd. Its events arrive newest first: the older booked event changes nothing.
    const completed = randomUUID();
    const completedAppointment = (status: string, updatedAt: Date) =>
      appointment(completed, ist('2025-06-02T10:00'), 60, {
        ...swedish,
        ...withMeera,
        ...inRoom(room101),
        status,
        totalPricePaise: 449_900n,
        updatedAt,
      });
    await emit('booking', events.appointmentCompleted, completed, {
      appointment: completedAppointment('Completed', t(20)),
    });
    await emit('booking', events.appointmentBooked, completed, {
      appointment: completedAppointment('Scheduled', t(10)),
    });

    // Cancelled on the 2nd: no revenue, no minutes.
    const cancelled = randomUUID();
    const cancelledAppointment = (status: string, updatedAt: Date) =>
      appointment(cancelled, ist('2025-06-02T12:00'), 60, {
        ...swedish,
        ...withMeera,
        ...inRoom(room202),
        status,
        totalPricePaise: 399_900n,
        updatedAt,
      });
    await emit('booking', events.appointmentBooked, cancelled, {
      appointment: cancelledAppointment('Scheduled', t(10)),
    });
    await emit('booking', events.appointmentCancelled, cancelled, {
      appointment: cancelledAppointment('Cancelled', t(30)),
      previousStatus: 'Scheduled',
      reason: 'customer',
    });

    // A no-show on the 3rd, booked 15:00–16:30, marked at 15:20 (its end is the mark).
    const noShow = randomUUID();
    await emit('booking', events.appointmentBooked, noShow, {
      appointment: appointment(noShow, ist('2025-06-03T15:00'), 90, {
        ...deepTissue,
        ...inRoom(room202),
        totalPricePaise: 599_900n,
        updatedAt: t(10),
      }),
    });
    await emit('booking', events.appointmentEmployeeAssigned, noShow, {
      appointment: appointment(noShow, ist('2025-06-03T15:00'), 90, {
        ...deepTissue,
        ...withKabir,
        ...inRoom(room202),
        totalPricePaise: 599_900n,
        updatedAt: t(11),
      }),
    });
    await emit('booking', events.appointmentStatusChanged, noShow, {
      appointment: {
        ...appointment(noShow, ist('2025-06-03T15:00'), 90, {
          ...deepTissue,
          ...withKabir,
          ...inRoom(room202),
          status: 'No-show',
          totalPricePaise: 599_900n,
          updatedAt: t(40),
        }),
        endMs: ms(ist('2025-06-03T15:20')),
        noShowAtMs: ms(ist('2025-06-03T15:20')),
      },
      previousStatus: 'Scheduled',
    });

    // Completed on the 3rd, 90 minutes, paid online.
    const deep = randomUUID();
    await emit('booking', events.appointmentPaymentStatusChanged, deep, {
      appointment: appointment(deep, ist('2025-06-03T18:00'), 90, {
        ...deepTissue,
        ...withKabir,
        ...inRoom(room101),
        paymentMethod: 'online',
        paymentStatus: 'Paid',
        totalPricePaise: 599_900n,
        updatedAt: t(12),
      }),
      previousPaymentStatus: 'Pending',
    });
    await emit('booking', events.appointmentCompleted, deep, {
      appointment: appointment(deep, ist('2025-06-03T18:00'), 90, {
        ...deepTissue,
        ...withKabir,
        ...inRoom(room101),
        status: 'Completed',
        paymentMethod: 'online',
        paymentStatus: 'Paid',
        totalPricePaise: 599_900n,
        updatedAt: t(50),
      }),
    });

    // Confirmed on the 4th, moved there from the 5th: minutes, but no revenue yet.
    const confirmed = randomUUID();
    await emit('booking', events.appointmentRescheduled, confirmed, {
      appointment: appointment(confirmed, ist('2025-06-04T10:00'), 60, {
        ...swedish,
        ...withMeera,
        ...inRoom(room101),
        status: 'Confirmed',
        totalPricePaise: 449_900n,
        updatedAt: t(15),
      }),
      previousStartMs: ms(ist('2025-06-05T10:00')),
    });

    // commerce: an online order paid at 00:30 on the 4th in India (still the 3rd in UTC).
    const online = randomUUID();
    const onlineOrder = (fields: OrderInit) =>
      order(online, {
        paymentMethod: 'ONLINE',
        items: [lavender(2), faceCream(1)],
        itemsPricePaise: 249_998n,
        shippingPricePaise: 5_000n,
        totalPricePaise: 254_998n,
        ...fields,
      });
    await emit('commerce', events.orderPlaced, online, { order: onlineOrder({ status: 'pending_payment' }) });
    await emit('commerce', events.orderPaid, online, {
      order: onlineOrder({
        status: 'paid',
        isPaid: true,
        paidAt: timestampFromDate(ist('2025-06-04T00:30')),
      }),
      paymentId: randomUUID(),
      collectedOnDelivery: false,
    });

    // Cash on delivery, delivered (and paid in cash) on the 3rd.
    const cod = randomUUID();
    const codOrder = (fields: OrderInit) =>
      order(cod, {
        paymentMethod: 'COD',
        items: [lavender(1)],
        itemsPricePaise: 64_999n,
        shippingPricePaise: 5_000n,
        totalPricePaise: 69_999n,
        ...fields,
      });
    const deliveredAt = timestampFromDate(ist('2025-06-03T13:30'));
    await emit('commerce', events.orderPlaced, cod, { order: codOrder({ status: 'placed' }) });
    const delivered = codOrder({
      status: 'delivered',
      isPaid: true,
      isDelivered: true,
      paidAt: deliveredAt,
      deliveredAt,
    });
    await emit('commerce', events.orderPaid, cod, { order: delivered, collectedOnDelivery: true });
    await emit('commerce', events.orderDelivered, cod, { order: delivered });

    // Cash on delivery, not delivered yet: nothing.
    const undelivered = randomUUID();
    await emit('commerce', events.orderPlaced, undelivered, {
      order: order(undelivered, {
        paymentMethod: 'COD',
        status: 'placed',
        items: [faceCream(5)],
        totalPricePaise: 600_000n,
      }),
    });

    // Cancelled (its payment expired); paid too late, the money went back: nothing either way.
    const expired = randomUUID();
    const expiredOrder = (fields: OrderInit) =>
      order(expired, {
        paymentMethod: 'ONLINE',
        items: [faceCream(3)],
        totalPricePaise: 360_000n,
        ...fields,
      });
    await emit('commerce', events.orderPlaced, expired, {
      order: expiredOrder({ status: 'pending_payment' }),
    });
    await emit('commerce', events.orderCancelled, expired, {
      order: expiredOrder({ status: 'cancelled', cancelledAt: timestampFromDate(ist('2025-06-02T10:00')) }),
      reason: 'payment_expired',
    });
    await emit('commerce', events.paymentRefunded, expired, {
      refundId: randomUUID(),
      paymentId: randomUUID(),
      purpose: 'order',
      orderId: expired,
      amountPaise: 360_000n,
      refundedTotalPaise: 360_000n,
      capturedPaise: 360_000n,
      paymentStatus: 'refunded',
      reason: 'late_payment',
      refundedAt: timestampFromDate(ist('2025-06-03T11:00')),
    });

    // Paid online on the 2nd, ₹400 of it refunded on the 4th.
    const refunded = randomUUID();
    const refundedOrder = order(refunded, {
      paymentMethod: 'ONLINE',
      status: 'paid',
      items: [bathSalts],
      totalPricePaise: 100_000n,
      isPaid: true,
      paidAt: timestampFromDate(ist('2025-06-02T11:30')),
    });
    await emit('commerce', events.orderPaid, refunded, { order: refundedOrder, collectedOnDelivery: false });
    const refund = {
      refundId: randomUUID(),
      paymentId: randomUUID(),
      purpose: 'order',
      orderId: refunded,
      amountPaise: 40_000n,
      refundedTotalPaise: 40_000n,
      capturedPaise: 100_000n,
      paymentStatus: 'partially_refunded',
      reason: 'admin',
      refundedAt: timestampFromDate(ist('2025-06-04T11:30')),
    };
    await emit('commerce', events.paymentRefunded, refunded, refund);
    // Delivered twice over: the same refund again changes nothing.
    await emit('commerce', events.paymentRefunded, refunded, refund);
    // An appointment's refund is not order revenue.
    await emit('commerce', events.paymentRefunded, deep, {
      refundId: randomUUID(),
      purpose: 'appointment',
      appointmentId: deep,
      amountPaise: 50_000n,
      refundedAt: timestampFromDate(ist('2025-06-04T12:00')),
    });

    // billing: bills issued through its own API, by an admin on the 3rd and by Kabir on the 4th.
    const adminBill = await world.call({
      method: 'POST',
      url: '/bills',
      payload: billForm({ date: '2025-06-03' }),
    });
    expect(adminBill.statusCode, adminBill.body).toBe(201);
    expect(adminBill.json().totalPrice).toBe(3600.96);
    const kabirBill = await world.call({
      method: 'POST',
      url: '/bills',
      as: 'employee',
      payload: billForm({
        date: '2025-06-04',
        services: [{ serviceName: 'Head Massage', price: 1000, gst: 0, discount: 0 }],
        products: [],
        discountPercent: 0,
      }),
    });
    expect(kabirBill.statusCode, kabirBill.body).toBe(201);
    expect(kabirBill.json().totalPrice).toBe(1000);
    const later = await world.call({
      method: 'POST',
      url: '/bills',
      payload: billForm({ date: '2025-06-10' }),
    });
    expect(later.statusCode).toBe(201);

    await settled();
    const response = await report('?from=2025-06-02&to=2025-06-04');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      from: '2025-06-02',
      to: '2025-06-04',
      timeZone: 'Asia/Kolkata',
      revenueByDay: [
        { date: '2025-06-02', appointments: 4499, orders: 1000, bills: 0, sales: 0, total: 5499, tips: 0 },
        {
          date: '2025-06-03',
          appointments: 5999,
          orders: 699.99,
          bills: 3600.96,
          sales: 0,
          total: 10299.95,
          tips: 0,
        },
        {
          date: '2025-06-04',
          appointments: 0,
          orders: 2149.98,
          bills: 1000,
          sales: 0,
          total: 3149.98,
          tips: 0,
        },
      ],
      byTreatment: [
        { serviceId: deepTissue.serviceId, name: 'Deep Tissue Massage', appointments: 1, revenue: 5999 },
        { serviceId: swedish.serviceId, name: 'Swedish Massage', appointments: 1, revenue: 4499 },
      ],
      byProduct: [
        { productId: 'p-lavender', name: 'Lavender Essential Oil', units: 3, revenue: 1949.97 },
        { productId: 'p-face-cream', name: 'Saffron Face Cream', units: 1, revenue: 1200 },
        { productId: 'p-bath-salts', name: 'Himalayan Bath Salts', units: 1, revenue: 1000 },
      ],
      byEmployee: [
        {
          employeeId: kabir.id,
          name: 'Kabir Reception',
          appointments: 1,
          appointmentRevenue: 5999,
          bills: 1,
          billRevenue: 1000,
          tips: 0,
        },
        {
          employeeId: meera.id,
          name: 'Meera Iyer',
          appointments: 1,
          appointmentRevenue: 4499,
          bills: 0,
          billRevenue: 0,
          tips: 0,
        },
        {
          employeeId: world.staff.admin.id,
          name: 'Riya Admin',
          appointments: 0,
          appointmentRevenue: 0,
          bills: 1,
          billRevenue: 3600.96,
          tips: 0,
        },
        {
          employeeId: dev.id,
          name: 'Dev Kapoor',
          appointments: 0,
          appointmentRevenue: 0,
          bills: 0,
          billRevenue: 0,
          tips: 0,
        },
      ],
      utilisation: {
        openMinutesPerDay: 720,
        rooms: [
          // 60 (completed) + 90 (completed) + 60 (confirmed) of 3 × 720.
          {
            roomId: room101.id,
            roomNumber: '101',
            type: 'Gold',
            bookedMinutes: 210,
            availableMinutes: 2160,
            share: 0.097,
          },
          // The cancelled one frees its hour; the no-show counts up to its mark.
          {
            roomId: room202.id,
            roomNumber: '202',
            type: 'Diamond',
            bookedMinutes: 20,
            availableMinutes: 2160,
            share: 0.009,
          },
          {
            roomId: room303.id,
            roomNumber: '303',
            type: 'Silver',
            bookedMinutes: 0,
            availableMinutes: 2160,
            share: 0,
          },
        ],
        therapists: [
          { employeeId: dev.id, name: 'Dev Kapoor', bookedMinutes: 0, availableMinutes: 2160, share: 0 },
          {
            employeeId: kabir.id,
            name: 'Kabir Reception',
            bookedMinutes: 110,
            availableMinutes: 2160,
            share: 0.051,
          },
          {
            employeeId: meera.id,
            name: 'Meera Iyer',
            bookedMinutes: 120,
            availableMinutes: 2160,
            share: 0.056,
          },
        ],
      },
      noShows: {
        total: 1,
        completed: 2,
        rate: 0.333,
        byDay: [
          { date: '2025-06-02', count: 0 },
          { date: '2025-06-03', count: 1 },
          { date: '2025-06-04', count: 0 },
        ],
      },
    });

    // The older booked event (handled after the completed one) left the newer row as it was.
    const { rows } = await world.deps.database.pool.query(
      'select status, updated_at from report_appointments where id = $1',
      [completed],
    );
    expect(rows).toEqual([{ status: 'Completed', updated_at: t(20) }]);

    // One day: the no-show's alone, and its whole day of hours.
    const oneDay = (await report('?from=2025-06-03&to=2025-06-03')).json();
    expect(oneDay.noShows).toEqual({
      total: 1,
      completed: 1,
      rate: 0.5,
      byDay: [{ date: '2025-06-03', count: 1 }],
    });
    expect(oneDay.utilisation.rooms[1]).toEqual({
      roomId: room202.id,
      roomNumber: '202',
      type: 'Diamond',
      bookedMinutes: 20,
      availableMinutes: 720,
      share: 0.028,
    });

    // A billing with a fresh database, on the same topics, builds the same read models from the start.
    const fresh = await startBillingWorld('reports_rebuilt', {
      readModels: true,
      namespace: world.upstream.namespace,
    });
    try {
      await eventually(
        async () => {
          const rebuilt = (
            await fresh.call({ method: 'GET', url: '/admin/reports?from=2025-06-02&to=2025-06-04' })
          ).json();
          expect(rebuilt.byTreatment).toEqual(body.byTreatment);
          expect(rebuilt.byProduct).toEqual(body.byProduct);
          expect(rebuilt.utilisation).toEqual(body.utilisation);
          expect(rebuilt.noShows).toEqual(body.noShows);
          // Its own bills are its own: it has none.
          expect(rebuilt.revenueByDay.map((day: { orders: number }) => day.orders)).toEqual([
            1000, 699.99, 2149.98,
          ]);
        },
        { timeoutMs: 45_000, intervalMs: 250 },
      );
    } finally {
      await fresh.close();
    }
  });

  it('answers the 30 days ending today in India when no range is given, zeros included', async () => {
    const response = await report('');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const today = todayInKolkata();
    expect(body).toMatchObject({ from: addDays(today, -29), to: today, timeZone: 'Asia/Kolkata' });
    expect(body.revenueByDay).toHaveLength(30);
    expect(body.revenueByDay[0]).toEqual({
      date: addDays(today, -29),
      appointments: 0,
      orders: 0,
      bills: 0,
      sales: 0,
      total: 0,
      tips: 0,
    });
    expect(body.noShows.byDay).toHaveLength(30);
    expect(body.utilisation.rooms.length).toBeGreaterThan(0);
    for (const room of body.utilisation.rooms) expect(room.availableMinutes).toBe(30 * 720);
  });

  it('is for admins only', async () => {
    for (const as of ['customer', 'employee'] as const) {
      const refused = await report('?from=2026-11-02&to=2026-11-04', as);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const anonymous = await report('?from=2026-11-02&to=2026-11-04', 'nobody');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a range that is not one (400, the one error shape)', async () => {
    const cases: Array<[string, string, string]> = [
      ['?from=2026-11-05&to=2026-11-04', 'to', 'The end date cannot be before the start date'],
      ['?from=2025-01-01&to=2026-02-04', 'to', 'A report covers at most 366 days'],
      ['?from=yesterday&to=2026-11-04', 'from', 'The start date must be a date as YYYY-MM-DD'],
      ['?from=2026-11-01&to=2026-02-30', 'to', 'The end date must be a date as YYYY-MM-DD'],
    ];
    for (const [query, field, message] of cases) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_FAILED', details: [{ field, message }] });
    }
    const unknown = await report('?from=2026-11-01&days=3');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
