import { randomUUID } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { events, type bookingV1, type commerceV1 } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingWorld, type BillingWorld } from './support/billing-world.js';

/*
 * The owner's reports count a visit checked out at the counter through its sale: what the customer
 * paid for the treatment (not the appointment's list price), products and add-ons sold with it, tips
 * apart (not revenue), and refunds of the sale on the day they were made. Built by billing's read-model
 * consumer from booking's and commerce's events on the real bus.
 */

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld('report_counter_sales', { readModels: true });
});
afterAll(async () => world?.close());

/** An instant given as a wall-clock time in Asia/Kolkata (UTC+05:30). */
const ist = (dateTime: string) => new Date(`${dateTime}:00+05:30`);
const ms = (instant: Date) => BigInt(instant.getTime());

const meera = { id: randomUUID(), name: 'Meera Iyer' };
const dev = { id: randomUUID(), name: 'Dev Kapoor' };
const swedish = { serviceId: randomUUID(), serviceName: 'Swedish Massage' };
const deepTissue = { serviceId: randomUUID(), serviceName: 'Deep Tissue Massage' };

/** A completed appointment as booking announces it. */
function completed(
  id: string,
  start: Date,
  fields: Partial<Omit<bookingV1.Appointment, '$typeName' | '$unknown'>>,
): MessageInitShape<typeof bookingV1.AppointmentSchema> {
  return {
    id,
    appointmentCode: `APT-${id.slice(0, 8)}`,
    status: 'Completed',
    paymentStatus: 'Pending',
    paymentMethod: 'cash',
    customerId: randomUUID(),
    customerName: 'Asha Verma',
    durationMinutes: 60,
    timeZone: 'Asia/Kolkata',
    roomId: 'room-101',
    roomNumber: '101',
    roomType: 'Gold',
    startMs: ms(start),
    endMs: ms(new Date(start.getTime() + 60 * 60_000)),
    updatedAtMs: ms(new Date(start.getTime() + 60 * 60_000)),
    ...fields,
  };
}

