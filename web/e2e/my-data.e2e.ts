import pg from 'pg';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, openSignedIn, signIn, verifiedCustomer, type Session } from './support/booking.js';
import { launchBrowser, newPage } from './support/browser.js';

/*
 * A customer's own data (DPDP Act 2023), through the gateway and the browser: Settings → Download my
 * data gives one zip with every service's part; Delete my account signs them out and, once the event has
 * gone through Kafka to every service, each database keeps only what the law requires.
 */

const PASSWORD = 'Leaving@Spa-2026';
const run = Date.now().toString(36);

let browser: Browser;
let admin: Session;

/** One database of this test stack (the services' own; the test only reads them). */
async function query<T extends Record<string, unknown>>(
  service: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = new pg.Client({
    connectionString: inject('databaseUrlPattern').replace('{service}', service),
  });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const poll = <T>(read: () => Promise<T> | T, timeout = 30_000) =>
  expect.poll(read, { timeout, interval: 250 });

/** The entries of a stored (uncompressed) zip, as the web's writer makes it: name → bytes. */
function unzipStored(archive: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let at = 0;
  while (archive.readUInt32LE(at) === 0x04034b50) {
    const method = archive.readUInt16LE(at + 8);
    const size = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const extraLength = archive.readUInt16LE(at + 28);
    expect(method).toBe(0);
    const name = archive.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    entries.set(name, archive.subarray(start, start + size));
    at = start + size;
  }
  return entries;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
});

afterAll(async () => {
  await browser?.close();
});

describe('a customer’s own data', () => {
  it('downloads everything in one file, then deletes the account: each database keeps only what the law requires', async () => {
    const customer = await verifiedCustomer('Meera Leaving', PASSWORD);
    const userId = customer.user.id;
    const email = customer.user.email;

    // What they leave behind: a favorite treatment, a saved address, a cash-on-delivery order, a bill.
    const [treatment] = await api<Array<{ _id: string }>>('GET', '/admin/services');
    await api('POST', '/favorites', { service: treatment!._id }, customer.token);
    const category = await api<{ _id: string }>(
      'POST',
      '/product-categories',
      { name: `Leaving ${run}` },
      admin.token,
    );
    const oil = await api<{ _id: string; name: string }>(
      'POST',
      '/products',
      {
        name: `Parting Oil ${run}`,
        description: 'For the leaving journey.',
        price: 700,
        stock: 10,
        productCategory: category._id,
      },
      admin.token,
    );
    // Commerce learns of the product through Kafka: add it as soon as it can.
    await poll(async () => {
      try {
        await api('POST', '/cart', { product: oil._id, quantity: 2 }, customer.token);
        return true;
      } catch {
        return false;
      }
    }).toBe(true);
    const address = await api<{ _id: string }>(
      'POST',
      '/addresses',
      {
        label: 'Home',
        fullName: 'Meera Leaving',
        phone: '+91 98260 12345',
        street: '2 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        country: 'India',
      },
      customer.token,
    );
    const placed = await api<{ order: { _id: string } }>(
      'POST',
      '/orders',
      { paymentMethod: 'COD', shippingAddress: { _id: address._id }, taxPrice: 0, shippingPrice: 0 },
      customer.token,
    );
    const orderId = placed.order._id;
    const bill = await api<{ _id: string; invoiceNumber: string }>(
      'POST',
      '/bills',
      {
        name: 'Meera Leaving',
        customerId: `LEAVE-${run}`,
        phone: '98260 12345',
        email,
        services: [{ serviceName: 'Head Massage', price: 500 }],
      },
      admin.token,
    );
    const billId = bill._id;

    const { page, problems } = await newPage(browser);
    await openSignedIn(page, customer, '/settings');

    // Download my data: one zip, each service's part, and the invoice's PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-spa-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipStored(await bytesOf(download));
    const document = JSON.parse(entries.get('my-data.json')!.toString('utf8')) as {
      parts: Record<string, unknown>;
    };
    expect(Object.keys(document.parts).sort()).toEqual(
      ['account', 'appointments', 'bills', 'emailsSent', 'favorites', 'ordersAddressesCart'].sort(),
    );
    const exported = JSON.stringify(document.parts);
    for (const fact of [email, orderId, address._id, treatment!._id, bill.invoiceNumber])
      expect(exported).toContain(fact);
    const pdfs = [...entries.keys()].filter((name) => name.startsWith('invoices/'));
    expect(pdfs).toHaveLength(1);
    expect(entries.get(pdfs[0]!)!.subarray(0, 5).toString()).toBe('%PDF-');

    // Delete my account: the password confirms it; afterwards signed out, and the password no longer works.
    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByLabel('Your password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await poll(() => page.locator('.toast').first().textContent()).toMatch(/deleted/i);
    await expect(signIn(email, PASSWORD)).rejects.toThrow(/401/);
    await expect(api('GET', '/auth/me', undefined, customer.token)).rejects.toThrow(/401/);

    // Database by database, once identity.user.erased has gone round.
    expect(await query('identity', 'select 1 from users where id = $1', [userId])).toEqual([]);
    expect(await query('identity', 'select reason from user_erasures where user_id = $1', [userId])).toEqual([
      { reason: 'self' },
    ]);
    await poll(() => query('catalogue', 'select 1 from favorites where user_id = $1', [userId])).toEqual([]);
    // commerce: the open order cancelled (its stock back) and kept as a sales record without them.
    await poll(() =>
      query('commerce', 'select status, user_name, user_email, ship_phone from orders where id = $1', [
        orderId,
      ]),
    ).toEqual([{ status: 'cancelled', user_name: 'Erased', user_email: '', ship_phone: '' }]);
    expect(await query('commerce', 'select 1 from addresses where user_id = $1', [userId])).toEqual([]);
    expect(await query('commerce', 'select 1 from carts where user_id = $1', [userId])).toEqual([]);
    // billing: the GST invoice stays for 72 months, with the name only.
    await poll(() =>
      query('billing', 'select name, phone, email from bills where id = $1', [billId]),
    ).toEqual([{ name: 'Meera Leaving', phone: '', email: null }]);
    // notification: that emails were sent, to no one named.
    await poll(() =>
      query('notification', 'select count(*)::int as n from sent_emails where recipient = $1', [email]),
    ).toEqual([{ n: 0 }]);
    expect(problems).toEqual([]);
  }, 120_000);
});
