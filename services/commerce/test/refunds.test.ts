import { create } from '@bufbuild/protobuf';
import { identityV1 } from '@spa/proto';
import { eventually } from '@spa/kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, refunds } from '../src/db/schema.js';
import { userErased } from '../src/events/handlers/user-erased.handler.js';
import { recordRefund } from '../src/use-cases/refunds.js';
import { sweepOnce } from '../src/worker.js';
import {
  startCommerceWorld,
  type CommerceWorld,
  type Customer,
  type OrderJson,
} from './support/commerce-world.js';

/*
 * Refunds against the real sandbox through the real razorpay SDK, with the sandbox's own signed
 * webhooks coming back to commerce. The sandbox keeps each refund pending until a test settles it
 * (`sandbox.settleRefund`), which also awaits the refund webhook's first delivery.
 */
let world: CommerceWorld;
let rose: { _id: string; name: string; price: number };

beforeAll(async () => {
  world = await startCommerceWorld('refunds', { sandbox: true, refundProcessingMs: 600_000 });
  rose = await world.product({ name: 'Rose Oil', price: 1000, stock: 200 });
});
afterAll(async () => world?.close());

interface PaymentState {
  paymentId: string;
  status: string;
  amount: number;
  refunded: number;
  refundable: number;
  refunds: Array<{
    _id: string;
    amount: number;
    status: string;
    reason: string;
    providerRefundId: string | null;
  }>;
}

async function paidOrder(name: string, quantity = 1) {
  const { customer, order, providerOrderId } = await onlineOrder(name, quantity);
  const paid = await pay(providerOrderId);
  const verified = await world.verify(customer, paid);
  expect(verified.statusCode, verified.body).toBe(200);
  return { customer, order, paid };
}

const onlineOrder = (name: string, quantity?: number) => world.onlineOrder(rose._id, name, quantity);
const pay = (providerOrderId: string) => world.pay(providerOrderId);

