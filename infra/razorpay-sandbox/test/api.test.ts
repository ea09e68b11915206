import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpaySandbox, type RazorpaySandbox } from '../src/index.js';
import { SECRETS, sdkFor } from './support/razorpay.js';

const ORDER_ID = /^order_[0-9A-Za-z]{14}$/;
const PAYMENT_ID = /^pay_[0-9A-Za-z]{14}$/;

let sandbox: RazorpaySandbox;

beforeAll(async () => {
  sandbox = await startRazorpaySandbox({ ...SECRETS });
});
afterAll(() => sandbox.close());

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; error: { code: string; description: string; field?: string } };
  }
  throw new Error('the sandbox accepted what it should have refused');
}

describe('orders through the real razorpay SDK', () => {
  it('creates an order shaped like Razorpay’s and fetches it back', async () => {
    const razorpay = sdkFor(sandbox.url);

    const created = await razorpay.orders.create({
      amount: 129_900,
      currency: 'INR',
      receipt: 'order-rcpt-1',
      notes: { orderId: 'our-order-1' },
    });

    expect(created).toMatchObject({
      entity: 'order',
      amount: 129_900,
      amount_paid: 0,
      amount_due: 129_900,
      currency: 'INR',
      receipt: 'order-rcpt-1',
      status: 'created',
      attempts: 0,
      notes: { orderId: 'our-order-1' },
    });
    expect(created.id).toMatch(ORDER_ID);
    expect(created.created_at).toBeCloseTo(Date.now() / 1000, -1);
    expect(await razorpay.orders.fetch(created.id)).toEqual(created);
  });

  it('lists an order’s payments newest first and marks the order paid after a captured one', async () => {
    const razorpay = sdkFor(sandbox.url);
    const order = await razorpay.orders.create({ amount: 50_000, currency: 'INR' });
    expect(await razorpay.orders.fetchPayments(order.id)).toEqual({
      entity: 'collection',
      count: 0,
      items: [],
    });

    const failed = await sandbox.pay(order.id, 'failed');
    expect(await razorpay.orders.fetch(order.id)).toMatchObject({ status: 'attempted', attempts: 1 });
    const paid = await sandbox.pay(order.id);

    const payments = await razorpay.orders.fetchPayments(order.id);
    expect(payments.count).toBe(2);
    expect(payments.items.map((payment) => payment.status)).toEqual(['captured', 'failed']);
    expect(payments.items[0]!.id).toBe('razorpay_payment_id' in paid ? paid.razorpay_payment_id : '');
    expect(payments.items[1]!.id).toBe('error' in failed ? failed.error.metadata.payment_id : '');
    expect(await razorpay.orders.fetch(order.id)).toMatchObject({
      status: 'paid',
      attempts: 2,
      amount_paid: 50_000,
      amount_due: 0,
    });
  });

  it('fetches a captured payment with the fields our services read', async () => {
    const razorpay = sdkFor(sandbox.url);
    const order = await razorpay.orders.create({
      amount: 75_050,
      currency: 'INR',
      notes: { purpose: 'order' },
    });
    const result = await sandbox.pay(order.id);
    if (!('razorpay_payment_id' in result)) throw new Error('expected a successful payment');

    const payment = await razorpay.payments.fetch(result.razorpay_payment_id);

    expect(payment.id).toMatch(PAYMENT_ID);
    expect(payment).toMatchObject({
      entity: 'payment',
      order_id: order.id,
      amount: 75_050,
      currency: 'INR',
      status: 'captured',
      captured: true,
      notes: { purpose: 'order' },
      error_code: null,
    });
  });

  it('captures an authorized payment of a manual-capture order once, and refuses a second capture', async () => {
    const razorpay = sdkFor(sandbox.url);
    const order = await razorpay.orders.create({
      amount: 20_000,
      currency: 'INR',
      payment: { capture: 'manual', capture_options: { manual_expiry_period: 20, refund_speed: 'normal' } },
    } as Parameters<typeof razorpay.orders.create>[0]);
    const result = await sandbox.pay(order.id);
    if (!('razorpay_payment_id' in result)) throw new Error('expected a successful payment');
    expect(await razorpay.payments.fetch(result.razorpay_payment_id)).toMatchObject({
      status: 'authorized',
      captured: false,
    });

    const wrongAmount = await refusal(razorpay.payments.capture(result.razorpay_payment_id, 100, 'INR'));
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.error.field).toBe('amount');

    const captured = await razorpay.payments.capture(result.razorpay_payment_id, 20_000, 'INR');
    expect(captured).toMatchObject({ status: 'captured', captured: true });
    expect(await razorpay.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_due: 0 });

    const again = await refusal(razorpay.payments.capture(result.razorpay_payment_id, 20_000, 'INR'));
    expect(again).toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'This payment has already been captured' },
    });
  });

  it('refuses a capture of an auto-captured payment', async () => {
    const razorpay = sdkFor(sandbox.url);
    const order = await razorpay.orders.create({ amount: 10_000, currency: 'INR' });
    const result = await sandbox.pay(order.id);
    if (!('razorpay_payment_id' in result)) throw new Error('expected a successful payment');

    const refused = await refusal(razorpay.payments.capture(result.razorpay_payment_id, 10_000, 'INR'));

    expect(refused.statusCode).toBe(400);
  });
});

