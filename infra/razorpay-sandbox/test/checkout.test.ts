import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../../../gateway/src/security.js';
import { startRazorpaySandbox, type PaymentWebhookBody, type RazorpaySandbox } from '../src/index.js';
import { launchChromium } from './support/browser.js';
import { SECRETS, sdkFor, startWebhookReceiver } from './support/razorpay.js';

const shopScript = readFileSync(new URL('./fixtures/shop.js', import.meta.url), 'utf8');

/**
 * The merchant page, served with the gateway's own CSP and security headers (the sandbox origin added
 * to script-src and frame-src as the stack configures it), so a CSP violation shows up here first.
 */
async function startShop(sandboxUrl: string) {
  const csp = contentSecurityPolicy({
    scriptSrc: [sandboxUrl],
    frameSrc: [sandboxUrl],
    connectSrc: [],
    styleSrc: [],
  });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://shop');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    response.setHeader('content-security-policy', csp);
    if (url.pathname === '/shop.js') {
      response.setHeader('content-type', 'application/javascript');
      return response.end(shopScript);
    }
    const orderId = (url.searchParams.get('order') ?? '').replace(/[^\w]/g, '');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Shop</title><script src="/shop.js" defer></script></head>
  <body data-order-id="${orderId}" data-key-id="${SECRETS.keyId}" data-checkout-url="${sandboxUrl}/v1/checkout.js">
    <button id="buy" type="button" disabled>Buy</button>
    <pre id="outcome"></pre>
  </body>
</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let sandbox: RazorpaySandbox;
let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
let page: Page;
let problems: string[];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startRazorpaySandbox({ ...SECRETS, webhookUrl: receiver.url });
  shop = await startShop(sandbox.url);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await sandbox?.close();
  await receiver?.close();
});
afterEach(async () => {
  await page?.context().close();
  expect(problems).toEqual([]);
  receiver.received.length = 0;
});

/** Opens the shop for a new ₹1,299.00 provider order and clicks Buy; the modal is then open. */
async function openCheckout(): Promise<{ orderId: string; modal: ReturnType<Page['frameLocator']> }> {
  const order = await sdkFor(sandbox.url).orders.create({
    amount: 129_900,
    currency: 'INR',
    receipt: 'rcpt-e2e',
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
  await page.goto(`${shop.url}/?order=${order.id}`);
  await page.getByRole('button', { name: 'Buy' }).click();
  return { orderId: order.id, modal: page.frameLocator('iframe[title="Razorpay Checkout"]') };
}

async function outcome(): Promise<{ kind: string; detail?: Record<string, unknown> }> {
  await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 15_000 }).not.toBe('');
  return JSON.parse((await page.locator('#outcome').textContent())!);
}

describe('checkout.js in Chromium under the gateway’s CSP', () => {
  it('shows the merchant, the description and the amount in rupees with the three buttons', async () => {
    const { orderId, modal } = await openCheckout();

    await expect.poll(() => modal.getByRole('heading', { name: 'Serenity Spa' }).isVisible()).toBe(true);
    expect(await modal.getByText('Order #A1B2C3').isVisible()).toBe(true);
    expect(await modal.getByText('₹1,299.00').isVisible()).toBe(true);
    expect(await modal.getByText(orderId).isVisible()).toBe(true);
    for (const name of ['Pay', 'Fail', 'Dismiss'])
      expect(await modal.getByRole('button', { name, exact: true }).isEnabled()).toBe(true);
  });

  it('Pay hands the handler the three signed fields, closes the modal and sends payment.captured', async () => {
    const { orderId, modal } = await openCheckout();

    await modal.getByRole('button', { name: 'Pay', exact: true }).click();

    const result = await outcome();
    expect(result.kind).toBe('success');
    const response = result.detail as Record<string, string>;
    expect(Object.keys(response).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(response.razorpay_order_id).toBe(orderId);
    expect(
      validatePaymentVerification(
        { order_id: orderId, payment_id: response.razorpay_payment_id! },
        response.razorpay_signature!,
        SECRETS.keySecret,
      ),
    ).toBe(true);
    expect(await page.locator('iframe').count()).toBe(0);

    const webhook = receiver.received.at(-1)!;
    expect(
      validateWebhookSignature(
        webhook.rawBody,
        String(webhook.headers['x-razorpay-signature']),
        SECRETS.webhookSecret,
      ),
    ).toBe(true);
    const body = JSON.parse(webhook.rawBody) as PaymentWebhookBody;
    expect(body.event).toBe('payment.captured');
    expect(body.payload.payment.entity).toMatchObject({
      id: response.razorpay_payment_id,
      order_id: orderId,
      amount: 129_900,
      email: 'asha@example.com',
      contact: '9876543210',
      notes: { source: 'shop-fixture' },
    });
    expect(await sdkFor(sandbox.url).orders.fetch(orderId)).toMatchObject({ status: 'paid' });
  });

  it('Fail calls the payment.failed listeners, closes the modal and sends payment.failed', async () => {
    const { orderId, modal } = await openCheckout();

    await modal.getByRole('button', { name: 'Fail', exact: true }).click();

    const result = await outcome();
    expect(result.kind).toBe('failed');
    expect(result.detail).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed', metadata: { order_id: orderId } },
    });
    expect(await page.locator('iframe').count()).toBe(0);
    expect((JSON.parse(receiver.received.at(-1)!.rawBody) as PaymentWebhookBody).event).toBe(
      'payment.failed',
    );
    expect(await sdkFor(sandbox.url).orders.fetch(orderId)).toMatchObject({ status: 'attempted' });
  });

  it('Dismiss calls ondismiss, closes the modal and makes no payment', async () => {
    const { orderId, modal } = await openCheckout();

    await modal.getByRole('button', { name: 'Dismiss', exact: true }).click();

    expect(await outcome()).toEqual({ kind: 'dismissed' });
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await sdkFor(sandbox.url).orders.fetchPayments(orderId)).toMatchObject({ count: 0 });
    expect(receiver.received).toHaveLength(0);
  });

  it('shows why it cannot take a payment for an order that is already paid, and still dismisses', async () => {
    const { orderId, modal } = await openCheckout();
    await modal.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await outcome();
    await sandbox.pay(orderId);

    await page.getByRole('button', { name: 'Buy' }).click();

    await expect.poll(() => modal.getByRole('alert').textContent()).toBe('This order has already been paid.');
    expect(await modal.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Dismiss', exact: true }).click();
    expect(await outcome()).toEqual({ kind: 'dismissed' });
  });
});