function refund(orderId: string, body: object = {}, options: { key?: string; as?: Customer } = {}) {
  return world.app.inject({
    method: 'POST',
    url: `/orders/${orderId}/refund`,
    headers: {
      authorization: `Bearer ${(options.as ?? world.admin).token}`,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload: body,
  });
}

async function stateOf(orderId: string, as: Customer = world.admin): Promise<PaymentState> {
  const response = await world.call(as, 'GET', `/orders/${orderId}/refunds`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const providerRefunds = async (providerPaymentId: string) =>
  (await world.provider(`/payments/${providerPaymentId}/refunds`)) as { count: number; items: unknown[] };

const eventsOf = async (type: string, key: string) =>
  (await world.published(type)).filter((event) => event.key === key);

describe('admin refunds of a paid order', () => {
  it('refunds in full: pending until the provider confirms, then Refunded, with one event', async () => {
    const { customer, order, paid } = await paidOrder('Full Refund', 2);

    const response = await refund(order._id, { note: 'Damaged in transit' });

    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.refund).toMatchObject({ amount: 2000, status: 'pending', reason: 'admin' });
    expect(body.refund.providerRefundId).toMatch(/^rfnd_/);
    // Not yet confirmed by the provider: still Paid, but nothing is left to refund.
    expect(body.payment).toMatchObject({ status: 'Paid', amount: 2000, refunded: 0, refundable: 0 });

    await world.sandbox!.settleRefund(body.refund.providerRefundId);

    await eventually(async () =>
      expect(await stateOf(order._id, customer)).toMatchObject({
        status: 'Refunded',
        refunded: 2000,
        refundable: 0,
        refunds: [{ status: 'processed', amount: 2000 }],
      }),
    );
    const [event] = await eventsOf('commerce.payment.refunded', order._id);
    expect(await eventsOf('commerce.payment.refunded', order._id)).toHaveLength(1);
    expect(event!.payload).toMatchObject({
      purpose: 'order',
      orderId: order._id,
      customerId: customer.id,
      customerEmail: customer.email,
      customerName: 'Full Refund',
      description: `Order ${order._id.slice(0, 8).toUpperCase()}`,
      amountPaise: 200_000n,
      refundedTotalPaise: 200_000n,
      capturedPaise: 200_000n,
      paymentStatus: 'refunded',
      providerPaymentId: paid.razorpay_payment_id,
      providerRefundId: body.refund.providerRefundId,
      reason: 'admin',
    });
    expect(await world.provider(`/payments/${paid.razorpay_payment_id}`)).toMatchObject({
      status: 'refunded',
      amount_refunded: 200_000,
    });
  });

  it('refunds in parts, never more than is left, and says Partially refunded in between', async () => {
    const { order } = await paidOrder('Part Refund', 3);

    const first = await refund(order._id, { amount: 500.5 });
    expect(first.statusCode, first.body).toBe(201);
    await world.sandbox!.settleRefund(first.json().refund.providerRefundId);
    await eventually(async () =>
      expect(await stateOf(order._id)).toMatchObject({
        status: 'Partially refunded',
        refunded: 500.5,
        refundable: 2499.5,
      }),
    );

    const tooMuch = await refund(order._id, { amount: 2499.51 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_EXCEEDS_CAPTURED',
      message: 'A refund can be at most ₹2,499.50, what is left of the ₹3,000.00 paid',
    });
    for (const [amount, message] of [
      [0.5, 'A refund must be at least ₹1'],
      [10.005, 'The amount can have at most two decimals'],
    ] as const) {
      const bad = await refund(order._id, { amount });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }

    const rest = await refund(order._id, {});
    expect(rest.json().refund.amount).toBe(2499.5);
    await world.sandbox!.settleRefund(rest.json().refund.providerRefundId);
    await eventually(async () =>
      expect(await stateOf(order._id)).toMatchObject({ status: 'Refunded', refunded: 3000, refundable: 0 }),
    );
    const done = await refund(order._id, { amount: 1 });
    expect(done.statusCode).toBe(422);
    expect(done.json().message).toBe('This payment has been refunded in full already');
    const events = await eventsOf('commerce.payment.refunded', order._id);
    expect(events.map((event) => event.payload.paymentStatus)).toEqual(['partially_refunded', 'refunded']);
  });

  it('refunds once however often a request is retried (one key, at once or one after another)', async () => {
    const { order, paid } = await paidOrder('Retry Refund', 1);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => refund(order._id, { amount: 200 }, { key: 'dialog-42' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().refund._id)).size).toBe(1);
    const again = await refund(order._id, { amount: 200 }, { key: 'dialog-42' });
    expect(again.statusCode).toBe(200);

    // Without a key, the same amount again within a minute is a double submit, not a second refund.
    const noKey = await refund(order._id, { amount: 300 });
    const doubleSubmit = await refund(order._id, { amount: 300 });
    expect(doubleSubmit.statusCode).toBe(200);
    expect(doubleSubmit.json().refund._id).toBe(noKey.json().refund._id);

    expect((await providerRefunds(paid.razorpay_payment_id)).count).toBe(2);
    expect((await stateOf(order._id)).refunds).toHaveLength(2);
  });

  it('records a refund the provider fails: refund_failed once, the payment still Paid and refundable again', async () => {
    const { order, paid } = await paidOrder('Failed Refund', 1);
    world.sandbox!.failRefundsOf(paid.razorpay_payment_id);

    const response = await refund(order._id, {});
    expect(response.statusCode).toBe(201);
    await world.sandbox!.settleRefund(response.json().refund.providerRefundId);

    await eventually(async () =>
      expect(await stateOf(order._id)).toMatchObject({
        status: 'Paid',
        refunded: 0,
        refundable: 1000,
        refunds: [{ status: 'failed' }],
      }),
    );
    const failed = await eventsOf('commerce.payment.refund_failed', order._id);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.payload).toMatchObject({
      amountPaise: 100_000n,
      reason: 'admin',
      failureReason: 'The payment provider could not process the refund',
    });
    expect(await eventsOf('commerce.payment.refunded', order._id)).toEqual([]);

    // The admin tries again and this time it goes through.
    const retry = await refund(order._id, {}, { key: 'second-try' });
    await world.sandbox!.settleRefund(retry.json().refund.providerRefundId);
    await eventually(async () => expect((await stateOf(order._id)).status).toBe('Refunded'));
  });

  it('lets no customer refund, shows a customer only their own payment, and refuses unpaid or COD orders', async () => {
    const { customer, order } = await paidOrder('Honest Customer', 1);
    const other = await world.customer('Nosy Neighbour');

    const asCustomer = await refund(order._id, {}, { as: customer });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await world.call(null, 'POST', `/orders/${order._id}/refund`, {});
    expect(anonymous.statusCode).toBe(401);
    expect((await world.call(other, 'GET', `/orders/${order._id}/refunds`)).statusCode).toBe(404);
    expect((await stateOf(order._id, customer)).refunds).toEqual([]);

    const unpaid = await onlineOrder('Not Yet Paid', 1);
    const notCaptured = await refund(unpaid.order._id, {});
    expect(notCaptured.statusCode).toBe(422);
    expect(notCaptured.json().code).toBe('PAYMENT_NOT_CAPTURED');

    const unknown = await refund('00000000-0000-4000-8000-000000000000', {});
    expect(unknown.statusCode).toBe(404);
    const badId = await refund('not-a-uuid', {});
    expect(badId.statusCode).toBe(400);
    const extra = await refund(order._id, { amount: 10, currency: 'USD' });
    expect(extra.statusCode).toBe(400);
  });
});

