import { serviceCallHeaders, testRazorpayKeys } from '@spa/kit/testing';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../src/db/schema.js';
import { paymentSignature, webhookSignature } from '../src/domain/signature.js';
import { sweepOnce } from '../src/worker.js';
import {
  startCommerceWorld,
  type CommerceWorld,
  type Customer,
  type OrderJson,
} from './support/commerce-world.js';

// The sandbox sends no webhooks here: verification must stand on its own, and the webhook tests send
// exactly what the sandbox would (its own payment entity, signed with the webhook secret).
let world: CommerceWorld;
let lavender: { _id: string; name: string; price: number };

beforeAll(async () => {
  world = await startCommerceWorld('payments', { sandbox: true, webhooks: false });
  lavender = await world.product({ name: 'Lavender Oil', price: 649.99, stock: 100 });
});
afterAll(async () => world?.close());

const onlineOrder = (name?: string, quantity?: number) => world.onlineOrder(lavender._id, name, quantity);
const pay = (providerOrderId: string) => world.pay(providerOrderId);
const verify = (customer: Customer, body: Record<string, string>) => world.verify(customer, body);

async function orderRow(id: string) {
  const [row] = await world.deps.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function eventsFor(key: string) {
  return (await world.published()).filter((event) => event.key === key);
}

/** What the sandbox would POST for a payment: its entity as the API answers it, signed over the raw body. */
async function webhookFor(
  event: string,
  providerPaymentId: string,
  secret: string = testRazorpayKeys.webhookSecret,
) {
  const entity = await world.provider(`/payments/${providerPaymentId}`);
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_sandbox',
    event,
    contains: ['payment'],
    payload: { payment: { entity } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return world.app.inject({
    method: 'POST',
    url: '/payments/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(secret, body) },
    payload: body,
  });
}

describe('POST /orders/verify-payment', () => {
  it('verifies a real sandbox payment: the order is paid, once, and answered with the order', async () => {
    const { customer, order, providerOrderId } = await onlineOrder('Asha Verma', 2);
    const paid = await pay(providerOrderId);
    const response = await verify(customer, { ...paid });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Payment verified successfully',
      order: { _id: order._id, status: 'paid', isPaid: true, totalPrice: 1299.98 },
    });
    expect(response.json().order.paidAt).toEqual(expect.any(String));

    const events = await eventsFor(order._id);
    expect(events.map((event) => event.type)).toEqual([
      'commerce.order.placed',
      'commerce.payment.captured',
      'commerce.order.paid',
    ]);
    expect(events[1]!.payload).toMatchObject({
      purpose: 'order',
      orderId: order._id,
      appointmentId: '',
      customerId: customer.id,
      amountPaise: 129_998n,
      providerOrderId,
      providerPaymentId: paid.razorpay_payment_id,
    });
    expect(events[2]!.payload).toMatchObject({
      providerPaymentId: paid.razorpay_payment_id,
      collectedOnDelivery: false,
    });
  });

  it('answers a replayed verification the same and changes nothing', async () => {
    const { customer, order, providerOrderId } = await onlineOrder('Replay Rao');
    const paid = await pay(providerOrderId);
    const first = await verify(customer, { ...paid });
    const before = await orderRow(order._id);
    const again = await verify(customer, { ...paid });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await orderRow(order._id)).toEqual(before);
    expect(
      (await eventsFor(order._id)).filter((event) => event.type === 'commerce.payment.captured'),
    ).toHaveLength(1);
  });

  it('captures once when the same payment is verified many times at once', async () => {
    const { customer, order, providerOrderId } = await onlineOrder('Race Iyer');
    const paid = await pay(providerOrderId);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(customer, { ...paid })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.json().order.paidAt)).size).toBe(1);
    const types = (await eventsFor(order._id)).map((event) => event.type);
    expect(types.filter((type) => type === 'commerce.payment.captured')).toHaveLength(1);
    expect(types.filter((type) => type === 'commerce.order.paid')).toHaveLength(1);
  });

  it('shows an unpaid order its provider order, so it can be paid again from any device', async () => {
    const { customer, order, providerOrderId } = await onlineOrder('Second Device');
    const shown = (await world.call(customer, 'GET', `/orders/${order._id}`)).json();
    expect(shown.razorpayOrder).toEqual({ id: providerOrderId, amount: 64_999, currency: 'INR' });
    const paid = await pay(providerOrderId);
    await verify(customer, { ...paid });
    expect((await world.call(customer, 'GET', `/orders/${order._id}`)).json().razorpayOrder).toBeUndefined();
  });

  it('refuses a tampered signature with 400 and changes nothing', async () => {
    const { customer, order, providerOrderId } = await onlineOrder('Tamper Shah');
    const paid = await pay(providerOrderId);
    const flipped = paid.razorpay_signature.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    const attempts = [
      { ...paid, razorpay_signature: flipped },
      { ...paid, razorpay_signature: paid.razorpay_signature.slice(0, 40) },
      {
        ...paid,
        razorpay_signature: paymentSignature('not-the-secret', providerOrderId, paid.razorpay_payment_id),
      },
      // A genuine signature of another payment does not vouch for this one.
      { ...paid, razorpay_payment_id: 'pay_SomeoneElse123' },
    ];
    for (const body of attempts) {
      const response = await verify(customer, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Payment verification failed: the payment signature is not valid',
        code: 'INVALID_SIGNATURE',
      });
    }
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending_payment', isPaid: false });
    expect((await eventsFor(order._id)).map((event) => event.type)).toEqual(['commerce.order.placed']);
  });

  it("answers 404 to another customer verifying someone's payment", async () => {
    const { order, providerOrderId } = await onlineOrder('Owner Nair');
    const paid = await pay(providerOrderId);
    const stranger = await world.customer('Stranger Das');
    const response = await verify(stranger, { ...paid });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Payment not found', code: 'NOT_FOUND' });
    expect((await orderRow(order._id)).isPaid).toBe(false);
  });

  it('refuses a correctly signed payment id the provider does not know', async () => {
    const { customer, order, providerOrderId } = await onlineOrder('Forger Kapoor');
    const forged = 'pay_Invented00001';
    const response = await verify(customer, {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: forged,
      razorpay_signature: paymentSignature(testRazorpayKeys.keySecret, providerOrderId, forged),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PAYMENT_VERIFICATION_FAILED');
    expect((await orderRow(order._id)).isPaid).toBe(false);
  });

  it('validates the body and needs a signed-in user', async () => {
    const customer = await world.customer('Body Check');
    const missing = await verify(customer, { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('razorpay_signature is required');
    const unknownOrder = await verify(customer, {
      razorpay_order_id: 'order_Unknown',
      razorpay_payment_id: 'pay_x',
      razorpay_signature: paymentSignature(testRazorpayKeys.keySecret, 'order_Unknown', 'pay_x'),
    });
    expect(unknownOrder.statusCode).toBe(404);
    expect(
      (
        await world.call(null, 'POST', '/orders/verify-payment', {
          razorpay_order_id: 'a',
          razorpay_payment_id: 'b',
          razorpay_signature: 'c',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /payments/webhook', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { order, providerOrderId } = await onlineOrder('Webhook Forger');
    const paid = await pay(providerOrderId);
    const forged = await webhookFor('payment.captured', paid.razorpay_payment_id, 'not-the-webhook-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      message: 'The webhook signature is not valid',
      code: 'INVALID_SIGNATURE',
    });
    const unsigned = await world.app.inject({
      method: 'POST',
      url: '/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event: 'payment.captured' }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderRow(order._id)).toMatchObject({ status: 'pending_payment', isPaid: false });
    expect((await eventsFor(order._id)).map((event) => event.type)).toEqual(['commerce.order.placed']);
  });

  it('records a failed attempt once, then completes the capture for a customer who closed the page', async () => {
    const { customer, order, providerOrderId } = await onlineOrder('Closed Page');
    const failed = await world.sandbox!.pay(providerOrderId, 'failed');
    if (!('error' in failed)) throw new Error('expected a failed payment');
    const failedId = failed.error.metadata.payment_id;

    const reported = await webhookFor('payment.failed', failedId);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toEqual({ status: 'recorded' });
    expect((await webhookFor('payment.failed', failedId)).json()).toEqual({ status: 'already-recorded' });
    const failures = (await eventsFor(order._id)).filter((event) => event.type === 'commerce.payment.failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.payload).toMatchObject({
      providerPaymentId: failedId,
      reason: expect.stringContaining('Fail'),
    });
    // A failed attempt does not end the order: the customer may try again until the hold runs out.
    expect((await orderRow(order._id)).status).toBe('pending_payment');

    const paid = await pay(providerOrderId);
    const captured = await webhookFor('payment.captured', paid.razorpay_payment_id);
    expect(captured.json()).toEqual({ status: 'captured' });
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', isPaid: true });
    expect((await webhookFor('payment.captured', paid.razorpay_payment_id)).json()).toEqual({
      status: 'already-captured',
    });
    // The page comes back late and verifies: the same order, nothing new.
    const late = await verify(customer, { ...paid });
    expect(late.statusCode).toBe(200);
    expect(late.json().order).toMatchObject({ _id: order._id, status: 'paid' });
    expect((await eventsFor(order._id)).map((event) => event.type)).toEqual([
      'commerce.order.placed',
      'commerce.payment.failed',
      'commerce.payment.captured',
      'commerce.order.paid',
    ]);
  });

  it('acknowledges events about payments it does not know, and refuses a signed body that is not JSON', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_x', order_id: 'order_x', amount: 100 } } },
    });
    const unknown = await world.app.inject({
      method: 'POST',
      url: '/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(testRazorpayKeys.webhookSecret, body),
      },
      payload: body,
    });
    expect(unknown.json()).toEqual({ status: 'ignored' });
    const garbage = '{not json';
    const broken = await world.app.inject({
      method: 'POST',
      url: '/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(testRazorpayKeys.webhookSecret, garbage),
      },
      payload: garbage,
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('appointment payments (internal API for booking)', () => {
  it('creates one provider order per appointment and answers the same one again', async () => {
    const customer = await world.customer('Booked Guest');
    const appointmentId = randomUUID();
    const request = {
      appointmentId,
      customerId: customer.id,
      amountPaise: 349_900,
      description: 'Swedish Massage, 60 min',
    };
    const created = await world.call(null, 'POST', '/internal/payments', request);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      providerOrderId: expect.stringMatching(/^order_/),
      amount: 349_900,
      currency: 'INR',
      keyId: testRazorpayKeys.keyId,
    });
    const [again, parallel] = await Promise.all([
      world.call(null, 'POST', '/internal/payments', request),
      world.call(null, 'POST', '/internal/payments', request),
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());
    expect(parallel.json()).toEqual(created.json());
    expect(await world.provider(`/orders/${created.json().providerOrderId}`)).toMatchObject({
      amount: 349_900,
    });

    const otherAmount = await world.call(null, 'POST', '/internal/payments', {
      ...request,
      amountPaise: 100_000,
    });
    expect(otherAmount.statusCode).toBe(409);
    const bad = await world.call(null, 'POST', '/internal/payments', {
      appointmentId,
      customerId: customer.id,
      amountPaise: 10.5,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('verifies an appointment payment without asking booking: success with what commerce knows, and the event', async () => {
    const customer = await world.customer('Spa Guest');
    const appointmentId = randomUUID();
    const { providerOrderId } = (
      await world.call(null, 'POST', '/internal/payments', {
        appointmentId,
        customerId: customer.id,
        amountPaise: 250_000,
      })
    ).json();
    const paid = await pay(providerOrderId);
    const response = await verify(customer, { ...paid });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Payment verified successfully',
      appointment: {
        _id: appointmentId,
        paymentMethod: 'online',
        paymentStatus: 'Paid',
        paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        providerOrderId,
        providerPaymentId: paid.razorpay_payment_id,
      },
    });
    const [captured] = await eventsFor(appointmentId);
    expect(captured).toMatchObject({
      type: 'commerce.payment.captured',
      payload: {
        purpose: 'appointment',
        appointmentId,
        orderId: '',
        customerId: customer.id,
        amountPaise: 250_000n,
        providerPaymentId: paid.razorpay_payment_id,
      },
    });
    expect((await verify(customer, { ...paid })).json()).toEqual(response.json());
    expect(await eventsFor(appointmentId)).toHaveLength(1);
  });

  it('paid after the hold: no confirmation, a clear 409, the payment still captured', async () => {
    const customer = await world.customer('Late Guest');
    const appointmentId = randomUUID();
    const within = randomUUID();
    const order = async (id: string, payableUntil: Date) =>
      (
        await world.call(null, 'POST', '/internal/payments', {
          appointmentId: id,
          customerId: customer.id,
          amountPaise: 150_000,
          payableUntil: payableUntil.toISOString(),
        })
      ).json().providerOrderId as string;
    const late = await pay(await order(appointmentId, new Date(Date.now() - 60_000)));
    const inTime = await pay(await order(within, new Date(Date.now() + 10 * 60_000)));

    const response = await verify(customer, { ...late });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'BOOKING_NOT_CONFIRMED',
      message:
        "Your payment was received after this booking's hold ran out. We will email you when it is confirmed, or refund your payment in full if its time was taken.",
      details: [{ field: 'appointmentId', message: appointmentId }],
    });
    // Captured all the same: booking hears of it from the event and confirms or refunds it.
    expect(await eventsFor(appointmentId)).toHaveLength(1);
    expect((await verify(customer, { ...late })).statusCode).toBe(409);
    // Paid while the hold ran: booking accepts it for sure, so the page may say so.
    const confirmed = await verify(customer, { ...inTime });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      success: true,
      appointment: { _id: within, paymentStatus: 'Paid' },
    });
    const bad = await world.call(null, 'POST', '/internal/payments', {
      appointmentId: randomUUID(),
      customerId: customer.id,
      amountPaise: 150_000,
      payableUntil: 'soon',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /payments/config', () => {
  it('tells the page which key and checkout script to use', async () => {
    const response = await world.call(null, 'GET', '/payments/config');
    expect(response.json()).toEqual({
      keyId: testRazorpayKeys.keyId,
      checkoutUrl: `${world.sandbox!.url}/v1/checkout.js`,
      enabled: true,
    });
  });
});

describe('the payment hold', () => {
  it('cancels an unpaid order past its hold and releases its stock; a paid one the provider knows is captured instead', async () => {
    const unpaid = await onlineOrder('Never Paid', 3);
    const paidLate = await onlineOrder('Paid Quietly', 2);
    // Paid at the provider, but neither the page nor a webhook reached commerce.
    const quietPayment = await pay(paidLate.providerOrderId);
    const stockBefore = await world.catalogue.productStock(lavender._id);

    const result = await sweepOnce(world.deps, new Date(Date.now() + 16 * 60_000));
    expect(result.deferred).toBe(0);
    expect(result.captured).toBeGreaterThanOrEqual(1);
    expect(result.expired).toBeGreaterThanOrEqual(1);

    expect(await orderRow(unpaid.order._id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'payment_expired',
    });
    expect(await world.catalogue.productStock(lavender._id)).toBeGreaterThanOrEqual(stockBefore + 3);
    expect(await orderRow(paidLate.order._id)).toMatchObject({ status: 'paid', isPaid: true });
    const [payment] = await world.deps.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, paidLate.order._id));
    expect(payment).toMatchObject({
      status: 'captured',
      providerPaymentId: quietPayment.razorpay_payment_id,
    });

    // Paying the cancelled order afterwards is recorded as due for a refund, and the order stays cancelled.
    const tooLate = await pay(unpaid.providerOrderId);
    const answer = await verify(unpaid.customer, { ...tooLate });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('ORDER_CANCELLED');
    const [refund] = await world.deps.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, unpaid.order._id));
    expect(refund).toMatchObject({ status: 'captured', refundDue: true });
    expect((await orderRow(unpaid.order._id)).status).toBe('cancelled');
  });
});

describe('GET /internal/stats', () => {
  it('refuses unsigned internal calls and callers the route does not allow (401)', async () => {
    const attempts = [
      { method: 'GET' as const, url: '/internal/stats', headers: {} },
      {
        method: 'GET' as const,
        url: '/internal/stats',
        headers: await serviceCallHeaders('booking', 'commerce'),
      },
      { method: 'POST' as const, url: '/internal/payments', headers: {} },
      {
        method: 'POST' as const,
        url: '/internal/payments',
        headers: await serviceCallHeaders('gateway', 'commerce'),
      },
    ];
    for (const attempt of attempts) {
      const response = await world.app.inject({
        ...attempt,
        payload:
          attempt.method === 'POST' ? { appointmentId: 'x', customerId: 'y', amountPaise: 100 } : undefined,
      });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
      expect(response.json()).toEqual({
        message: 'This internal route needs a valid service credential.',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('counts placed orders and the revenue of paid ones, with growth against last month', async () => {
    const all: OrderJson[] = (await world.call(world.admin, 'GET', '/orders/admin/all')).json();
    const live = all.filter((order) => order.status !== 'cancelled');
    const revenue =
      all.filter((order) => order.isPaid).reduce((sum, order) => sum + order.totalPrice * 100, 0) / 100;
    const stats = (await world.call(null, 'GET', '/internal/stats')).json();
    expect(stats).toEqual({ totalOrders: live.length, revenue, growthRate: 100 });

    // Move one paid order into last month: this month against last month is then a real ratio.
    const moved = all.find((order) => order.isPaid)!;
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    lastMonth.setUTCDate(15);
    await world.deps.db.update(orders).set({ paidAt: lastMonth }).where(eq(orders.id, moved._id));
    const thisMonth = revenue - moved.totalPrice;
    const expected = Math.round(((thisMonth - moved.totalPrice) / moved.totalPrice) * 1000) / 10;
    expect((await world.call(null, 'GET', '/internal/stats')).json()).toEqual({
      totalOrders: live.length,
      revenue,
      growthRate: expected,
    });
  });
});
