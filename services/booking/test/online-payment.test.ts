import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { events } from '@spa/proto';
import { startRazorpaySandbox, type RazorpaySandbox } from '@spa/razorpay-sandbox';
import { eventually, serveTestJwks, serviceCallHeaders } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlappingPairs } from '../src/db/overlap-audit.js';
import { freePort, SANDBOX_SECRETS, startCommerce } from './support/commerce-process.js';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

/*
 * The online path end to end with the real parts: booking (in process, listening), the real commerce
 * service (its built bundle, its own process and database), the Razorpay sandbox the real SDK talks to,
 * and Kafka between them. Nothing of commerce is faked.
 */
let world: BookingWorld;
let sandbox: RazorpaySandbox;
let commerce: Awaited<ReturnType<typeof startCommerce>>;
let jwks: Awaited<ReturnType<typeof serveTestJwks>>;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;
let admin: Person;
// Booking's clock, moved to the visit's day for the desk's steps (they happen when the visit does).
let clock: Date | undefined;

beforeAll(async () => {
  jwks = await serveTestJwks();
  // Booking asks commerce for payment orders and the sandbox sends its webhooks to commerce, so
  // commerce's port is chosen first; commerce tells booking of payments by events only.
  const [bookingPort, commercePort] = [await freePort(), await freePort()];
  const commerceUrl = `http://127.0.0.1:${commercePort}`;
  sandbox = await startRazorpaySandbox({
    ...SANDBOX_SECRETS,
    webhookUrl: `${commerceUrl}/payments/webhook`,
    webhookRetryDelaysMs: [200, 500],
  });
  world = await startBooking('online', {
    listen: bookingPort,
    holdWorker: true,
    env: { COMMERCE_URL: commerceUrl, PAYMENT_HOLD_SECONDS: '3', HOLD_SWEEP_INTERVAL_MS: '250' },
    deps: { now: () => clock ?? new Date() },
  });
  commerce = await startCommerce({
    port: commercePort,
    namespace: world.namespace,
    razorpayUrl: sandbox.url,
    jwksUrl: jwks.url,
  });
  service = await world.service();
  const rooms = await Promise.all(['201', '202'].map((roomNumber) => world.room({ roomNumber })));
  customer = await world.person('user', { name: 'Priya Sharma' });
  admin = await world.person('admin', { name: 'Asha Admin' });
  await world.mirrored({ services: [service.id], rooms: rooms.map((room) => room.id), users: [customer.id] });
});
afterAll(async () => {
  await commerce?.stop();
  await sandbox?.close();
  await world?.close();
  await jwks?.close();
});

async function bookOnline(start: Date) {
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: customer.token,
    body: bookingBody(service, start, { paymentMethod: 'online' }),
  });
  if (response.statusCode !== 201)
    throw new Error(`${response.statusCode} ${response.body}\n${commerce.output()}`);
  return response.json();
}