describe('refund amounts no number can hold', () => {
  /** Raw JSON text: JSON.stringify cannot write 1e309, which JSON.parse reads as Infinity. */
  const rawRefund = (url: string, payload: string) =>
    world.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${world.admin.token}`, 'content-type': 'application/json' },
      payload,
    });

  it('answers 400 on both refund routes for an infinite or huge amount, and refunds nothing', async () => {
    const { order, paid } = await paidOrder('Infinite Refund', 1);
    const customer = await world.customer('Infinite Guest');
    const appointmentId = crypto.randomUUID();
    const created = await world.call(null, 'POST', '/internal/payments', {
      appointmentId,
      customerId: customer.id,
      amountPaise: 250_000,
    });
    const appointmentPaid = await pay(created.json().providerOrderId);
    expect((await world.verify(customer, appointmentPaid)).statusCode).toBe(200);

    for (const url of [`/orders/${order._id}/refund`, `/orders/appointment-payments/${appointmentId}/refund`])
      for (const amount of ['1e309', '-1e309', '1e300', String(2 ** 53 + 1)]) {
        const response = await rawRefund(url, `{"amount":${amount}}`);
        expect(response.statusCode, `${url} ${amount}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'amount' }] });
      }

    expect((await stateOf(order._id)).refunds).toEqual([]);
    expect((await providerRefunds(paid.razorpay_payment_id)).count).toBe(0);
    expect((await providerRefunds(appointmentPaid.razorpay_payment_id)).count).toBe(0);
  });
});

