import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { eventually } from '@spa/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAIL_REFUND_NOTE,
  startRazorpaySandbox,
  type RazorpaySandbox,
  type RefundWebhookBody,
} from '../src/index.js';
import { SECRETS, sdkFor, startWebhookReceiver } from './support/razorpay.js';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const REFUND_ID = /^rfnd_[0-9A-Za-z]{14}$/;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; error: { code: string; description: string; field?: string } };
  }
  throw new Error('the sandbox accepted what it should have refused');
}

describe('refunds through the real razorpay SDK', () => {
  let receiver: Receiver;
  let sandbox: RazorpaySandbox;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // A long processing time: each test settles its refunds itself, so nothing races the assertions.
    sandbox = await startRazorpaySandbox({
      ...SECRETS,
      webhookUrl: receiver.url,
      refundProcessingMs: 60_000,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.received.length = 0;
  });

  async function capturedPayment(amount = 100_000): Promise<string> {
    const order = await sdkFor(sandbox.url).orders.create({ amount, currency: 'INR' });
    const result = await sandbox.pay(order.id);
    if (!('razorpay_payment_id' in result)) throw new Error('expected a payment');
    receiver.received.length = 0;
    return result.razorpay_payment_id;
  }

  const refundWebhooks = () =>
    receiver.received
      .map((webhook) => ({ webhook, body: JSON.parse(webhook.rawBody) as RefundWebhookBody }))
      .filter(({ body }) => body.event.startsWith('refund.'));

  it('refunds a payment in full: pending, then processed with a signed refund.processed webhook', async () => {
    const razorpay = sdkFor(sandbox.url);
    const paymentId = await capturedPayment(100_000);

    const refund = await razorpay.payments.refund(paymentId, {
      notes: { reason: 'appointment_cancelled' },
      receipt: 'refund-key-1',
    });

    expect(refund).toMatchObject({
      entity: 'refund',
      amount: 100_000,
      currency: 'INR',
      payment_id: paymentId,
      status: 'pending',
      receipt: 'refund-key-1',
      notes: { reason: 'appointment_cancelled' },
    });
    expect(refund.id).toMatch(REFUND_ID);
    expect(await razorpay.payments.fetch(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 100_000,
      refund_status: 'full',
    });

    const settled = await sandbox.settleRefund(refund.id);
    expect(settled.status).toBe('processed');
    expect(settled.acquirer_data.arn).toMatch(/^\d{12}$/);
    expect(await razorpay.refunds.fetch(refund.id)).toMatchObject({ id: refund.id, status: 'processed' });

    const [delivered] = refundWebhooks();
    expect(refundWebhooks()).toHaveLength(1);
    expect(
      validateWebhookSignature(
        delivered!.webhook.rawBody,
        String(delivered!.webhook.headers['x-razorpay-signature']),
        SECRETS.webhookSecret,
      ),
    ).toBe(true);
    expect(delivered!.body).toMatchObject({
      entity: 'event',
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { id: refund.id, amount: 100_000, status: 'processed', payment_id: paymentId } },
        payment: { entity: { id: paymentId, status: 'refunded', amount_refunded: 100_000 } },
      },
    });
  });

  it('refunds in parts, lists them newest first and refuses more than is left', async () => {
    const razorpay = sdkFor(sandbox.url);
    const paymentId = await capturedPayment(100_000);

    const first = await razorpay.payments.refund(paymentId, { amount: 30_000 });
    expect(await razorpay.payments.fetch(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 30_000,
      refund_status: 'partial',
    });
    const tooMuch = await refusal(razorpay.payments.refund(paymentId, { amount: 70_001 }));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'amount' });
    expect(tooMuch.error.description).toMatch(/greater than amount captured/);

    const second = await razorpay.payments.refund(paymentId, { amount: 70_000 });
    const again = await refusal(razorpay.payments.refund(paymentId, { amount: 100 }));
    expect(again.error.description).toBe('The payment has been fully refunded already');

    const list = await razorpay.payments.fetchMultipleRefund(paymentId);
    expect(list).toMatchObject({ entity: 'collection', count: 2 });
    expect(list.items.map((refund: { id: string }) => refund.id)).toEqual([second.id, first.id]);
    expect(await razorpay.payments.fetchRefund(paymentId, first.id)).toMatchObject({ amount: 30_000 });
    // The SDK's typings leave payment_id out of refunds.all, though its code sends it.
    const all = razorpay.refunds.all as unknown as (params: { payment_id: string }) => Promise<unknown>;
    expect(await all({ payment_id: paymentId })).toMatchObject({ count: 2 });
  });

  it('fails a refund when asked to, gives its amount back and sends refund.failed', async () => {
    const razorpay = sdkFor(sandbox.url);
    const paymentId = await capturedPayment(50_000);
    sandbox.failRefundsOf(paymentId);

    const refund = await razorpay.payments.refund(paymentId, { amount: 20_000 });
    const settled = await sandbox.settleRefund(refund.id);

    expect(settled.status).toBe('failed');
    expect(await razorpay.payments.fetch(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
      refund_status: null,
    });
    expect(refundWebhooks().map(({ body }) => body.event)).toEqual(['refund.failed']);

    // Only the next refund was made to fail; the one after goes through.
    const retry = await razorpay.payments.refund(paymentId, { amount: 50_000 });
    expect((await sandbox.settleRefund(retry.id)).status).toBe('processed');
  });

  it('fails a refund sent with the failing note, and over the test-only HTTP control', async () => {
    const razorpay = sdkFor(sandbox.url);
    const paymentId = await capturedPayment(50_000);
    const noted = await razorpay.payments.refund(paymentId, { notes: { [FAIL_REFUND_NOTE]: 'failed' } });
    expect((await sandbox.settleRefund(noted.id)).status).toBe('failed');

    const control = await fetch(`${sandbox.url}/v1/sandbox/payments/${paymentId}/fail-refunds`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SECRETS.keyId}:${SECRETS.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ count: 1 }),
    });
    expect(control.status).toBe(200);
    const controlled = await razorpay.payments.refund(paymentId, {});
    expect((await sandbox.settleRefund(controlled.id)).status).toBe('failed');
  });

  it('refuses refunds of unknown, failed or uncaptured payments and bad amounts', async () => {
    const razorpay = sdkFor(sandbox.url);
    const unknown = await refusal(razorpay.payments.refund('pay_00000000000000', {}));
    expect(unknown).toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });

    const order = await razorpay.orders.create({ amount: 10_000, currency: 'INR' });
    const failed = await sandbox.pay(order.id, 'failed');
    if (!('error' in failed)) throw new Error('expected a failed payment');
    const notCaptured = await refusal(razorpay.payments.refund(failed.error.metadata.payment_id, {}));
    expect(notCaptured.error.description).toBe('Only captured payments can be refunded');

    const paymentId = await capturedPayment(10_000);
    const fraction = await refusal(razorpay.payments.refund(paymentId, { amount: 10.5 }));
    expect(fraction.error).toMatchObject({ field: 'amount', description: 'The amount must be an integer.' });
    const tiny = await refusal(razorpay.payments.refund(paymentId, { amount: 99 }));
    expect(tiny.error.description).toBe('The amount must be atleast INR 1.00');
    const unknownRefund = await refusal(razorpay.refunds.fetch('rfnd_00000000000000'));
    expect(unknownRefund.statusCode).toBe(400);
    const noAuth = await fetch(`${sandbox.url}/v1/payments/${paymentId}/refund`, { method: 'POST' });
    expect(noAuth.status).toBe(401);
  });
});

describe('refund processing on its own timer', () => {
  it('processes a pending refund after refundProcessingMs and sends its webhook', async () => {
    const receiver = await startWebhookReceiver();
    const sandbox = await startRazorpaySandbox({
      ...SECRETS,
      webhookUrl: receiver.url,
      refundProcessingMs: 30,
    });
    try {
      const razorpay = sdkFor(sandbox.url);
      const order = await razorpay.orders.create({ amount: 10_000, currency: 'INR' });
      const paid = await sandbox.pay(order.id);
      if (!('razorpay_payment_id' in paid)) throw new Error('expected a payment');

      const refund = await razorpay.payments.refund(paid.razorpay_payment_id, {});

      await eventually(async () =>
        expect(await razorpay.refunds.fetch(refund.id)).toMatchObject({ status: 'processed' }),
      );
      await eventually(async () =>
        expect(receiver.received.map((webhook) => JSON.parse(webhook.rawBody).event)).toContain(
          'refund.processed',
        ),
      );
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });
});
