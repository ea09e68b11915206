import { create } from '@bufbuild/protobuf';
import { catalogueV1 } from '@spa/proto';
import { startRazorpaySandbox, type RazorpaySandbox } from '@spa/razorpay-sandbox';
import { eventually, serveTestJwks } from '@spa/kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort, SANDBOX_SECRETS, startCommerce } from './support/commerce-process.js';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

/*
 * Deposits and the late-cancellation fee, with the real parts: booking with its
 * consumers, the real commerce in its own process and the Razorpay sandbox for the deposits and their
 * refunds, Kafka between them. The treatment takes half its price as a deposit; a cancellation less
 * than 48 hours before keeps half of that deposit. Booking's clock is moved to cancel early or late.
 */
let world: BookingWorld;
let sandbox: RazorpaySandbox;
let commerce: Awaited<ReturnType<typeof startCommerce>>;
let jwks: Awaited<ReturnType<typeof serveTestJwks>>;
let withDeposit: Awaited<ReturnType<BookingWorld['service']>>;
let paidInFull: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;
let admin: Person;
let missesAppointments: Person;
let receptionist: Person;
let clock: Date | undefined;

const DAY = 30;
// 60 min at ₹2,499 in a ₹2,000 Gold room: ₹4,499, a ₹2,249.50 deposit, ₹1,124.75 kept when late.
const TOTAL = 449_900;
const DEPOSIT = 224_950;
const LATE_FEE = 112_475;

beforeAll(async () => {
  jwks = await serveTestJwks();
  const [bookingPort, commercePort] = [await freePort(), await freePort()];
  const commerceUrl = `http://127.0.0.1:${commercePort}`;
  sandbox = await startRazorpaySandbox({
    ...SANDBOX_SECRETS,
    webhookUrl: `${commerceUrl}/payments/webhook`,
    webhookRetryDelaysMs: [200, 500],
  });
  world = await startBooking('deposits', {
    listen: bookingPort,
    env: { COMMERCE_URL: commerceUrl, SHIFT_HOURS: 'morning=09:00-17:00' },
    deps: { now: () => clock ?? new Date() },
  });
  commerce = await startCommerce({
    port: commercePort,
    namespace: world.namespace,
    razorpayUrl: sandbox.url,
    jwksUrl: jwks.url,
  });
  withDeposit = await world.service({
    depositPolicy: create(catalogueV1.DepositPolicySchema, {
      kind: 'percent',
      value: 50n,
      lateCancellationHours: 48,
      lateCancellationFeePercent: 50,
    }),
  });
  paidInFull = await world.service({ name: 'Foot Reflexology' });
  const rooms = await Promise.all([world.room({ roomNumber: '701' }), world.room({ roomNumber: '702' })]);
  let therapist: Person;
  [customer, admin, missesAppointments, receptionist, therapist] = await Promise.all([
    world.person('user', { name: 'Priya Sharma' }),
    world.person('admin', { name: 'Asha Admin' }),
    world.person('user', { name: 'Kabir Rao' }),
    world.employee({ name: 'Rohan Verma', shift: 'morning', employeeRole: 'receptionist' }),
    world.employee({ name: 'Anjali Patel', shift: 'morning' }),
  ]);
  await world.mirrored({
    services: [withDeposit.id, paidInFull.id],
    rooms: rooms.map((room) => room.id),
    users: [customer.id, missesAppointments.id, receptionist.id, therapist.id],
  });
});
afterAll(async () => {
  await commerce?.stop();
  await sandbox?.close();
  await world?.close();
  await jwks?.close();
});
beforeEach(() => {
  clock = undefined;
});

interface Deposit {
  amount: number;
  balanceDue: number;
  lateCancellationHours: number;
  lateCancellationFeePercent: number;
  feeIfCancelledNow: number;
  kept: number;
}

