import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { eventually, signTestToken } from '@spa/kit/testing';
import { events } from '@spa/proto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from '../../booking/test/support/booking-world.js';
import {
  drawerMovements,
  drawerShifts,
  payments,
  products,
  saleLines,
  saleTenders,
} from '../src/db/schema.js';
import { productsUpserted } from '../src/events/handlers/product-upserted.handler.js';
import { startCommerceWorld, type CommerceWorld } from './support/commerce-world.js';

/*
 * The counter's sales on the real parts: commerce in-process on its own database, the REAL catalogue
 * (stock reserved and released through its internal API), the REAL booking (its source, listening, the
 * visit read through GET /internal/visits/:id with a signed service call) and the Razorpay sandbox
 * (payment links paid as the customer's phone would, refunds through the provider).
 */

interface SaleJson {
  id: string;
  status: string;
  version: number;
  customer: { id: string | null; name: string; gstin: string };
  appointmentIds: string[];
  lines: Array<{
    id: string;
    kind: string;
    name: string;
    taxCode: string;
    gstBp: number;
    quantity: number;
    unitPricePaise: number;
    totalPaise: number;
    employeeId: string | null;
    appointmentId: string | null;
  }>;
  tenders: Array<{
    id: string;
    method: string;
    status: string;
    amountPaise: number;
    changePaise: number;
    linkUrl: string | null;
    reference: string;
  }>;
  discountApproval: string;
  totalPaise: number;
  tipPaise: number;
  discountPaise: number;
  paidPaise: number;
  balancePaise: number;
}

let booking: BookingWorld;
let world: CommerceWorld;
let desk: { token: string };
let admin: { token: string };
let customerToken: string;
let bookingCustomer: Person;
let therapist: Person;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let day = 5;