describe('refusals in Razorpay’s error shape', () => {
  it('refuses a wrong key secret with 401 Authentication failed', async () => {
    const refused = await refusal(
      sdkFor(sandbox.url, 'not-the-secret').orders.create({ amount: 100, currency: 'INR' }),
    );

    expect(refused).toEqual({
      statusCode: 401,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Authentication failed',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
  });

  it('refuses a request without credentials or with a wrong key id', async () => {
    const anonymous = await fetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100, currency: 'INR' }),
    });
    const wrongKey = await fetch(`${sandbox.url}/v1/orders/order_00000000000000`, {
      headers: {
        authorization: `Basic ${Buffer.from(`rzp_test_other:${SECRETS.keySecret}`).toString('base64')}`,
      },
    });

    expect(anonymous.status).toBe(401);
    expect(wrongKey.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { description: 'Authentication failed' } });
  });

  it.each([
    [{ currency: 'INR' }, 'The amount field is required.', 'amount'],
    [{ amount: 99, currency: 'INR' }, 'The amount must be atleast INR 1.00', 'amount'],
    [{ amount: 100.5, currency: 'INR' }, 'The amount must be an integer.', 'amount'],
    [{ amount: 100, currency: 'USD' }, 'The currency is not supported by the sandbox; use INR.', 'currency'],
    [
      { amount: 100, currency: 'INR', receipt: 'r'.repeat(41) },
      'The receipt may not be greater than 40 characters.',
      'receipt',
    ],
    [
      { amount: 100, currency: 'INR', notes: { deep: { x: 1 } } },
      'The notes.deep must be a string or a number.',
      'notes',
    ],
  ])('refuses the order %j with a 400', async (body, description, field) => {
    const refused = await refusal(sdkFor(sandbox.url).orders.create(body as never));

    expect(refused).toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description, field },
    });
  });

  it('refuses fields Razorpay does not know', async () => {
    const refused = await refusal(
      sdkFor(sandbox.url).orders.create({ amount: 100, currency: 'INR', colour: 'red' } as never),
    );

    expect(refused.error.description).toBe('colour is/are not required and should not be sent');
  });

  it('answers an unknown order or payment id with a 400, as Razorpay does', async () => {
    const razorpay = sdkFor(sandbox.url);

    expect(await refusal(razorpay.orders.fetch('order_00000000000000'))).toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
    expect((await refusal(razorpay.payments.fetch('pay_00000000000000'))).statusCode).toBe(400);
    expect((await refusal(razorpay.orders.fetchPayments('order_00000000000000'))).statusCode).toBe(400);
  });

  it('answers malformed JSON and unknown paths with a 4xx, never a 5xx', async () => {
    const authorization = `Basic ${Buffer.from(`${SECRETS.keyId}:${SECRETS.keySecret}`).toString('base64')}`;
    const malformed = await fetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: '{"amount": ',
    });
    const unknownPath = await fetch(`${sandbox.url}/v1/refunds`, { headers: { authorization } });

    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
    expect(unknownPath.status).toBe(404);
  });
});
