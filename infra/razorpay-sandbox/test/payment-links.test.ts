import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startRazorpaySandbox,
  type PaymentLinkWebhookBody,
  type PaymentWebhookBody,
  type RazorpayPaymentLink,
  type RazorpaySandbox,
} from '../src/index.js';
import { launchChromium } from './support/browser.js';
import { SECRETS, sdkFor, startWebhookReceiver } from './support/razorpay.js';

const LINK_ID = /^plink_[0-9A-Za-z]{14}$/;

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let sandbox: RazorpaySandbox;
let sequence = 0;

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

/** A reference id of its own for every link: Razorpay refuses one used before, by any link. */
function referenceId(): string {
  sequence += 1;
  return `sale-${process.pid}-${sequence}`;
}

async function createLink(overrides: Record<string, unknown> = {}): Promise<RazorpayPaymentLink> {
  const link = await sdkFor(sandbox.url).paymentLink.create({
    amount: 149_900,
    currency: 'INR',
    reference_id: referenceId(),
    description: 'Counter sale · Deep tissue 60 Min',
    customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919000090000' },
    notify: { sms: false, email: false },
    ...overrides,
  } as Parameters<ReturnType<typeof sdkFor>['paymentLink']['create']>[0]);
  return link as unknown as RazorpayPaymentLink;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; error: { code: string; description: string; field?: string } };
  }
  throw new Error('the sandbox accepted what it should have refused');
}

function authorization(keySecret: string = SECRETS.keySecret): string {
  return `Basic ${Buffer.from(`${SECRETS.keyId}:${keySecret}`).toString('base64')}`;
}