describe('automatic refunds', () => {
  it('refunds a payment that arrives after the order was cancelled, and answers 409 ORDER_CANCELLED', async () => {
    const late = await onlineOrder('Late Payer', 2);
    await sweepOnce(world.deps, new Date(Date.now() + 16 * 60_000));
    expect((await world.call(late.customer, 'GET', `/orders/${late.order._id}`)).json().status).toBe(
      'cancelled',
    );

    const paid = await pay(late.providerOrderId);
    // The page, a reload and the provider's webhook all at once: one capture, one refund.
    const [answer, ...others] = await Promise.all([
      world.call(late.customer, 'POST', '/orders/verify-payment', { ...paid }),
      world.call(late.customer, 'POST', '/orders/verify-payment', { ...paid }),
      world.call(late.customer, 'POST', '/orders/verify-payment', { ...paid }),
    ]);

    expect(others.map((other) => other.statusCode)).toEqual([409, 409]);
    expect(answer!.statusCode).toBe(409);
    expect(answer!.json()).toEqual({
      code: 'ORDER_CANCELLED',
      message: 'This order was cancelled before your payment arrived; your payment is being refunded in full',
      details: [{ field: 'orderId', message: late.order._id }],
    });
    // Verified again (a reload, the webhook): still 409, still one refund.
    const again = await world.call(late.customer, 'POST', '/orders/verify-payment', { ...paid });
    expect(again.statusCode).toBe(409);
    const provider = await providerRefunds(paid.razorpay_payment_id);
    expect(provider.count).toBe(1);
    const state = await stateOf(late.order._id, late.customer);
    expect(state).toMatchObject({
      refundable: 0,
      refunds: [{ amount: 2000, status: 'pending', reason: 'late_payment' }],
    });

    await world.sandbox!.settleRefund(state.refunds[0]!.providerRefundId!);
    await eventually(async () => expect((await stateOf(late.order._id)).status).toBe('Refunded'));
    expect((await world.call(late.customer, 'GET', `/orders/${late.order._id}`)).json()).toMatchObject({
      status: 'cancelled',
      isPaid: false,
    });
  });

  it('sends a refund recorded before a crash, and finds one whose answer was lost instead of refunding twice', async () => {
    const { order, paid } = await paidOrder('Crash Course', 1);
    const [payment] = await world.deps.db.select().from(payments).where(eq(payments.orderId, order._id));

    // Recorded, then the process "died" before the provider was asked.
    const recorded = await world.deps.db.transaction((tx) =>
      recordRefund(tx, payment!.id, { reason: 'admin', idempotencyKey: 'crash-1', amountPaise: 10_000 }),
    );
    // Recorded and sent, but the provider's answer never came back.
    const lost = await world.deps.db.transaction((tx) =>
      recordRefund(tx, payment!.id, { reason: 'admin', idempotencyKey: 'crash-2', amountPaise: 20_000 }),
    );
    await world.deps.provider.refundPayment(paid.razorpay_payment_id, {
      amountPaise: 20_000,
      receipt: lost!.refund.id,
      notes: {},
    });
    await world.deps.db.update(refunds).set({ attempts: 1 }).where(eq(refunds.id, lost!.refund.id));

    const result = await sweepOnce(world.deps, new Date(Date.now() + 2 * 60_000));

    expect(result.refunds).toBe(2);
    const provider = await providerRefunds(paid.razorpay_payment_id);
    expect(provider.count).toBe(2);
    const rows = await world.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'pending']);
    expect(rows.find((row) => row.id === recorded!.refund.id)!.providerRefundId).toMatch(/^rfnd_/);
  });

  it('nets refunds of paid orders out of the admin stats’ revenue', async () => {
    const before = (await world.call(null, 'GET', '/internal/stats')).json();
    const { order } = await paidOrder('Stats Refund', 1);
    const afterPaid = (await world.call(null, 'GET', '/internal/stats')).json();
    expect(afterPaid.revenue).toBe(before.revenue + 1000);

    const response = await refund(order._id, { amount: 400 });
    await world.sandbox!.settleRefund(response.json().refund.providerRefundId);
    await eventually(async () =>
      expect((await world.call(null, 'GET', '/internal/stats')).json().revenue).toBe(before.revenue + 600),
    );
  });

  it('cancels a leaving customer’s paid, undelivered order and refunds it in full once (identity.user.erased)', async () => {
    const { customer, order, paid } = await paidOrder('Leaving Payer', 2);
    const stockWhilePaid = await world.catalogue.productStock(rose._id);
    const erased = create(identityV1.UserErasedSchema, {
      userId: customer.id,
      email: customer.email,
      phone: '',
      reason: 'self',
    });
    const meta = {
      id: `erased-${customer.id}`,
      type: 'identity.user.erased',
      aggregateId: customer.id,
      occurredAt: new Date(),
      producer: 'identity',
      topic: 'identity.user-erasure.v1',
      partition: 0,
      offset: '0',
    };
    const handle = userErased(world.deps);
    // Handled twice (a redelivery that got past the inbox): still one cancellation and one refund.
    for (let run = 0; run < 2; run++) await world.deps.db.transaction((tx) => handle(tx, erased, meta));

    const [kept] = await world.deps.db.select().from(orders).where(eq(orders.id, order._id));
    expect(kept).toMatchObject({ status: 'cancelled', userName: 'Erased', userEmail: '', shipPhone: '' });
    expect(await world.catalogue.productStock(rose._id)).toBe(stockWhilePaid + 2);
    // Recorded in the consumer's transaction; the sweeper's next pass asks the provider.
    await sweepOnce(world.deps, new Date(Date.now() + 2 * 60_000));
    const provider = await providerRefunds(paid.razorpay_payment_id);
    expect(provider.count).toBe(1);
    const state = await stateOf(order._id);
    expect(state).toMatchObject({
      refundable: 0,
      refunds: [{ amount: 2000, status: 'pending', reason: 'order_cancelled' }],
    });
    await world.sandbox!.settleRefund(state.refunds[0]!.providerRefundId!);
    await eventually(async () => expect((await stateOf(order._id)).status).toBe('Refunded'));
  });
});

