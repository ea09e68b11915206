import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { eventually } from '@spa/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpaySandbox, type PaymentWebhookBody, type RazorpaySandbox } from '../src/index.js';
import { SECRETS, sdkFor, startWebhookReceiver, type ReceivedWebhook } from './support/razorpay.js';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

function parse(webhook: ReceivedWebhook): PaymentWebhookBody {
  return JSON.parse(webhook.rawBody) as PaymentWebhookBody;
}

describe('pay() and the signed payment webhooks', () => {
  let receiver: Receiver;
  let sandbox: RazorpaySandbox;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sandbox = await startRazorpaySandbox({ ...SECRETS, webhookUrl: receiver.url });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.received.length = 0;
  });

  it('returns what checkout hands the page, signed with the key secret, and sends payment.captured', async () => {
    const order = await sdkFor(sandbox.url).orders.create({
      amount: 249_900,
      currency: 'INR',
      notes: { appointmentId: 'apt-1' },
    });

    const result = await sandbox.pay(order.id);

    if (!('razorpay_payment_id' in result)) throw new Error('expected a successful payment');
    expect(result.razorpay_order_id).toBe(order.id);
    expect(
      validatePaymentVerification(
        { order_id: result.razorpay_order_id, payment_id: result.razorpay_payment_id },
        result.razorpay_signature,
        SECRETS.keySecret,
      ),
    ).toBe(true);
    expect(
      validatePaymentVerification(
        { order_id: result.razorpay_order_id, payment_id: result.razorpay_payment_id },
        result.razorpay_signature,
        'another secret',
      ),
    ).toBe(false);

    // pay() resolves after the first delivery attempt: the webhook is already here.
    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    expect(
      validateWebhookSignature(
        webhook!.rawBody,
        String(webhook!.headers['x-razorpay-signature']),
        SECRETS.webhookSecret,
      ),
    ).toBe(true);
    expect(webhook!.headers['content-type']).toBe('application/json');
    expect(webhook!.headers['x-razorpay-event-id']).toMatch(/^evt_[0-9A-Za-z]{14}$/);
    expect(parse(webhook!)).toMatchObject({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: result.razorpay_payment_id,
            order_id: order.id,
            amount: 249_900,
            currency: 'INR',
            status: 'captured',
            notes: { appointmentId: 'apt-1' },
          },
        },
      },
    });
  });

  it('returns the failure checkout hands payment.failed listeners and sends payment.failed', async () => {
    const order = await sdkFor(sandbox.url).orders.create({ amount: 10_000, currency: 'INR' });

    const result = await sandbox.pay(order.id, 'failed');

    if (!('error' in result)) throw new Error('expected a failed payment');
    expect(result.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      source: 'customer',
      step: 'payment_authentication',
      reason: 'payment_failed',
      metadata: { order_id: order.id },
    });
    expect(result.error.metadata.payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(receiver.received).toHaveLength(1);
    const body = parse(receiver.received[0]!);
    expect(body.event).toBe('payment.failed');
    expect(body.payload.payment.entity).toMatchObject({
      id: result.error.metadata.payment_id,
      order_id: order.id,
      status: 'failed',
      captured: false,
      error_reason: 'payment_failed',
    });
    expect(await sdkFor(sandbox.url).orders.fetch(order.id)).toMatchObject({ status: 'attempted' });
  });

  it('refuses to pay an order twice or an order that does not exist', async () => {
    const order = await sdkFor(sandbox.url).orders.create({ amount: 10_000, currency: 'INR' });
    await sandbox.pay(order.id);

    await expect(sandbox.pay(order.id)).rejects.toThrow('Order has already been paid.');
    await expect(sandbox.pay('order_00000000000000')).rejects.toThrow('The id provided does not exist');
    expect(receiver.received).toHaveLength(1);
  });
});

describe('webhook delivery when our endpoint is down or refuses', () => {
  it('retries a refused delivery with the same body, signature and event id', async () => {
    // The first two attempts get a 503, the third a 200.
    const receiver = await startWebhookReceiver((received) => (received.length < 3 ? 503 : 200));
    const sandbox = await startRazorpaySandbox({
      ...SECRETS,
      webhookUrl: receiver.url,
      webhookRetryDelaysMs: [50, 50, 50],
    });
    try {
      const order = await sdkFor(sandbox.url).orders.create({ amount: 10_000, currency: 'INR' });
      await sandbox.pay(order.id);

      await eventually(async () => expect(receiver.received).toHaveLength(3));
      const [first, ...retries] = receiver.received;
      for (const retry of retries) {
        expect(retry.rawBody).toBe(first!.rawBody);
        expect(retry.headers['x-razorpay-signature']).toBe(first!.headers['x-razorpay-signature']);
        expect(retry.headers['x-razorpay-event-id']).toBe(first!.headers['x-razorpay-event-id']);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });

  it('still completes the payment when nothing listens at the webhook URL', async () => {
    const receiver = await startWebhookReceiver();
    await receiver.close();
    const sandbox = await startRazorpaySandbox({
      ...SECRETS,
      webhookUrl: receiver.url,
      webhookRetryDelaysMs: [],
    });
    try {
      const order = await sdkFor(sandbox.url).orders.create({ amount: 10_000, currency: 'INR' });

      const result = await sandbox.pay(order.id);

      expect(result).toHaveProperty('razorpay_signature');
      expect(await sdkFor(sandbox.url).orders.fetch(order.id)).toMatchObject({ status: 'paid' });
    } finally {
      await sandbox.close();
    }
  });

  it('sends no webhook when no URL is configured', async () => {
    const sandbox = await startRazorpaySandbox({ ...SECRETS });
    try {
      const order = await sdkFor(sandbox.url).orders.create({ amount: 10_000, currency: 'INR' });
      expect(await sandbox.pay(order.id)).toHaveProperty('razorpay_payment_id');
    } finally {
      await sandbox.close();
    }
  });
});