describe('payment links through the real razorpay SDK', () => {
  it('creates a link shaped like Razorpay’s, its short_url on the sandbox, and fetches it back', async () => {
    const reference = referenceId();

    const link = await createLink({ reference_id: reference, notes: { saleId: 'sale-1' } });

    expect(link.id).toMatch(LINK_ID);
    expect(link).toMatchObject({
      amount: 149_900,
      amount_paid: 0,
      currency: 'INR',
      status: 'created',
      reference_id: reference,
      description: 'Counter sale · Deep tissue 60 Min',
      customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919000090000' },
      accept_partial: false,
      cancelled_at: 0,
      expired_at: 0,
      payments: null,
      notes: { saleId: 'sale-1' },
    });
    expect(link.short_url).toBe(`${sandbox.url}/pl/${link.id}`);
    expect(await sdkFor(sandbox.url).paymentLink.fetch(link.id)).toEqual(link);
  });

  it('refuses a second link with a reference id already used, as Razorpay does', async () => {
    const reference = referenceId();
    const first = await createLink({ reference_id: reference });
    await sdkFor(sandbox.url).paymentLink.cancel(first.id);

    const duplicate = await refusal(createLink({ reference_id: reference, amount: 100 }));

    expect(duplicate).toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', field: 'reference_id' },
    });
    expect(duplicate.error.description).toContain(reference);
  });

  it('finds a link by its reference id, and only that one', async () => {
    const reference = referenceId();
    const wanted = await createLink({ reference_id: reference });
    await createLink();

    const found = await sdkFor(sandbox.url).paymentLink.all({ reference_id: reference } as never);

    expect(found.payment_links.map((link) => link.id)).toEqual([wanted.id]);
    const none = await sdkFor(sandbox.url).paymentLink.all({ reference_id: 'never-used' } as never);
    expect(none.payment_links).toEqual([]);
  });

  it('pays a link by UPI: captured payment listed on the link, payment.captured then payment_link.paid', async () => {
    const link = await createLink();

    const result = await sandbox.payPaymentLink(link.id);

    const fetched = (await sdkFor(sandbox.url).paymentLink.fetch(link.id)) as unknown as RazorpayPaymentLink;
    expect(fetched).toMatchObject({ status: 'paid', amount_paid: 149_900 });
    expect(fetched.payments).toEqual([
      expect.objectContaining({
        payment_id: result.payment.id,
        amount: 149_900,
        method: 'upi',
        status: 'captured',
        plink_id: link.id,
      }),
    ]);
    expect(fetched.order_id).toMatch(/^order_/);
    expect(await sdkFor(sandbox.url).payments.fetch(result.payment.id)).toMatchObject({
      status: 'captured',
      method: 'upi',
      order_id: fetched.order_id,
      amount: 149_900,
    });

    expect(receiver.received.map((webhook) => JSON.parse(webhook.rawBody).event)).toEqual([
      'payment.captured',
      'payment_link.paid',
    ]);
    const paid = receiver.received[1]!;
    expect(
      validateWebhookSignature(
        paid.rawBody,
        String(paid.headers['x-razorpay-signature']),
        SECRETS.webhookSecret,
      ),
    ).toBe(true);
    const body = JSON.parse(paid.rawBody) as PaymentLinkWebhookBody;
    expect(body.contains).toEqual(['payment_link', 'order', 'payment']);
    expect(body.payload.payment_link.entity).toMatchObject({
      id: link.id,
      status: 'paid',
      reference_id: link.reference_id,
    });
    expect(body.payload.order.entity).toMatchObject({ id: fetched.order_id, status: 'paid' });
    expect(body.payload.payment.entity).toMatchObject({ id: result.payment.id, status: 'captured' });
  });

  it('pays a link by card through the test route, and refuses to take a second payment', async () => {
    const link = await createLink();

    const paid = await fetch(`${sandbox.url}/sandbox/payment_links/${link.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'card' }),
    });
    const again = await fetch(`${sandbox.url}/sandbox/payment_links/${link.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'upi' }),
    });

    expect(paid.status).toBe(200);
    const result = (await paid.json()) as { payment: { id: string; method: string; card_id: string } };
    expect(result.payment).toMatchObject({ method: 'card' });
    expect(result.payment.card_id).toMatch(/^card_/);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
    const fetched = (await sdkFor(sandbox.url).paymentLink.fetch(link.id)) as unknown as RazorpayPaymentLink;
    expect(fetched.payments).toHaveLength(1);
    expect(fetched.payments![0]).toMatchObject({ method: 'card', status: 'captured' });
  });

  it('keeps a link payable after a failed attempt, with payment.failed and no payment_link.paid', async () => {
    const link = await createLink();

    await sandbox.payPaymentLink(link.id, { outcome: 'failed' });

    const fetched = (await sdkFor(sandbox.url).paymentLink.fetch(link.id)) as unknown as RazorpayPaymentLink;
    expect(fetched).toMatchObject({ status: 'created', amount_paid: 0 });
    expect(fetched.payments).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(
      receiver.received.map((webhook) => (JSON.parse(webhook.rawBody) as PaymentWebhookBody).event),
    ).toEqual(['payment.failed']);

    await sandbox.payPaymentLink(link.id);
    const paid = (await sdkFor(sandbox.url).paymentLink.fetch(link.id)) as unknown as RazorpayPaymentLink;
    expect(paid.status).toBe('paid');
    // Both attempts were made on the link's one order, as on Razorpay.
    const attempts = await sdkFor(sandbox.url).orders.fetchPayments(paid.order_id!);
    expect(attempts.items.map((payment) => payment.status)).toEqual(['captured', 'failed']);
  });

  it('cancels a waiting link, which can then not be paid; a paid link cannot be cancelled', async () => {
    const waiting = await createLink();
    const paid = await createLink();
    await sandbox.payPaymentLink(paid.id);

    const cancelled = await sdkFor(sandbox.url).paymentLink.cancel(waiting.id);

    expect(cancelled).toMatchObject({ id: waiting.id, status: 'cancelled' });
    expect(cancelled.cancelled_at).toBeGreaterThan(0);
    await expect(sandbox.payPaymentLink(waiting.id)).rejects.toThrow(/cancelled/);
    const refused = await refusal(sdkFor(sandbox.url).paymentLink.cancel(paid.id));
    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR' } });
    expect(await sdkFor(sandbox.url).paymentLink.fetch(paid.id)).toMatchObject({ status: 'paid' });
  });

  it('reports an expired link as expired and refuses its payment', async () => {
    const link = await createLink({ expire_by: Math.floor(Date.now() / 1000) + 3600 });

    sandbox.expirePaymentLink(link.id);

    expect(await sdkFor(sandbox.url).paymentLink.fetch(link.id)).toMatchObject({ status: 'expired' });
    await expect(sandbox.payPaymentLink(link.id)).rejects.toThrow(/expired/);
  });

  it.each([
    [{ currency: 'INR', customer: {} }, 'amount'],
    [{ amount: 99, currency: 'INR', customer: {} }, 'amount'],
    [{ amount: 100, currency: 'INR', customer: {}, reference_id: 'r'.repeat(41) }, 'reference_id'],
    [{ amount: 100, currency: 'INR', customer: { email: 'not-an-email' } }, 'customer.email'],
    [
      { amount: 100, currency: 'INR', customer: {}, callback_url: 'https://spa.example/paid' },
      'callback_method',
    ],
    [
      { amount: 100, currency: 'INR', customer: {}, expire_by: Math.floor(Date.now() / 1000) + 60 },
      'expire_by',
    ],
    [{ amount: 100, currency: 'INR', customer: {}, accept_partial: true }, 'accept_partial'],
  ])('refuses the link %j with a 400 naming %s', async (body, field) => {
    const refused = await refusal(sdkFor(sandbox.url).paymentLink.create(body as never));

    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', field } });
  });

  it('answers an unknown link id with a 400 and refuses a wrong key secret', async () => {
    expect(await refusal(sdkFor(sandbox.url).paymentLink.fetch('plink_00000000000000'))).toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
    expect(
      (await refusal(sdkFor(sandbox.url, 'not-the-secret').paymentLink.create({ amount: 100 } as never)))
        .statusCode,
    ).toBe(401);
    const listed = await fetch(`${sandbox.url}/v1/payment_links`, {
      headers: { authorization: authorization('not-the-secret') },
    });
    expect(listed.status).toBe(401);
  });
});

