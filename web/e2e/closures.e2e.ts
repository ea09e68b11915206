import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  isoDateOf,
  bookCash,
  openSignedIn,
  serviceNamed,
  signIn,
  spaDay,
  verifiedCustomer,
  type CatalogueService,
  type Session,
} from './support/booking.js';
import { launchBrowser, newPage, untilInteractive } from './support/browser.js';
import { screenshot } from './support/session.js';

/*
 * Closures and special hours through the gateway, booking and the browser: the admin
 * closes a date from the Closures tab, is shown the appointment it strands and moves it; the customer's
 * booking calendar names the closure and offers no time that day. Days 70-72 ahead are this file's own.
 */

const run = randomBytes(3).toString('hex');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

let browser: Browser;
let admin: Session;
let customer: Session;
let deepTissue: CatalogueService;
let current: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
  customer = await verifiedCustomer(`Meher Closure ${run}`, 'Lotus-garden-42');
  deepTissue = await serviceNamed('Deep Tissue Massage');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && current && !current.isClosed())
    await screenshot(current, 'failed-closures');
  if (current && !current.isClosed()) await current.context().close();
  current = undefined;
});

const bookedAt = (startIso: string) => bookCash(customer, deepTissue, startIso, 'Diamond');

describe('closures and special hours', () => {
  it('the admin closes a date, moves what it strands, and customers see the closure on the calendar', async () => {
    const closed = spaDay(70);
    const later = spaDay(72);
    const reason = `Diwali ${run}`;
    const appointmentId = await bookedAt(closed.at(15));

    const { page } = await newPage(browser);
    current = page;
    await openSignedIn(page, admin, '/dashboard?tab=closures');
    await page.getByRole('heading', { name: 'Closures & special hours' }).waitFor();
    await page.getByRole('button', { name: 'Add closure' }).click();
    const form = page.getByRole('dialog', { name: 'Add closure' });
    // Nothing is sent without a reason: it is said by the field.
    await form.getByLabel('Date').fill(isoDateOf(closed));
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.getByText('Say why; customers see it (e.g. Diwali)').count()).toBe(1);
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => toast(page, `Closed: ${reason}`).count()).toBe(1);

    // The appointment that day is listed, not cancelled: the admin moves it two days on.
    const stranded = page.getByRole('region', { name: /appointment on .* to move or cancel/ });
    await poll(() => stranded.getByText(appointmentId, { exact: true }).count()).toBe(1);
    await page.getByRole('row', { name: new RegExp(reason) }).waitFor();
    await stranded.getByLabel(`New time for ${appointmentId}`).fill(`${isoDateOf(later)}T15:00`);
    await stranded.getByRole('button', { name: 'Move' }).click();
    await poll(() => toast(page, `${appointmentId} moved to`).count()).toBe(1);
    await poll(() => page.getByRole('heading', { name: /^Nothing to move on/ }).count()).toBe(1);
    const moved = await api<{ appointments: Array<{ appointmentId: string; appointmentDateTime: string }> }>(
      'GET',
      `/appointments/admin/appointments?search=${appointmentId}`,
      undefined,
      admin.token,
    );
    expect(moved.appointments.map((each) => [each.appointmentId, each.appointmentDateTime])).toEqual([
      [appointmentId, later.at(15)],
    ]);
    await screenshot(page, 'closures-admin');

    // The customer's calendar names the closure and offers no time that day.
    const { page: wizard } = await newPage(browser);
    current = wizard;
    await openSignedIn(wizard, customer, `/service/${deepTissue._id}`);
    await untilInteractive(wizard);
    await wizard.getByRole('button', { name: 'Book Appointment' }).click();
    await wizard.getByRole('heading', { name: 'Select a time' }).waitFor();
    const date = wizard.getByLabel('Date (MM/dd/yyyy)');
    await date.fill(closed.text);
    await date.press('Enter');
    await poll(() => wizard.locator('.dt-picker__note').textContent()).toBe(`Closed: ${reason}`);
    const times = wizard.getByRole('group', { name: `Start time on ${closed.text}` }).getByRole('button');
    await poll(() =>
      times.evaluateAll((buttons) => buttons.every((button) => (button as HTMLButtonElement).disabled)),
    ).toBe(true);
    const day = wizard.getByRole('button', { name: new RegExp(`, Closed: ${reason}$`) });
    expect(await day.isDisabled()).toBe(true);
    await screenshot(wizard, 'closures-wizard');
    await wizard.context().close();

    // Removed again: the usual hours are back for everyone.
    current = page;
    await page
      .getByRole('button', { name: new RegExp(`^Remove .*`) })
      .first()
      .waitFor();
    const row = page.getByRole('row', { name: new RegExp(reason) });
    await row.getByRole('button', { name: /^Remove / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await poll(() => toast(page, 'usual hours again').count()).toBe(1);
    const list = await api<{ specialDays: Array<{ reason: string }> }>('GET', '/appointments/special-days');
    expect(list.specialDays.filter((each) => each.reason === reason)).toEqual([]);
  });
});