/** Books online and pays through the sandbox: the appointment's id and the amount the checkout took. */
async function bookAndPay(person: Person, service: typeof withDeposit, start: Date) {
  const booked = await world.request('POST', '/appointments/auto-assign', {
    token: person.token,
    body: bookingBody(service, start, { paymentMethod: 'online' }),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const { appointment, amount, razorpayOrderId, totalPrice } = booked.json();
  const verified = await fetch(`${commerce.url}/orders/verify-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
    body: JSON.stringify(await sandbox.pay(razorpayOrderId)),
  });
  expect(verified.status).toBe(200);
  await eventually(
    async () => expect((await appointmentOf(person, appointment._id)).paymentStatus).toBe('Paid'),
    {
      timeoutMs: 30_000,
    },
  );
  return { id: appointment._id as string, amount: amount as number, totalPrice: totalPrice as number };
}

async function appointmentOf(person: Person, id: string) {
  const response = await world.request('GET', `/appointments/${id}`, { token: person.token });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: string; paymentStatus: string; deposit: Deposit | null };
}

/** Commerce's account of the appointment's payment once its refunds have settled. */
async function refundsOf(id: string, expected: { amount?: number; refunded: number; status: string }) {
  return eventually(
    async () => {
      const response = await fetch(`${commerce.url}/orders/appointment-payments/${id}/refunds`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(response.status).toBe(200);
      const state = (await response.json()) as { amount: number; refunded: number; status: string };
      expect(state).toMatchObject(expected);
      return state;
    },
    { timeoutMs: 30_000 },
  );
}

describe('deposits', () => {
  it('takes the deposit online and tells the customer the rest, the terms and what cancelling would keep', async () => {
    const start = istTime(DAY, '10:00');
    const paid = await bookAndPay(customer, withDeposit, start);
    expect(paid).toMatchObject({ amount: DEPOSIT, totalPrice: TOTAL / 100 });
    expect((await appointmentOf(customer, paid.id)).deposit).toEqual({
      amount: DEPOSIT / 100,
      balanceDue: (TOTAL - DEPOSIT) / 100,
      lateCancellationHours: 48,
      lateCancellationFeePercent: 50,
      feeIfCancelledNow: 0,
      kept: 0,
    });
    clock = new Date(start.getTime() - 24 * 3_600_000);
    expect((await appointmentOf(customer, paid.id)).deposit?.feeIfCancelledNow).toBe(LATE_FEE / 100);

    // A treatment without a policy is paid in full online, as before.
    const full = await bookAndPay(customer, paidInFull, istTime(DAY, '12:00'));
    expect(full.amount).toBe(TOTAL);
    expect((await appointmentOf(customer, full.id)).deposit).toBeNull();
  });

  it('refunds the whole deposit when the customer cancels in time, or when the spa cancels late', async () => {
    const early = await bookAndPay(customer, withDeposit, istTime(DAY + 1, '10:00'));
    clock = new Date(istTime(DAY + 1, '10:00').getTime() - 72 * 3_600_000);
    const cancelled = await world.request('PUT', `/appointments/${early.id}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await refundsOf(early.id, { amount: DEPOSIT / 100, refunded: DEPOSIT / 100, status: 'Refunded' });

    const bySpa = await bookAndPay(customer, withDeposit, istTime(DAY + 1, '12:00'));
    clock = new Date(istTime(DAY + 1, '12:00').getTime() - 5 * 3_600_000);
    expect(
      (await world.request('PUT', `/appointments/${bySpa.id}/cancel`, { token: admin.token })).statusCode,
    ).toBe(200);
    await refundsOf(bySpa.id, { refunded: DEPOSIT / 100, status: 'Refunded' });
    clock = undefined;
    await eventually(
      async () => expect((await appointmentOf(customer, bySpa.id)).paymentStatus).toBe('Refunded'),
      {
        timeoutMs: 30_000,
      },
    );
  });

  it('keeps the late-cancellation fee when the customer cancels inside the window, and refunds the rest', async () => {
    const start = istTime(DAY + 2, '10:00');
    const late = await bookAndPay(customer, withDeposit, start);
    clock = new Date(start.getTime() - 10 * 3_600_000);
    const cancelled = await world.request('PUT', `/appointments/${late.id}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().deposit).toMatchObject({ kept: LATE_FEE / 100, feeIfCancelledNow: 0 });
    await refundsOf(late.id, {
      amount: DEPOSIT / 100,
      refunded: (DEPOSIT - LATE_FEE) / 100,
      status: 'Partially refunded',
    });
    clock = undefined;
    const after = await eventually(
      async () => {
        const view = await appointmentOf(customer, late.id);
        expect(view.paymentStatus).toBe('Partially refunded');
        return view;
      },
      { timeoutMs: 30_000 },
    );
    expect(after.status).toBe('Cancelled');
    // Said in the history, as the desk reads it.
    const history = (await world.request('GET', `/appointments/${late.id}`, { token: admin.token })).json()
      .history;
    expect(JSON.stringify(history)).toContain('late cancellation: ₹1,124.75 of the deposit kept');
  });

  it('carries the deposit over a reschedule: the same payment, nothing refunded', async () => {
    const moved = await bookAndPay(customer, withDeposit, istTime(DAY + 3, '10:00'));
    const rescheduled = await world.request('PUT', `/appointments/${moved.id}/reschedule`, {
      token: customer.token,
      body: { appointmentDateTime: istTime(DAY + 4, '11:00').toISOString() },
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    expect(rescheduled.json()).toMatchObject({
      paymentStatus: 'Paid',
      deposit: { amount: DEPOSIT / 100, balanceDue: (TOTAL - DEPOSIT) / 100, kept: 0 },
    });
    await refundsOf(moved.id, { amount: DEPOSIT / 100, refunded: 0, status: 'Paid' });
  });

  it("refuses the customer's own move inside the late window: the fee stays with the visit", async () => {
    const start = istTime(DAY + 7, '10:00');
    const paid = await bookAndPay(customer, withDeposit, start);
    clock = new Date(start.getTime() - 16 * 3_600_000);
    const moved = await world.request('PUT', `/appointments/${paid.id}/reschedule`, {
      token: customer.token,
      body: { appointmentDateTime: istTime(DAY + 9, '10:00').toISOString() },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toEqual({
      code: 'LATE_CHANGE',
      message:
        'Cancel up to 48 hours before for a full refund; a later cancellation keeps ₹1,124.75. This appointment starts in less than 48 hours, so it can no longer be moved online: you can still cancel it on these terms, or call us to change it.',
    });
    const unchanged = (
      await world.request('GET', `/appointments/${paid.id}`, { token: customer.token })
    ).json();
    expect(unchanged).toMatchObject({ appointmentDateTime: start.toISOString(), status: 'Pending' });
    expect(await world.eventsOf(paid.id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.payment-status-changed',
    ]);

    // Cancelling after the refused move keeps the fee, as cancelling straight away does.
    const cancelled = await world.request('PUT', `/appointments/${paid.id}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().deposit).toMatchObject({ kept: LATE_FEE / 100 });
    await refundsOf(paid.id, { refunded: (DEPOSIT - LATE_FEE) / 100, status: 'Partially refunded' });
  });

  it('lets the customer move it before the window, and the desk inside it', async () => {
    const early = istTime(DAY + 8, '10:00');
    const own = await bookAndPay(customer, withDeposit, early);
    clock = new Date(early.getTime() - 49 * 3_600_000);
    const byCustomer = await world.request('PUT', `/appointments/${own.id}/reschedule`, {
      token: customer.token,
      body: { appointmentDateTime: istTime(DAY + 8, '12:00').toISOString() },
    });
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    expect(byCustomer.json().appointmentDateTime).toBe(istTime(DAY + 8, '12:00').toISOString());

    const late = istTime(DAY + 8, '14:00');
    const desk = await bookAndPay(customer, withDeposit, late);
    clock = new Date(late.getTime() - 16 * 3_600_000);
    const byDesk = await world.request('PUT', `/appointments/${desk.id}/reschedule`, {
      token: receptionist.token,
      body: { appointmentDateTime: istTime(DAY + 10, '14:00').toISOString() },
    });
    expect(byDesk.statusCode, byDesk.body).toBe(200);
    expect(byDesk.json()).toMatchObject({
      appointmentDateTime: istTime(DAY + 10, '14:00').toISOString(),
      paymentStatus: 'Paid',
    });
  });

  it('asks a customer with repeated no-shows to prepay the whole price, deposit or not', async () => {
    const misses = [istTime(DAY + 5, '09:30'), istTime(DAY + 5, '11:00')];
    for (const start of misses) {
      const booked = await world.request('POST', '/appointments/auto-assign', {
        token: missesAppointments.token,
        body: bookingBody(paidInFull, start),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      clock = new Date(start.getTime() + 20 * 60_000);
      const marked = await world.request('PUT', `/appointments/${booked.json()._id}/check-in`, {
        token: receptionist.token,
        body: { status: 'No-show' },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      clock = undefined;
    }
    const prepaid = await bookAndPay(missesAppointments, withDeposit, istTime(DAY + 6, '10:00'));
    expect(prepaid.amount).toBe(TOTAL);
    expect((await appointmentOf(missesAppointments, prepaid.id)).deposit).toBeNull();
  });
});
