import { randomBytes, randomUUID } from 'node:crypto';
import { startRazorpaySandbox, type RazorpaySandbox } from '@spa/razorpay-sandbox';
import { freePort } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpaySettings } from '../src/config.js';
import { createPaymentLinks, type PaymentLinks } from '../src/integrations/payment-links.js';
import { ProviderRefusedError, ProviderUnreachableError } from '../src/integrations/payment-provider.js';

const secrets = {
  keyId: 'rzp_test_sandbox',
  keySecret: randomBytes(32).toString('base64url'),
  webhookSecret: randomBytes(32).toString('base64url'),
};

function settingsFor(apiUrl: string): RazorpaySettings {
  return { ...secrets, apiUrl, checkoutUrl: `${apiUrl}/v1/checkout.js`, timeoutMs: 5_000 };
}

let sandbox: RazorpaySandbox;
let links: PaymentLinks;

beforeAll(async () => {
  sandbox = await startRazorpaySandbox(secrets);
  links = createPaymentLinks(settingsFor(sandbox.url));
});
afterAll(() => sandbox.close());

const sale = (amountPaise = 249_900) => ({
  referenceId: randomUUID(),
  amountPaise,
  description: 'Serenity Spa · counter sale',
  customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919000090000' },
});

describe('payment links through the razorpay SDK', () => {
  it('creates a link whose short URL opens the sandbox’s page, waiting for its amount', async () => {
    const input = sale();

    const link = await links.create(input);

    expect(link.id).toMatch(/^plink_/);
    expect(link.shortUrl).toBe(`${sandbox.url}/pl/${link.id}`);
    expect(await links.fetch(link.id)).toEqual({ id: link.id, status: 'created', amountPaidPaise: 0 });
    const page = await fetch(link.shortUrl);
    expect(await page.text()).toContain('₹2,499.00');
  });

  it('answers a retried create (same reference id, the first answer lost) with the link already made', async () => {
    const input = sale();
    const first = await links.create(input);

    const retried = await links.create(input);

    expect(retried).toEqual(first);
  });

  it('does not hand back another sale’s link when a reference id is reused for another amount', async () => {
    const input = sale(100_000);
    await links.create(input);

    await expect(links.create({ ...input, amountPaise: 90_000 })).rejects.toBeInstanceOf(
      ProviderRefusedError,
    );
  });

  it('reports a paid link with the amount paid and the captured payment, not an earlier failed one', async () => {
    const link = await links.create(sale());
    await sandbox.payPaymentLink(link.id, { outcome: 'failed' });
    expect(await links.fetch(link.id)).toEqual({ id: link.id, status: 'created', amountPaidPaise: 0 });

    const paid = await sandbox.payPaymentLink(link.id, { method: 'card' });

    expect(await links.fetch(link.id)).toEqual({
      id: link.id,
      status: 'paid',
      amountPaidPaise: 249_900,
      paymentId: paid.payment.id,
    });
  });

  it('cancels a waiting link, and a second cancel (a retried click) still resolves', async () => {
    const link = await links.create(sale());

    await links.cancel(link.id);
    await links.cancel(link.id);

    expect((await links.fetch(link.id)).status).toBe('cancelled');
    await expect(sandbox.payPaymentLink(link.id)).rejects.toThrow();
  });

  it('treats cancelling an expired link as done: it can take no money either', async () => {
    const link = await links.create(sale());
    sandbox.expirePaymentLink(link.id);

    await links.cancel(link.id);

    expect((await links.fetch(link.id)).status).toBe('expired');
  });

  it('refuses to cancel a link the customer already paid, so the desk does not drop paid money', async () => {
    const link = await links.create(sale());
    await sandbox.payPaymentLink(link.id);

    await expect(links.cancel(link.id)).rejects.toBeInstanceOf(ProviderRefusedError);
    expect((await links.fetch(link.id)).status).toBe('paid');
  });

  it('passes on Razorpay’s refusal of an unknown link or a bad amount as ProviderRefusedError', async () => {
    await expect(links.fetch('plink_00000000000000')).rejects.toMatchObject({
      name: 'ProviderRefusedError',
      statusCode: 400,
    });
    await expect(links.create(sale(50))).rejects.toMatchObject({
      name: 'ProviderRefusedError',
      statusCode: 400,
      message: 'The amount must be atleast INR 1.00',
    });
  });

  it('creates a link without customer details (a walk-in who gave none)', async () => {
    const link = await links.create({
      referenceId: randomUUID(),
      amountPaise: 10_000,
      description: 'Walk-in',
    });

    expect((await links.fetch(link.id)).status).toBe('created');
  });
});

describe('when Razorpay cannot be reached', () => {
  it('says the provider is unreachable (the outcome unknown), not that it refused', async () => {
    const unreachable = createPaymentLinks(settingsFor(`http://127.0.0.1:${await freePort()}`));

    await expect(unreachable.create(sale())).rejects.toBeInstanceOf(ProviderUnreachableError);
    await expect(unreachable.fetch('plink_00000000000000')).rejects.toBeInstanceOf(ProviderUnreachableError);
    await expect(unreachable.cancel('plink_00000000000000')).rejects.toBeInstanceOf(ProviderUnreachableError);
  });
});