/** What the page does after checkout.js hands it the payment: commerce's verify-payment, as the customer. */
async function verify(payment: object) {
  const response = await fetch(`${commerce.url}/orders/verify-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
    body: JSON.stringify(payment),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Commerce's word on an appointment's payment and its refunds. */
async function commercePayment(appointmentId: string, token = admin.token) {
  const response = await fetch(`${commerce.url}/orders/appointment-payments/${appointmentId}/refunds`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    status: string;
    amount: number;
    refunded: number;
    refundable: number;
    refunds: Array<{ amount: number; status: string; reason: string }>;
  };
}

const getAppointment = async (id: string, token = admin.token) =>
  (await world.request('GET', `/appointments/${id}`, { token })).json();

/** Commerce's payment.captured for an appointment, as commerce publishes it. */
const emitCaptured = (id: string, providerOrderId: string, providerPaymentId: string) =>
  world.emit('commerce', events.paymentCaptured, id, {
    paymentId: 'payment-of-the-test',
    purpose: 'appointment',
    orderId: '',
    appointmentId: id,
    customerId: customer.id,
    amountPaise: 449_900n,
    providerOrderId,
    providerPaymentId,
    capturedAt: timestampFromDate(new Date()),
  });

describe('online payment with commerce and the Razorpay sandbox', () => {
  it('holds the slot, answers the provider order, and becomes Paid once verified; then staff take over', async () => {
    const booked = await bookOnline(istTime(20, '10:00'));
    expect(booked).toMatchObject({
      totalPrice: 4499,
      amount: 449_900,
      currency: 'INR',
      keyId: SANDBOX_SECRETS.keyId,
      razorpayOrderId: expect.stringMatching(/^order_/),
      appointment: { status: 'Pending', paymentStatus: 'Pending', paymentMethod: 'online', employeeId: null },
    });
    expect(Date.parse(booked.appointment.paymentHoldExpiresAt)).toBeGreaterThan(Date.now());
    const id = booked.appointment._id;

    const checkout = await sandbox.pay(booked.razorpayOrderId);
    const verified = await verify(checkout);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      message: 'Payment verified successfully',
      appointment: {
        _id: id,
        paymentMethod: 'online',
        paymentStatus: 'Paid',
        paidAt: expect.any(String),
        providerOrderId: booked.razorpayOrderId,
        providerPaymentId: (checkout as { razorpay_payment_id: string }).razorpay_payment_id,
      },
    });

    // Booking learns of it from commerce's payment.captured event, never from a call.
    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Paid'), {
      timeoutMs: 30_000,
    });
    expect(await world.eventsOf(id)).toEqual([
      'booking.appointment.booked',
      'booking.appointment.payment-status-changed',
    ]);
    const paid = await getAppointment(id, customer.token);
    expect(paid).toMatchObject({
      paymentStatus: 'Paid',
      paymentHoldExpiresAt: null,
      paidAt: expect.any(String),
    });
    // Refunded is the provider's word, not a pick from a list: the admin refunds with Refund instead.
    const byHand = await world.request('PUT', `/appointments/${id}/payment-status`, {
      token: admin.token,
      body: { paymentStatus: 'Refunded' },
    });
    expect(byHand.statusCode).toBe(422);
    expect(byHand.json()).toMatchObject({ code: 'REFUND_THROUGH_PROVIDER' });
    expect((await getAppointment(id, customer.token)).paymentStatus).toBe('Paid');

    // An employee joins; the admin assigns them; they see it on their dashboard; it is done.
    const therapist = await world.employee({ name: 'Meera Iyer', shift: 'morning' });
    await world.mirrored({ users: [therapist.id] });
    const available = await world.request('GET', `/appointments/${id}/available-employees`, {
      token: admin.token,
    });
    expect(available.json().availableEmployees.map((e: { _id: string }) => e._id)).toEqual([therapist.id]);
    const assigned = await world.request('POST', `/appointments/${id}/assign-employee`, {
      token: admin.token,
      body: { employeeId: therapist.id },
    });
    expect(assigned.json().employeeId).toMatchObject({ _id: therapist.id, name: 'Meera Iyer' });
    const dashboard = await world.request(
      'GET',
      `/appointments/employees/${therapist.id}/appointments?timeRange=upcoming`,
      {
        token: therapist.token,
      },
    );
    expect(dashboard.json().appointments.map((a: { _id: string }) => a._id)).toEqual([id]);
    const put = (path: string, body?: object) =>
      world.request('PUT', `/appointments/${id}/${path}`, { token: admin.token, body });
    clock = new Date(istTime(20, '10:00').getTime() + 5 * 60_000);
    expect((await put('status', { status: 'In Progress' })).json().status).toBe('In Progress');
    clock = new Date(istTime(20, '10:00').getTime() + 65 * 60_000);
    expect((await put('complete')).json().status).toBe('Completed');
    clock = undefined;
  });

  it('marks a failed attempt Failed and a later successful one Paid', async () => {
    const booked = await bookOnline(istTime(20, '12:00'));
    const id = booked.appointment._id;
    const failed = await sandbox.pay(booked.razorpayOrderId, 'failed');
    expect(failed).toHaveProperty('error');
    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Failed'), {
      timeoutMs: 30_000,
    });
    const retry = await sandbox.pay(booked.razorpayOrderId);
    expect((await verify(retry)).body).toMatchObject({ success: true });
    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Paid'), {
      timeoutMs: 30_000,
    });
  });

  it('releases an unpaid booking when its hold runs out, and reopens it if paid while the slot is free', async () => {
    const start = istTime(21, '10:00');
    const booked = await bookOnline(start);
    const id = booked.appointment._id;
    await eventually(async () => expect((await getAppointment(id)).status).toBe('Cancelled'), {
      timeoutMs: 20_000,
    });
    expect(await world.eventsOf(id)).toEqual(['booking.appointment.booked', 'booking.appointment.cancelled']);
    const { rows } = await world.pool.query('select cancellation_reason from appointments where id = $1', [
      id,
    ]);
    expect(rows[0].cancellation_reason).toBe('payment-expired');

    // The customer was slow, not gone: the payment still comes, and the room is still free. Commerce
    // cannot tell the page so (booking decides), so no confirmation; booking reopens it on the event.
    const late = await sandbox.pay(booked.razorpayOrderId);
    const answer = await verify(late);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'BOOKING_NOT_CONFIRMED' });
    await eventually(
      async () =>
        expect(await getAppointment(id)).toMatchObject({ status: 'Pending', paymentStatus: 'Paid' }),
      { timeoutMs: 30_000 },
    );
    expect(await overlappingPairs(world.pool)).toEqual([]);
  });

  it('refunds a late payment in full when the slot was taken: 409 BOOKING_NOT_CONFIRMED, then Refunded', async () => {
    const start = istTime(22, '10:00');
    const booked = await bookOnline(start);
    const id = booked.appointment._id;
    await eventually(async () => expect((await getAppointment(id)).status).toBe('Cancelled'), {
      timeoutMs: 20_000,
    });
    // Both rooms go to cash bookings meanwhile (two people: one customer's appointments never overlap).
    for (const person of [customer, admin]) {
      const taken = await world.request('POST', '/appointments/auto-assign', {
        token: person.token,
        body: bookingBody(service, start),
      });
      expect(taken.statusCode).toBe(201);
    }
    const late = await sandbox.pay(booked.razorpayOrderId);
    const answer = await verify(late);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: 'BOOKING_NOT_CONFIRMED',
      message:
        "Your payment was received after this booking's hold ran out. We will email you when it is confirmed, or refund your payment in full if its time was taken.",
      details: [{ field: 'appointmentId', message: id }],
    });
    expect(answer.body).not.toHaveProperty('success');
    // Booking keeps it Cancelled and Paid (its event), commerce refunds it, the sandbox's webhook reaches
    // commerce, commerce's refunded event reaches booking.
    await eventually(
      async () =>
        expect(await getAppointment(id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'Refunded' }),
      { timeoutMs: 30_000 },
    );
    expect((await getAppointment(id)).history.map((entry: { note: string | null }) => entry.note)).toContain(
      'Paid after the payment hold ran out and the slot was taken: refund due',
    );
    const payment = await commercePayment(id);
    expect(payment).toMatchObject({ status: 'Refunded', amount: 4499, refunded: 4499 });
    expect(payment.refunds).toHaveLength(1);
    // Verified again (a reload): still 409, still one refund.
    expect((await verify(late)).status).toBe(409);
    expect((await commercePayment(id)).refunds).toHaveLength(1);
    expect(await overlappingPairs(world.pool)).toEqual([]);
  });

  it('refunds a prepaid appointment its customer cancels, in full, once; booking shows Refunded', async () => {
    const booked = await bookOnline(istTime(24, '10:00'));
    const id = booked.appointment._id;
    expect((await verify(await sandbox.pay(booked.razorpayOrderId))).status).toBe(200);
    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Paid'), {
      timeoutMs: 30_000,
    });

    const cancelled = await world.request('PUT', `/appointments/${id}/cancel`, { token: customer.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Refunded'), {
      timeoutMs: 30_000,
    });
    const payment = await commercePayment(id, customer.token);
    expect(payment).toMatchObject({
      status: 'Refunded',
      refunded: 4499,
      refunds: [{ amount: 4499, status: 'processed', reason: 'appointment_cancelled' }],
    });
    const history = (await getAppointment(id)).history;
    expect(history.at(-1)).toMatchObject({ field: 'paymentStatus', from: 'Paid', to: 'Refunded' });
  });

  it('lets an admin refund part of an appointment in commerce; booking shows Partially refunded', async () => {
    const booked = await bookOnline(istTime(24, '12:00'));
    const id = booked.appointment._id;
    expect((await verify(await sandbox.pay(booked.razorpayOrderId))).status).toBe(200);
    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Paid'), {
      timeoutMs: 30_000,
    });

    const refund = (token: string, body: object) =>
      fetch(`${commerce.url}/orders/appointment-payments/${id}/refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    expect((await refund(customer.token, { amount: 100 })).status).toBe(403);
    const tooMuch = await refund(admin.token, { amount: 4499.01 });
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { code: string }).code).toBe('REFUND_EXCEEDS_CAPTURED');
    const partial = await refund(admin.token, { amount: 1000 });
    expect(partial.status).toBe(201);

    await eventually(
      async () => expect((await getAppointment(id)).paymentStatus).toBe('Partially refunded'),
      {
        timeoutMs: 30_000,
      },
    );
    expect(await commercePayment(id)).toMatchObject({ status: 'Partially refunded', refundable: 3499 });
    // The appointment itself goes on: it is still booked.
    expect((await getAppointment(id)).status).toBe('Pending');
  });

  it('fair holds: a customer may hold 2 online bookings waiting for payment; a third is 409 until one is paid', async () => {
    const holder = await world.person('user', { name: 'Online Hoarder' });
    const bookAs = (start: Date) =>
      world.request('POST', '/appointments/auto-assign', {
        token: holder.token,
        body: bookingBody(service, start, { paymentMethod: 'online' }),
      });
    const first = await bookAs(istTime(40, '10:00'));
    const second = await bookAs(istTime(41, '10:00'));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const third = await bookAs(istTime(42, '10:00'));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      code: 'TOO_MANY_UNPAID_BOOKINGS',
      message:
        'You already have 2 online bookings waiting for payment. Pay for or cancel one before booking another.',
      details: [{ limit: 2 }],
    });
    // A cash booking is another limit.
    const cash = await world.request('POST', '/appointments/auto-assign', {
      token: holder.token,
      body: bookingBody(service, istTime(42, '12:00')),
    });
    expect(cash.statusCode).toBe(201);

    const paid = await sandbox.pay(first.json().razorpayOrderId);
    const verified = await fetch(`${commerce.url}/orders/verify-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${holder.token}` },
      body: JSON.stringify(paid),
    });
    expect(verified.status).toBe(200);
    await eventually(async () => {
      const row = await world.pool.query('select payment_status from appointments where id = $1', [
        first.json().appointment._id,
      ]);
      expect(row.rows[0].payment_status).toBe('Paid');
    });
    expect((await bookAs(istTime(42, '10:00'))).statusCode).toBe(201);
  });

  it('marks Paid from commerce.payment.captured alone: once, and never for another provider order', async () => {
    const booked = await bookOnline(istTime(23, '10:00'));
    const id = booked.appointment._id;
    const handled = async () =>
      (
        await world.pool.query(
          "select count(*)::int as n from inbox where event_type = 'commerce.payment.captured'",
        )
      ).rows[0].n as number;
    const before = await handled();
    // Same key, same partition: booking sees them in this order.
    await emitCaptured(id, 'order_someone_else', 'pay_other_order');
    await emitCaptured(id, booked.razorpayOrderId, 'pay_direct_1');
    await emitCaptured(id, booked.razorpayOrderId, 'pay_direct_1');
    await emitCaptured(id, booked.razorpayOrderId, 'pay_direct_2');
    await eventually(async () => expect(await handled()).toBeGreaterThanOrEqual(before + 4), {
      timeoutMs: 30_000,
    });
    const { rows } = await world.pool.query(
      'select payment_status, provider_order_id, provider_payment_id from appointments where id = $1',
      [id],
    );
    // The other order's payment was ignored; the first of its own was applied; the rest changed nothing.
    expect(rows[0]).toEqual({
      payment_status: 'Paid',
      provider_order_id: booked.razorpayOrderId,
      provider_payment_id: 'pay_direct_1',
    });
    expect((await world.eventsOf(id)).filter((type) => type.endsWith('payment-status-changed'))).toHaveLength(
      1,
    );
  });

  it('marks Paid an appointment a restore got back without its provider order id, from the payment naming it', async () => {
    // A database restored from a backup gets a later online booking back from booking's own events,
    // which never carry the provider order id (recover-appointments.ts); the payment commerce captured
    // for that appointment must still make it Paid.
    const booked = await bookOnline(istTime(23, '11:00'));
    const id = booked.appointment._id;
    await world.pool.query('update appointments set provider_order_id = null where id = $1', [id]);
    await emitCaptured(id, booked.razorpayOrderId, 'pay_after_restore');
    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Paid'), {
      timeoutMs: 30_000,
    });
    const { rows } = await world.pool.query(
      'select provider_order_id, provider_payment_id from appointments where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({
      provider_order_id: booked.razorpayOrderId,
      provider_payment_id: 'pay_after_restore',
    });
  });

  it('keeps an appointment cancelled before its payment event arrived cancelled: refund due', async () => {
    const booked = await bookOnline(istTime(23, '12:00'));
    const id = booked.appointment._id;
    const cancelled = await world.request('PUT', `/appointments/${id}/cancel`, { token: customer.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await emitCaptured(id, booked.razorpayOrderId, 'pay_after_cancel');
    await eventually(async () => expect((await getAppointment(id)).paymentStatus).toBe('Paid'), {
      timeoutMs: 30_000,
    });
    const appointment = await getAppointment(id);
    expect(appointment.status).toBe('Cancelled');
    expect(appointment.history.at(-1)).toMatchObject({
      field: 'paymentStatus',
      to: 'Paid',
    });
    expect(appointment.history.map((entry: { note: string | null }) => entry.note)).toContain(
      'Paid after it was cancelled: refund due',
    );
  });

  it('has no internal payment route: commerce cannot mark an appointment Paid by a call', async () => {
    const booked = await bookOnline(istTime(23, '14:00'));
    const id = booked.appointment._id;
    const response = await world.app.inject({
      method: 'POST',
      url: `/internal/appointments/${id}/payment`,
      payload: { status: 'Paid', providerOrderId: booked.razorpayOrderId, providerPaymentId: 'pay_forged' },
      headers: await serviceCallHeaders('commerce', 'booking'),
    });
    // No route and so no allowed caller: the guard refuses even commerce's signed call.
    expect(response.statusCode).toBe(401);
    const { rows } = await world.pool.query('select payment_status from appointments where id = $1', [id]);
    expect(rows[0].payment_status).toBe('Pending');
  });
});
