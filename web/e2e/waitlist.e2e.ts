import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  isoDateOf,
  openSignedIn,
  prepareBookingStack,
  roomTypePrice,
  serviceNamed,
  signIn,
  spaDay,
  verifiedCustomer,
  type CatalogueService,
  type Session,
} from './support/booking.js';
import { violations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { linkTo, waitForEmail } from './support/inbox.js';
import { screenshot } from './support/session.js';

/*
 * The waitlist through the gateway, booking, commerce, notification, the SMTP sink,
 * the Razorpay sandbox and the browser: a customer finds 5:00 PM full, joins the waitlist from the
 * wizard, the customer holding it cancels, the offer email's link opens My Appointments with the time
 * held, and paying keeps it. Day 86 ahead is this file's.
 */

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 150 });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

let browser: Browser;
let admin: Session;
let holder: Session;
let waiter: Session;
let deepTissue: CatalogueService;
let pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
  [holder, waiter] = await Promise.all([
    verifiedCustomer('Nisha Holder', 'Lotus-garden-42'),
    verifiedCustomer('Tara Waiting', 'Lotus-garden-42'),
  ]);
  deepTissue = await serviceNamed('Deep Tissue Massage');
  await prepareBookingStack(admin, deepTissue, {
    categoryName: 'Massage Therapies',
    employeeName: 'Anjali Patel',
  });
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    for (const page of pages) if (!page.isClosed()) await screenshot(page, 'failed-waitlist');
  for (const page of pages) if (!page.isClosed()) await page.context().close();
  pages = [];
});

afterAll(async () => {
  await browser?.close();
});

async function open(session: Session, path: string) {
  const { page } = await newPage(browser);
  pages.push(page);
  await openSignedIn(page, session, path);
  return page;
}

describe('the waitlist', () => {
  it('joins from the wizard on a full hour, gets the freed time by email, and keeps it by paying', async () => {
    const day = spaDay(86);
    const option = deepTissue.pricing.find((candidate) => candidate.durationMinutes === 60)!;
    // The one therapist for it is booked at 5:00 PM: that hour is full.
    const held = await api<{ _id: string }>(
      'POST',
      '/appointments/auto-assign',
      {
        serviceId: deepTissue._id,
        durationMinutes: 60,
        pricingOptionId: option._id,
        totalPrice: option.price + (await roomTypePrice('Gold')),
        type: 'Gold',
        appointmentDateTime: day.at(17),
        paymentMethod: 'cash',
      },
      holder.token,
    );

    const wizard = await open(waiter, `/appointment?service=${deepTissue._id}&option=${option._id}`);
    await wizard.getByRole('heading', { name: 'Select a time' }).waitFor();
    const date = wizard.getByLabel('Date (MM/dd/yyyy)');
    await date.fill(day.text);
    await date.press('Enter');
    const fivePm = wizard.getByRole('button', { name: '5:00 PM', exact: true });
    await poll(() => fivePm.isDisabled()).toBe(true);

    await wizard.getByText('No time that suits? Join the waitlist').click();
    await wizard.getByLabel('Day', { exact: true }).fill(isoDateOf(day));
    await wizard.getByLabel('Earliest start', { exact: true }).selectOption({ label: '17:00' });
    await wizard.getByLabel('Latest start', { exact: true }).selectOption({ label: '17:00' });
    await wizard.getByRole('button', { name: 'Notify me' }).click();
    await poll(() => wizard.locator('.waitlist-join__answer').textContent()).toContain(
      'You are on the waitlist for ',
    );
    expect(await wizard.locator('.waitlist-join__answer').textContent()).toContain(
      ', starts at 17:00. We will email you if a time frees up',
    );
    await screenshot(wizard, 'waitlist-joined');
    // The form and its answer pass axe like every other screen (a11y.e2e.ts covers the routes).
    expect(await violations(wizard)).toEqual([]);

    // The customer holding 5:00 PM cancels: the hour is held for the one waiting, who is emailed.
    await api('PUT', `/appointments/${held._id}/cancel`, undefined, holder.token);
    const offer = await waitForEmail(String(waiter.user.email), /^A time is free: Deep Tissue Massage/, {
      timeoutMs: 60_000,
    });
    expect(offer.text).toContain('we are holding it for you until');

    const link = new URL(linkTo(offer, '/my-appointments'));
    expect(link.searchParams.get('waitlist')).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await open(waiter, `${link.pathname}${link.search}`);
    const entry = mine.locator('.waitlist__entry--offered');
    await poll(() => entry.textContent()).toContain('Held for you: 5:00 PM in a Gold room');
    await screenshot(mine, 'waitlist-offered');
    expect(await violations(mine)).toEqual([]);
    await entry.getByRole('button', { name: /^Pay / }).click();
    const checkout = mine.frameLocator('iframe[title="Razorpay Checkout"]');
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await poll(() => toast(mine, 'Payment successful! Your appointment is booked.').count()).toBe(1);
    await poll(() => mine.locator('.waitlist__entry--booked').textContent()).toMatch(
      /Booked: APT-\d{8}-\d+ at 5:00 PM/,
    );
    // The booking is the customer's, paid, in their list. Booking learns "Paid" from commerce's
    // payment event a moment after the answer, and the gateway may keep the list for a second, so ask
    // until it shows rather than once.
    await poll(async () =>
      JSON.stringify(
        await api<{ appointments: Array<{ paymentStatus: string }> }>(
          'GET',
          `/appointments/users/${waiter.user.id}/appointments?timeRange=upcoming`,
          undefined,
          waiter.token,
        ),
      ),
    ).toContain('"paymentStatus":"Paid"');
  });
});