async function report(query: string) {
  const response = await world.call({ method: 'GET', url: `/admin/reports${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a visit checked out at the counter, in the owner’s reports', () => {
  it('counts what the sale says once, products and add-ons as revenue, tips apart, and refunds on their day', async () => {
    const { emit, settled } = world.upstream;
    for (const person of [meera, dev])
      await emit('identity', events.userRegistered, person.id, {
        user: { ...person, email: `${person.id}@reports.test`, role: 'employee', employeeStatus: 'approved' },
      });

    // Two visits on 1 July: Meera's Swedish (listed at ₹4,499) is checked out at the counter; Dev's
    // Deep Tissue (₹5,999) was completed without a sale and counts at its price as before.
    const visit = randomUUID();
    await emit('booking', events.appointmentCompleted, visit, {
      appointment: completed(visit, ist('2025-07-01T10:00'), {
        ...swedish,
        employeeId: meera.id,
        employeeName: meera.name,
        totalPricePaise: 449_900n,
      }),
    });
    const other = randomUUID();
    await emit('booking', events.appointmentCompleted, other, {
      appointment: completed(other, ist('2025-07-01T12:00'), {
        ...deepTissue,
        employeeId: dev.id,
        employeeName: dev.name,
        totalPricePaise: 599_900n,
      }),
    });

    // The sale: the treatment with a ₹450 discount, two bottles of oil, an add-on and a ₹200 tip.
    const saleId = randomUUID();
    const withMeera = { employeeId: meera.id, employeeName: meera.name };
    const lines: MessageInitShape<typeof commerceV1.SaleLineSchema>[] = [
      {
        lineId: 'treatment',
        kind: 'service',
        itemId: swedish.serviceId,
        name: 'Swedish Massage · 60 Min',
        taxCode: '999722',
        gstBp: 1800,
        quantity: 1,
        unitPricePaise: 449_900n,
        lineDiscountPaise: 45_000n,
        lineDiscountReason: 'regular',
        totalPaise: 404_900n,
        appointmentId: visit,
        ...withMeera,
      },
      {
        lineId: 'oil',
        kind: 'product',
        itemId: 'p-lavender',
        name: 'Lavender Essential Oil',
        taxCode: '3301',
        gstBp: 1800,
        quantity: 2,
        unitPricePaise: 64_999n,
        totalPaise: 129_998n,
      },
      {
        lineId: 'stones',
        kind: 'addon',
        name: 'Hot stones',
        taxCode: '999723',
        gstBp: 1800,
        quantity: 1,
        unitPricePaise: 50_000n,
        totalPaise: 50_000n,
      },
      {
        lineId: 'tip',
        kind: 'tip',
        name: 'Tip · Meera Iyer',
        quantity: 1,
        unitPricePaise: 20_000n,
        totalPaise: 20_000n,
        ...withMeera,
      },
    ];
    const sale: MessageInitShape<typeof commerceV1.SaleSchema> = {
      saleId,
      customerName: 'Asha Verma',
      appointmentIds: [visit],
      lines,
      tenders: [{ tenderId: 't1', method: 'cash', amountPaise: 604_898n }],
      totalPaise: 604_898n,
      tipPaise: 20_000n,
      discountPaise: 45_000n,
      paidPaise: 604_898n,
      status: 'completed',
      completedAt: timestampFromDate(ist('2025-07-01T11:15')),
    };
    await emit('commerce', events.saleCompleted, saleId, { sale });
    // Announced twice (a second desk, a redelivery): still one sale.
    await emit('commerce', events.saleCompleted, saleId, { sale });

    // The next day one bottle comes back.
    await emit('commerce', events.saleRefunded, saleId, {
      refundId: randomUUID(),
      sale,
      lines: [{ lineId: 'oil', quantity: 1, amountPaise: 64_999n }],
      amountPaise: 64_999n,
      method: 'cash',
      reason: 'unopened',
      restocked: true,
      refundedAt: timestampFromDate(ist('2025-07-02T12:00')),
    });
    await settled();

    const body = await report('?from=2025-07-01&to=2025-07-02');
    expect(body.revenueByDay).toEqual([
      // The checked-out visit is not also counted at its ₹4,499: only Dev's ₹5,999 is an appointment.
      // Sales: 4,049 + 1,299.98 + 500 (the tip is not revenue).
      {
        date: '2025-07-01',
        appointments: 5999,
        orders: 0,
        bills: 0,
        sales: 5848.98,
        total: 11847.98,
        tips: 200,
      },
      { date: '2025-07-02', appointments: 0, orders: 0, bills: 0, sales: -649.99, total: -649.99, tips: 0 },
    ]);
    expect(body.byTreatment).toEqual([
      { serviceId: deepTissue.serviceId, name: 'Deep Tissue Massage', appointments: 1, revenue: 5999 },
      // What the sale charged for it, named as booking names the treatment.
      { serviceId: swedish.serviceId, name: 'Swedish Massage', appointments: 1, revenue: 4049 },
    ]);
    expect(body.byProduct).toEqual([
      { productId: 'p-lavender', name: 'Lavender Essential Oil', units: 2, revenue: 649.99 },
    ]);
    expect(body.byEmployee).toEqual([
      {
        employeeId: dev.id,
        name: 'Dev Kapoor',
        appointments: 1,
        appointmentRevenue: 5999,
        bills: 0,
        billRevenue: 0,
        tips: 0,
      },
      {
        employeeId: meera.id,
        name: 'Meera Iyer',
        appointments: 1,
        appointmentRevenue: 4049,
        bills: 0,
        billRevenue: 0,
        tips: 200,
      },
    ]);
    // Both visits were completed: the no-show rate still counts the checked-out one.
    expect(body.noShows).toMatchObject({ total: 0, completed: 2 });

    // The refund's day alone: the bottle taken back, nothing sold.
    const refundDay = await report('?from=2025-07-02&to=2025-07-02');
    expect(refundDay.byProduct).toEqual([
      { productId: 'p-lavender', name: 'Lavender Essential Oil', units: 0, revenue: -649.99 },
    ]);
    expect(refundDay.byTreatment).toEqual([]);
  });
});