const call = (
  as: { token: string } | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  key?: string,
) =>
  world.app.inject({
    method,
    url,
    payload: body as Record<string, unknown> | undefined,
    headers: {
      ...(as ? { authorization: `Bearer ${as.token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });

async function ok(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<SaleJson> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as SaleJson;
}

const walkIn = async (name = 'Kiran Walk-in') =>
  ok(await call(desk, 'POST', '/counter/sales', { customer: { name } }), 201);

const editable = (sale: SaleJson) =>
  sale.lines.map((line) => ({
    id: line.id,
    kind: line.kind,
    quantity: line.quantity,
    lineDiscountPaise: 0,
    lineDiscountReason: '',
    ...(line.kind === 'product' ? { itemId: (line as unknown as { itemId: string }).itemId } : {}),
    ...(line.kind === 'tip' || line.kind === 'addon'
      ? { unitPricePaise: line.unitPricePaise, name: line.name, employeeId: line.employeeId ?? undefined }
      : {}),
  }));

const put = (sale: SaleJson, lines: unknown[], extra: Record<string, unknown> = {}) =>
  call(desk, 'PUT', `/counter/sales/${sale.id}`, {
    version: sale.version,
    lines,
    saleDiscountPaise: 0,
    ...extra,
  });

async function openShift() {
  await world.deps.db.insert(drawerShifts).values({
    id: randomUUID(),
    status: 'open',
    openingFloatPaise: 100_000,
    openedById: randomUUID(),
    openedByName: 'Desk',
  });
}

/** An appointment booked by the customer in booking (cash, at 10:00 some days ahead). */
async function visit(): Promise<string> {
  const response = await booking.request('POST', '/appointments/auto-assign', {
    token: bookingCustomer.token,
    body: bookingBody(service, istTime(day++, '10:00'), { type: 'Gold' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { _id: string })._id;
}

beforeAll(async () => {
  booking = await startBooking('counter_sales', { listen: 0, env: { SHIFT_HOURS: 'morning=09:00-17:00' } });
  world = await startCommerceWorld('counter_sales', { sandbox: true, env: { BOOKING_URL: booking.url! } });
  desk = {
    token: await signTestToken({
      sub: randomUUID(),
      role: 'employee',
      name: 'Nisha Desk',
      email: 'nisha@spa.test',
    }),
  };
  admin = world.admin;
  customerToken = (await world.customer('Meera Customer')).token;
  service = await booking.service({ name: 'Swedish Massage', sacCode: '999722', gstBp: 1200 });
  const room = await booking.room({ roomNumber: '204', type: 'Gold' });
  [bookingCustomer, therapist] = await Promise.all([
    booking.person('user', { name: 'Priya Sharma' }),
    booking.employee({ name: 'Asha Therapist', shift: 'morning' }),
  ]);
  await booking.mirrored({
    services: [service.id],
    rooms: [room.id],
    users: [bookingCustomer.id, therapist.id],
  });
}, 180_000);

afterAll(async () => {
  await world?.close();
  await booking?.close();
});

describe('who may use the counter', () => {
  it('refuses a customer (403) and a caller signed out (401) on every sale route', async () => {
    const id = randomUUID();
    const routes: Array<['GET' | 'POST' | 'PUT', string]> = [
      ['POST', '/counter/sales'],
      ['GET', '/counter/sales'],
      ['GET', `/counter/sales/${id}`],
      ['PUT', `/counter/sales/${id}`],
      ['POST', `/counter/sales/${id}/discount-approval`],
      ['POST', `/counter/sales/${id}/tenders`],
      ['POST', `/counter/sales/${id}/tenders/${id}/check`],
      ['POST', `/counter/sales/${id}/tenders/${id}/cancel`],
      ['POST', `/counter/sales/${id}/complete`],
      ['POST', `/counter/sales/${id}/void`],
      ['POST', `/counter/sales/${id}/refunds`],
      ['GET', `/counter/balances?customerId=${id}`],
    ];
    for (const [method, url] of routes) {
      expect((await call({ token: customerToken }, method, url, {})).statusCode, `${method} ${url}`).toBe(
        403,
      );
      expect((await call(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
    }
    // Approving a discount is an admin's: the desk is refused too.
    expect((await call(desk, 'POST', `/counter/sales/${id}/discount-approval`)).statusCode).toBe(403);
  });
});

describe('checking a visit out', () => {
  it('prefills the treatment from booking and the online deposit as a paid tender; the visit is checked out once', async () => {
    const appointmentId = await visit();
    await world.deps.db.insert(payments).values({
      id: randomUUID(),
      purpose: 'appointment',
      appointmentId,
      customerId: bookingCustomer.id,
      amountPaise: 50_000,
      currency: 'INR',
      providerOrderId: `order_${randomUUID().slice(0, 12)}`,
      status: 'captured',
      providerPaymentId: `pay_${randomUUID().slice(0, 12)}`,
      capturedAt: new Date(),
    });
    const sale = await ok(
      await call(desk, 'POST', '/counter/sales', { appointmentIds: [appointmentId] }),
      201,
    );
    expect(sale.customer).toMatchObject({ id: bookingCustomer.id, name: 'Priya Sharma' });
    expect(sale.appointmentIds).toEqual([appointmentId]);
    expect(sale.lines).toHaveLength(1);
    expect(sale.lines[0]).toMatchObject({
      kind: 'service',
      name: 'Swedish Massage · 60 min',
      taxCode: '999722',
      gstBp: 1200,
      unitPricePaise: 249_900 + 200_000,
      appointmentId,
      employeeId: therapist.id,
    });
    expect(sale.tenders).toEqual([
      expect.objectContaining({ method: 'online', status: 'paid', amountPaise: 50_000 }),
    ]);
    expect(sale).toMatchObject({ totalPaise: 449_900, paidPaise: 50_000, balancePaise: 399_900 });

    const again = await call(desk, 'POST', '/counter/sales', { appointmentIds: [appointmentId] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CHECKED_OUT', details: [{ saleId: sale.id }] });
  });

  it('lets one of two desks checking the same visit out at once open its sale; the other is told which', async () => {
    const appointmentId = await visit();
    const answers = await Promise.all(
      [1, 2].map(() => call(desk, 'POST', '/counter/sales', { appointmentIds: [appointmentId] })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const won = answers.find((answer) => answer.statusCode === 201)!.json() as SaleJson;
    const lost = answers.find((answer) => answer.statusCode === 409)!;
    expect(lost.json()).toMatchObject({ code: 'ALREADY_CHECKED_OUT', details: [{ saleId: won.id }] });
    const open = (await call(desk, 'GET', '/counter/sales?status=open&limit=100')).json() as {
      sales: SaleJson[];
    };
    expect(open.sales.filter((sale) => sale.appointmentIds.includes(appointmentId))).toHaveLength(1);
  });

  it('refuses a cancelled appointment (422) and one booking does not know (404)', async () => {
    const appointmentId = await visit();
    const cancelled = await booking.request('PUT', `/appointments/${appointmentId}/cancel`, {
      token: bookingCustomer.token,
      body: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await call(desk, 'POST', '/counter/sales', { appointmentIds: [appointmentId] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'APPOINTMENT_NOT_BILLABLE' });
    const unknown = await call(desk, 'POST', '/counter/sales', { appointmentIds: [randomUUID()] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND' });
  });

  it('gives a tip only to a therapist of the visit, and sends a discount above the desk’s limit to an admin', async () => {
    const sale = await ok(
      await call(desk, 'POST', '/counter/sales', { appointmentIds: [await visit()] }),
      201,
    );
    const [treatment] = editable(sale);
    const stranger = await put(sale, [
      treatment,
      { kind: 'tip', quantity: 1, unitPricePaise: 20_000, employeeId: randomUUID() },
    ]);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({ code: 'TIP_NEEDS_THERAPIST' });
    const noOne = await put(sale, [treatment, { kind: 'tip', quantity: 1, unitPricePaise: 20_000 }]);
    expect(noOne.statusCode).toBe(422);

    // 15% off: above the employee's 10%.
    const discounted = await ok(
      await put(
        sale,
        [treatment, { kind: 'tip', quantity: 1, unitPricePaise: 20_000, employeeId: therapist.id }],
        {
          saleDiscountPaise: 67_485,
          saleDiscountReason: 'Regular customer',
        },
      ),
    );
    expect(discounted).toMatchObject({
      discountApproval: 'pending',
      tipPaise: 20_000,
      totalPaise: 449_900 - 67_485 + 20_000,
    });
    expect(discounted.lines[1]).toMatchObject({ kind: 'tip', name: 'Tip · Asha Therapist', gstBp: 0 });
    const noReason = await put(discounted, editable(discounted), { saleDiscountPaise: 1_000 });
    expect(noReason.statusCode).toBe(422);

    const early = await call(desk, 'POST', `/counter/sales/${sale.id}/complete`, {
      version: discounted.version,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'DISCOUNT_NOT_APPROVED' });
    const approved = await ok(await call(admin, 'POST', `/counter/sales/${sale.id}/discount-approval`));
    expect(approved.discountApproval).toBe('approved');
    const completed = await ok(
      await call(desk, 'POST', `/counter/sales/${sale.id}/complete`, { version: approved.version }),
    );
    expect(completed).toMatchObject({ status: 'completed', balancePaise: completed.totalPaise });
    // The customer owes it all: on their record.
    const balances = await call(desk, 'GET', `/counter/balances?customerId=${bookingCustomer.id}`);
    expect(balances.json()).toMatchObject({
      sales: expect.arrayContaining([expect.objectContaining({ id: sale.id })]),
    });

    // Nothing was paid yet: nothing can be refunded; paid later, the balance falls and a refund fits.
    const refundTreatment = (key: string) =>
      call(
        desk,
        'POST',
        `/counter/sales/${sale.id}/refunds`,
        {
          lines: [{ lineId: completed.lines[0]!.id, quantity: 1 }],
          method: 'card_terminal',
          reason: 'Cut short',
          restock: false,
        },
        key,
      );
    const unpaid = await refundTreatment('unpaid-refund');
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json()).toMatchObject({ code: 'REFUND_EXCEEDS_PAID' });
    const later = await ok(
      await call(
        desk,
        'POST',
        `/counter/sales/${sale.id}/tenders`,
        { method: 'card_terminal', amountPaise: completed.totalPaise, reference: 'LATER-1' },
        'pay-later',
      ),
      201,
    );
    expect(later).toMatchObject({ status: 'completed', balancePaise: 0 });
    // The money that came in later is a fact of its own: booking marks the visit Paid from it.
    const announced = (await world.published('commerce.sale.balance_paid')).filter(
      (event) => event.key === sale.id,
    );
    expect(announced).toHaveLength(1);
    expect(announced[0]!.payload).toMatchObject({
      sale: { saleId: sale.id, status: 'completed', balancePaise: 0n },
      tenderId: later.tenders.find((tender: { reference: string }) => tender.reference === 'LATER-1')!.id,
    });
    expect(
      (await call(desk, 'GET', `/counter/balances?customerId=${bookingCustomer.id}`)).json(),
    ).toMatchObject({
      sales: expect.not.arrayContaining([expect.objectContaining({ id: sale.id })]),
    });
    expect((await refundTreatment('paid-refund')).statusCode).toBe(201);
  });
});

describe('a walk-in at the counter', () => {
  it('prices a product line with the HSN code and rate the catalogue announced (18% when it sets none)', async () => {
    const scrub = await world.product({ name: 'Salt Scrub', price: 120, stock: 5 });
    const untaxed = randomUUID();
    const announced = (id: string, fields: { hsnCode: string; gstBp?: number }) =>
      create(events.productUpserted.schema, {
        product: {
          id,
          name: id === scrub._id ? 'Salt Scrub' : 'Loofah',
          pricePaise: 12_000n,
          stock: 5,
          updatedAtMs: BigInt(Date.now() + 60_000),
          ...fields,
        },
      });
    await world.deps.db.transaction((tx) =>
      productsUpserted(
        tx,
        [announced(scrub._id, { hsnCode: '33049910', gstBp: 500 }), announced(untaxed, { hsnCode: '' })],
        [],
      ),
    );
    const rows = await world.deps.db
      .select()
      .from(products)
      .where(inArray(products.id, [scrub._id, untaxed]));
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.hsnCode, row.gstBp]]))).toEqual({
      [scrub._id]: ['33049910', 500],
      [untaxed]: ['', 1800],
    });
    const sale = await ok(await put(await walkIn(), [{ kind: 'product', itemId: scrub._id, quantity: 1 }]));
    expect(sale.lines[0]).toMatchObject({ taxCode: '33049910', gstBp: 500, unitPricePaise: 12_000 });
  });

  it('needs the customer’s name, and refuses a GSTIN with a bad checksum', async () => {
    expect((await call(desk, 'POST', '/counter/sales', {})).statusCode).toBe(422);
    const bad = await call(desk, 'POST', '/counter/sales', {
      customer: { name: 'Acme', gstin: '27AAPFU0939F1ZW' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'GSTIN_INVALID' });
    const good = await ok(
      await call(desk, 'POST', '/counter/sales', { customer: { name: 'Acme', gstin: '27AAPFU0939F1ZV' } }),
      201,
    );
    expect(good.customer.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('reserves a product at the catalogue; short stock is 409 with the sale and the stock unchanged', async () => {
    const oil = await world.product({ name: 'Sandalwood Oil', price: 500, stock: 3 });
    const sale = await walkIn();
    const withOil = await ok(
      await put(sale, [{ kind: 'product', itemId: oil._id, quantity: 2, unitPricePaise: 1 }]),
    );
    expect(withOil.lines[0]).toMatchObject({
      kind: 'product',
      name: 'Sandalwood Oil',
      unitPricePaise: 50_000,
      totalPaise: 100_000,
    });
    expect(await world.catalogue.productStock(oil._id)).toBe(1);

    const short = await put(withOil, [
      ...editable(withOil),
      { kind: 'addon', quantity: 1, name: 'Hot stones', unitPricePaise: 30_000 },
      { kind: 'product', itemId: oil._id, quantity: 2 },
    ]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    const after = await ok(await call(desk, 'GET', `/counter/sales/${sale.id}`));
    expect(after.version).toBe(withOil.version);
    expect(after.lines).toHaveLength(1);
    expect(await world.catalogue.productStock(oil._id)).toBe(1);

    // More than there is, counting the line's own two: refused, the line keeps its stock.
    const four = await put(withOil, [
      { id: withOil.lines[0]!.id, kind: 'product', itemId: oil._id, quantity: 4 },
    ]);
    expect(four.statusCode).toBe(409);
    expect(await world.catalogue.productStock(oil._id)).toBe(1);
    const kept = await ok(await call(desk, 'GET', `/counter/sales/${sale.id}`));
    expect(kept.lines).toMatchObject([{ kind: 'product', quantity: 2 }]);
    // The line took its stock again under a new key: completing it would take that reservation.
    const [held] = await world.deps.db.select().from(saleLines).where(eq(saleLines.saleId, sale.id));
    expect(held).toMatchObject({
      reservationStatus: 'reserved',
      reservationKey: `sale-line:${kept.lines[0]!.id}`,
    });

    // Raising 2 to 3 of the last 3 is a new reservation; removing the line gives the stock back.
    const three = await ok(
      await put(kept, [{ id: kept.lines[0]!.id, kind: 'product', itemId: oil._id, quantity: 3 }]),
    );
    expect(await world.catalogue.productStock(oil._id)).toBe(0);
    await ok(await put(three, []));
    expect(await world.catalogue.productStock(oil._id)).toBe(3);
  });

  it('refuses the older version when two desks edit the same sale', async () => {
    const sale = await walkIn();
    await ok(await put(sale, [{ kind: 'addon', quantity: 1, name: 'Foot soak', unitPricePaise: 20_000 }]));
    const stale = await put(sale, [
      { kind: 'addon', quantity: 1, name: 'Head massage', unitPricePaise: 10_000 },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SALE_CHANGED' });
  });

  it('takes money once per key, never above the balance, and cash only into an open drawer', async () => {
    const sale = await ok(
      await put(await walkIn(), [{ kind: 'addon', quantity: 1, name: 'Foot soak', unitPricePaise: 45_000 }]),
    );
    const tenders = `/counter/sales/${sale.id}/tenders`;
    expect(
      (await call(desk, 'POST', tenders, { method: 'card_terminal', amountPaise: 100, reference: 'X' }))
        .statusCode,
    ).toBe(400);
    const over = await call(
      desk,
      'POST',
      tenders,
      { method: 'card_terminal', amountPaise: 45_001, reference: 'T-1' },
      'k-over',
    );
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'OVERPAYMENT' });
    const noRef = await call(desk, 'POST', tenders, { method: 'card_terminal', amountPaise: 100 }, 'k-noref');
    expect(noRef.statusCode).toBe(422);

    const closed = await call(desk, 'POST', tenders, { method: 'cash', amountPaise: 20_000 }, 'k-cash');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'DRAWER_CLOSED' });
    await openShift();
    const cash = await ok(
      await call(
        desk,
        'POST',
        tenders,
        { method: 'cash', amountPaise: 20_000, cashReceivedPaise: 50_000 },
        'k-cash',
      ),
      201,
    );
    expect(cash.tenders[0]).toMatchObject({
      method: 'cash',
      status: 'paid',
      amountPaise: 20_000,
      changePaise: 30_000,
    });
    // The double click: the same key answers the first tender.
    const twice = await ok(
      await call(
        desk,
        'POST',
        tenders,
        { method: 'cash', amountPaise: 20_000, cashReceivedPaise: 50_000 },
        'k-cash',
      ),
    );
    expect(twice.tenders).toHaveLength(1);
    const reused = await call(desk, 'POST', tenders, { method: 'cash', amountPaise: 5_000 }, 'k-cash');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(twice).toMatchObject({ paidPaise: 20_000, balancePaise: 25_000 });
    const moved = await world.deps.db
      .select()
      .from(drawerMovements)
      .where(eq(drawerMovements.saleId, sale.id));
    expect(moved.map((row) => [row.kind, row.amountPaise])).toEqual([['sale', 20_000]]);
  });

  it('publishes one commerce.sale.completed for a double-clicked complete, the stock then taken', async () => {
    const cream = await world.product({ name: 'Rose Cream', price: 250, stock: 5 });
    const sale = await ok(
      await put(await walkIn('Double Click'), [
        { kind: 'product', itemId: cream._id, quantity: 2 },
        { kind: 'addon', quantity: 1, name: 'Gift wrap', unitPricePaise: 5_000 },
      ]),
    );
    await ok(
      await call(
        desk,
        'POST',
        `/counter/sales/${sale.id}/tenders`,
        { method: 'card_terminal', amountPaise: 55_000, reference: 'SLIP-9' },
        'pay-all',
      ),
      201,
    );
    const current = await ok(await call(desk, 'GET', `/counter/sales/${sale.id}`));
    const [first, second] = await Promise.all([
      call(desk, 'POST', `/counter/sales/${sale.id}/complete`, { version: current.version }),
      call(desk, 'POST', `/counter/sales/${sale.id}/complete`, { version: current.version }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(
      (await world.published('commerce.sale.completed')).filter((event) => event.key === sale.id),
    ).toHaveLength(1);
    const [event] = (await world.published('commerce.sale.completed')).filter((one) => one.key === sale.id);
    expect(event!.payload).toMatchObject({
      sale: {
        saleId: sale.id,
        customerName: 'Double Click',
        totalPaise: 55_000n,
        paidPaise: 55_000n,
        balancePaise: 0n,
        status: 'completed',
        lines: [
          expect.objectContaining({ kind: 'product', name: 'Rose Cream', quantity: 2, totalPaise: 50_000n }),
          expect.objectContaining({ kind: 'addon', taxCode: '999723', gstBp: 500 }),
        ],
        tenders: [
          expect.objectContaining({ method: 'card_terminal', reference: 'SLIP-9', amountPaise: 55_000n }),
        ],
      },
    });
    const lines = await world.deps.db.select().from(saleLines).where(eq(saleLines.saleId, sale.id));
    expect(lines.find((line) => line.kind === 'product')!.reservationStatus).toBe('taken');
    expect(await world.catalogue.productStock(cream._id)).toBe(3);
    // A completed sale no longer changes.
    const edit = await put(current, []);
    expect(edit.statusCode).toBe(409);
  });

  it('refunds never more than was sold; a cash refund leaves the drawer, restocks, and publishes sale.refunded', async () => {
    const balm = await world.product({ name: 'Tiger Balm', price: 100, stock: 4 });
    const sale = await ok(
      await put(await walkIn('Refund Me'), [{ kind: 'product', itemId: balm._id, quantity: 2 }]),
    );
    await ok(
      await call(
        desk,
        'POST',
        `/counter/sales/${sale.id}/tenders`,
        { method: 'cash', amountPaise: 20_000 },
        'cash-all',
      ),
      201,
    );
    const paid = await ok(await call(desk, 'GET', `/counter/sales/${sale.id}`));
    const done = await ok(
      await call(desk, 'POST', `/counter/sales/${sale.id}/complete`, { version: paid.version }),
    );
    expect(await world.catalogue.productStock(balm._id)).toBe(2);
    const lineId = done.lines[0]!.id;
    const refunds = `/counter/sales/${sale.id}/refunds`;
    const body = (quantity: number, restock = true) => ({
      lines: [{ lineId, quantity }],
      method: 'cash',
      reason: 'Allergic',
      restock,
    });

    expect((await call(desk, 'POST', refunds, body(2))).statusCode).toBe(400);
    const tooMany = await call(desk, 'POST', refunds, body(3), 'r-too-many');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: 'REFUND_EXCEEDS_SOLD' });

    const refunded = await call(desk, 'POST', refunds, body(2), 'r-1');
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({
      refund: { status: 'processed', amountPaise: 20_000, restocked: true },
    });
    expect((await call(desk, 'POST', refunds, body(2), 'r-1')).statusCode).toBe(200);
    expect((await call(desk, 'POST', refunds, body(1), 'r-2')).statusCode).toBe(422);
    expect(await world.catalogue.productStock(balm._id)).toBe(4);
    const moved = await world.deps.db
      .select()
      .from(drawerMovements)
      .where(eq(drawerMovements.saleId, sale.id));
    expect(moved.map((row) => row.amountPaise).sort()).toEqual([-20_000, 20_000]);
    const events = (await world.published('commerce.sale.refunded')).filter((event) => event.key === sale.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      amountPaise: 20_000n,
      method: 'cash',
      restocked: true,
      lines: [{ lineId, quantity: 2 }],
    });
  });

  it('a payment link blocks checkout until paid on the phone; a Razorpay refund goes back through the provider', async () => {
    const sale = await ok(
      await put(await walkIn('Phone Payer'), [
        { kind: 'addon', quantity: 1, name: 'Aroma upgrade', unitPricePaise: 30_000 },
      ]),
    );
    const linked = await ok(
      await call(
        desk,
        'POST',
        `/counter/sales/${sale.id}/tenders`,
        { method: 'razorpay', amountPaise: 30_000 },
        'link-1',
      ),
      201,
    );
    const tender = linked.tenders[0]!;
    expect(tender).toMatchObject({ method: 'razorpay', status: 'pending' });
    expect(tender.linkUrl).toMatch(/^http/);
    // Pending money counts: nothing more can be taken, and the sale cannot complete.
    const over = await call(
      desk,
      'POST',
      `/counter/sales/${sale.id}/tenders`,
      { method: 'card_terminal', amountPaise: 100, reference: 'x' },
      'k-2',
    );
    expect(over.statusCode).toBe(422);
    const blocked = await call(desk, 'POST', `/counter/sales/${sale.id}/complete`, {
      version: linked.version,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'TENDER_PENDING' });

    const [row] = await world.deps.db.select().from(saleTenders).where(eq(saleTenders.id, tender.id));
    await world.sandbox!.payPaymentLink(row!.providerLinkId!, { method: 'upi' });
    const checked = await ok(
      await call(desk, 'POST', `/counter/sales/${sale.id}/tenders/${tender.id}/check`),
    );
    expect(checked.tenders[0]).toMatchObject({ status: 'paid' });
    expect(checked.tenders[0]!.reference).toMatch(/^pay_/);
    expect(
      (await call(desk, 'POST', `/counter/sales/${sale.id}/tenders/${tender.id}/cancel`)).statusCode,
    ).toBe(409);
    const completed = await ok(
      await call(desk, 'POST', `/counter/sales/${sale.id}/complete`, { version: checked.version }),
    );

    const refund = await call(
      desk,
      'POST',
      `/counter/sales/${sale.id}/refunds`,
      {
        lines: [{ lineId: completed.lines[0]!.id, quantity: 1 }],
        method: 'razorpay',
        reason: 'Did not like it',
        restock: false,
      },
      'rzp-refund',
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const refundId = (refund.json() as { refund: { id: string } }).refund.id;
    // The provider settles it a moment later (its webhook, or asking again with the same key).
    await eventually(async () => {
      const again = await call(
        desk,
        'POST',
        `/counter/sales/${sale.id}/refunds`,
        {
          lines: [{ lineId: completed.lines[0]!.id, quantity: 1 }],
          method: 'razorpay',
          reason: 'Did not like it',
          restock: false,
        },
        'rzp-refund',
      );
      expect(again.json()).toMatchObject({ refund: { id: refundId, status: 'processed' } });
    });
    const events = (await world.published('commerce.sale.refunded')).filter((event) => event.key === sale.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ refundId, method: 'razorpay', amountPaise: 30_000n });
  });

  it('voids an open sale: its stock goes back; one with counter money on it is refused', async () => {
    const mask = await world.product({ name: 'Clay Mask', price: 300, stock: 2 });
    const sale = await ok(
      await put(await walkIn('Changed Mind'), [{ kind: 'product', itemId: mask._id, quantity: 2 }]),
    );
    expect(await world.catalogue.productStock(mask._id)).toBe(0);
    const voided = await ok(await call(desk, 'POST', `/counter/sales/${sale.id}/void`));
    expect(voided.status).toBe('voided');
    expect(await world.catalogue.productStock(mask._id)).toBe(2);

    const paid = await ok(
      await put(await walkIn(), [{ kind: 'addon', quantity: 1, name: 'Tea', unitPricePaise: 5_000 }]),
    );
    await ok(
      await call(
        desk,
        'POST',
        `/counter/sales/${paid.id}/tenders`,
        { method: 'card_terminal', amountPaise: 5_000, reference: 'S' },
        'v-1',
      ),
      201,
    );
    const refused = await call(desk, 'POST', `/counter/sales/${paid.id}/void`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SALE_HAS_PAYMENTS' });

    // A voided visit sale lets the visit be checked out again.
    const appointmentId = await visit();
    const first = await ok(
      await call(desk, 'POST', '/counter/sales', { appointmentIds: [appointmentId] }),
      201,
    );
    await ok(await call(desk, 'POST', `/counter/sales/${first.id}/void`));
    const second = await ok(
      await call(desk, 'POST', '/counter/sales', { appointmentIds: [appointmentId] }),
      201,
    );
    expect(second.id).not.toBe(first.id);
  });
});