describe('when the refund webhook never comes', () => {
  let quiet: CommerceWorld;
  beforeAll(async () => {
    quiet = await startCommerceWorld('refundpoll', {
      sandbox: true,
      webhooks: false,
      refundProcessingMs: 600_000,
    });
  });
  afterAll(async () => quiet?.close());

  it('asks the provider about a pending refund on the sweeper’s pass and settles it once', async () => {
    const lotion = await quiet.product({ name: 'Aloe Lotion', price: 300, stock: 5 });
    const customer = await quiet.customer('Quiet Customer');
    const address = await quiet.address(customer);
    await quiet.addToCart(customer, lotion._id, 1);
    const placed = await quiet.call(customer, 'POST', '/orders', {
      paymentMethod: 'ONLINE',
      shippingAddress: { _id: address._id },
    });
    const { order, razorpayOrder } = placed.json() as { order: OrderJson; razorpayOrder: { id: string } };
    const paid = await quiet.sandbox!.pay(razorpayOrder.id);
    expect((await quiet.call(customer, 'POST', '/orders/verify-payment', { ...paid })).statusCode).toBe(200);

    const response = await quiet.call(quiet.admin, 'POST', `/orders/${order._id}/refund`, {});
    expect(response.statusCode).toBe(201);
    await quiet.sandbox!.settleRefund(response.json().refund.providerRefundId);
    // Processed at the provider, but commerce was not told.
    expect((await quiet.call(quiet.admin, 'GET', `/orders/${order._id}/refunds`)).json().status).toBe('Paid');

    const early = await sweepOnce(quiet.deps, new Date());
    expect(early.refunds).toBe(0);
    const later = await sweepOnce(quiet.deps, new Date(Date.now() + 2 * 60_000));
    expect(later.refunds).toBe(1);
    expect((await quiet.call(quiet.admin, 'GET', `/orders/${order._id}/refunds`)).json()).toMatchObject({
      status: 'Refunded',
      refunded: 300,
    });
    await sweepOnce(quiet.deps, new Date(Date.now() + 4 * 60_000));
    const events = (await quiet.published('commerce.payment.refunded')).filter(
      (event) => event.key === order._id,
    );
    expect(events).toHaveLength(1);
  });
});