describe('the customer’s payment link page', () => {
  it('shows the amount and the three buttons, and its form pays the link by card', async () => {
    const link = await createLink();

    const page = await fetch(link.short_url);
    const html = await page.text();

    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(html).toContain('₹1,499.00');
    for (const name of ['Pay with UPI', 'Pay by card', 'Fail']) expect(html).toContain(`>${name}</button>`);

    const posted = await fetch(`${sandbox.url}/pl/${link.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=card',
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/pl/${link.id}`);
    const after = await (await fetch(link.short_url)).text();
    expect(after).toContain('Paid');
    expect(after).not.toContain('Pay by card</button>');
    const fetched = (await sdkFor(sandbox.url).paymentLink.fetch(link.id)) as unknown as RazorpayPaymentLink;
    expect(fetched.payments).toEqual([expect.objectContaining({ method: 'card', status: 'captured' })]);
  });

  it('says the last attempt failed after Fail, and keeps the buttons', async () => {
    const link = await createLink();

    await fetch(`${sandbox.url}/pl/${link.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=failed',
      redirect: 'manual',
    });

    const html = await (await fetch(link.short_url)).text();
    expect(html).toContain('The last payment failed');
    expect(html).toContain('Pay with UPI</button>');
    expect(await sdkFor(sandbox.url).paymentLink.fetch(link.id)).toMatchObject({ status: 'created' });
  });

  it('sends the customer to the callback URL with Razorpay’s signed query after paying', async () => {
    const link = await createLink({
      callback_url: 'https://spa.example/counter/paid',
      callback_method: 'get',
    });

    const posted = await fetch(`${sandbox.url}/pl/${link.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=upi',
      redirect: 'manual',
    });

    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://spa.example/counter/paid');
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.reference_id,
      razorpay_payment_link_status: 'paid',
    });
    expect(
      validatePaymentVerification(
        {
          payment_link_id: query.razorpay_payment_link_id,
          payment_link_reference_id: query.razorpay_payment_link_reference_id,
          payment_link_status: query.razorpay_payment_link_status,
          payment_id: query.razorpay_payment_id,
        } as never,
        query.razorpay_signature!,
        SECRETS.keySecret,
      ),
    ).toBe(true);
  });

  it('shows a page, not a payment, for an unknown link; no 5xx for a bad method', async () => {
    const unknown = await fetch(`${sandbox.url}/pl/plink_00000000000000`);
    const link = await createLink();
    const badMethod = await fetch(`${sandbox.url}/pl/${link.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=cash',
      redirect: 'manual',
    });

    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This payment link does not exist.');
    expect(badMethod.status).toBe(400);
    expect(await sdkFor(sandbox.url).paymentLink.fetch(link.id)).toMatchObject({ payments: null });
  });
});

describe('the payment link page in Chromium, as a phone opens it', () => {
  it('pays by card and goes on to the callback URL without a CSP violation', async () => {
    // The merchant's callback page, on an origin of its own as it would be.
    const landing = createServer((request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>Back at the spa</title><p id="query">${new URL(request.url ?? '/', 'http://x').searchParams.get('razorpay_payment_link_status')}</p>`,
      );
    });
    await new Promise<void>((resolve) => landing.listen(0, '127.0.0.1', resolve));
    const landingUrl = `http://127.0.0.1:${(landing.address() as AddressInfo).port}/counter/paid`;
    const browser = await launchChromium();
    try {
      const withCallback = await createLink({ callback_url: landingUrl, callback_method: 'get' });
      const plain = await createLink();
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/.test(message.text()))
          problems.push(`csp: ${message.text()}`);
      });

      await page.goto(plain.short_url);
      expect(await page.getByText('₹1,499.00').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Fail' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('The last payment failed');
      await page.getByRole('button', { name: 'Pay by card' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Paid. Thank you!');

      await page.goto(withCallback.short_url);
      await page.getByRole('button', { name: 'Pay with UPI' }).click();
      await expect.poll(() => page.locator('#query').textContent()).toBe('paid');

      expect(problems).toEqual([]);
      expect(await sdkFor(sandbox.url).paymentLink.fetch(plain.id)).toMatchObject({ status: 'paid' });
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => landing.close(() => resolve()));
    }
  });
});

describe('short_url on a public origin of its own', () => {
  it('points short_url at publicUrl when the browser reaches the sandbox elsewhere than commerce', async () => {
    const other = await startRazorpaySandbox({ ...SECRETS, publicUrl: 'http://localhost:4010/' });
    try {
      const link = (await sdkFor(other.url).paymentLink.create({
        amount: 100,
        currency: 'INR',
        customer: {},
      } as never)) as unknown as RazorpayPaymentLink;

      expect(link.short_url).toBe(`http://localhost:4010/pl/${link.id}`);
    } finally {
      await other.close();
    }
  });
});
