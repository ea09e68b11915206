import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  openSignedIn,
  roomTypePrice,
  serviceNamed,
  signIn,
  spaDay,
  verifiedCustomer,
  type CatalogueService,
  type Session,
} from './support/booking.js';
import { launchBrowser, newPage } from './support/browser.js';
import { screenshot } from './support/session.js';

/*
 * The front desk's calendar (issue #15, item 1) through the gateway, booking and the browser: the admin
 * and the receptionist see a day by room and by employee and a week; a booking made elsewhere appears
 * on an open calendar without a reload; a customer or a therapist is refused. Day 74 ahead is this file's.
 */

const run = randomBytes(3).toString('hex');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isoDate = (text: string) => `${text.slice(6)}-${text.slice(0, 2)}-${text.slice(3, 5)}`;

let browser: Browser;
let admin: Session;
let receptionist: Session;
let therapist: Session;
let customer: Session;
let deepTissue: CatalogueService;
let current: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
  receptionist = await signIn('reception@spa.local', 'Staff@12345');
  therapist = await signIn('therapist@spa.local', 'Staff@12345');
  customer = await verifiedCustomer(`Tara Calendar ${run}`, 'Lotus-garden-42');
  deepTissue = await serviceNamed('Deep Tissue Massage');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    for (const page of current) await screenshot(page, 'failed-calendar').catch(() => {});
  for (const page of current) if (!page.isClosed()) await page.context().close();
  current = [];
});

async function open(session: Session, path: string): Promise<Page> {
  const { page } = await newPage(browser);
  current.push(page);
  await openSignedIn(page, session, path);
  return page;
}

/** A cash booking for the customer, once booking has the treatment (it arrives by Kafka). */
async function book(startIso: string): Promise<string> {
  const option = deepTissue.pricing[0]!;
  const roomPrice = await roomTypePrice('Gold');
  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const booked = await api<{ appointmentId: string }>(
        'POST',
        '/appointments/auto-assign',
        {
          serviceId: deepTissue._id,
          durationMinutes: option.durationMinutes,
          pricingOptionId: option._id,
          totalPrice: option.price + roomPrice,
          type: 'Gold',
          appointmentDateTime: startIso,
          paymentMethod: 'cash',
        },
        customer.token,
      );
      return booked.appointmentId;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      await pause(500);
    }
  }
  throw new Error(`booking never took Deep Tissue Massage: ${last}`);
}

describe('the front desk calendar', () => {
  it('shows the day by room and by employee, and a booking made elsewhere appears without a reload', async () => {
    const day = spaDay(74);
    const date = isoDate(day.text);
    const first = await book(day.at(14));

    const desk = await open(admin, `/dashboard/calendar?date=${date}`);
    const block = (id: string) => desk.getByRole('button', { name: new RegExp(`^${id}, `) });
    await block(first).waitFor();
    expect(await block(first).getAttribute('aria-label')).toMatch(
      new RegExp(`^${first}, Tara Calendar ${run}, Deep Tissue Massage, 2:00 PM–3:00 PM, `),
    );
    // The block sits in its room's column.
    const column = desk.getByRole('group', { name: /^Room \d+: 1 appointment$/ });
    await poll(() => column.count()).toBe(1);
    expect(await column.getByRole('button', { name: new RegExp(`^${first}, `) }).count()).toBe(1);
    await screenshot(desk, 'calendar-day-rooms');

    // A second desk (the receptionist) books by phone meanwhile: the first desk shows it, no reload.
    const reception = await open(receptionist, `/dashboard/calendar?date=${date}&by=employee`);
    await reception.getByRole('button', { name: new RegExp(`^${first}, `) }).waitFor();
    const second = await book(day.at(16));
    await poll(() => block(second).count()).toBe(1);
    await poll(() => reception.getByRole('button', { name: new RegExp(`^${second}, `) }).count()).toBe(1);
    // By employee, the therapist's column holds them; someone off that day is shaded.
    await poll(() => reception.getByRole('group', { name: /^Anjali Patel: 2 appointments$/ }).count()).toBe(
      1,
    );
    await screenshot(reception, 'calendar-day-employees');

    // Click opens the appointment; the week shows the day among seven.
    await block(first).click();
    const details = desk.getByRole('dialog', { name: first });
    await poll(() => details.getByText(`Tara Calendar ${run}`).count()).toBe(1);
    await details.getByRole('button', { name: /close/i }).first().click();
    await desk.getByRole('button', { name: 'Week' }).click();
    await poll(() => desk.getByRole('group', { name: /: \d+ appointments?$/ }).count()).toBe(7);
    await poll(() => block(second).count()).toBe(1);
    await screenshot(desk, 'calendar-week');
  });

  it('is refused to a customer and to a therapist', async () => {
    for (const session of [customer, therapist]) {
      const page = await open(session, '/dashboard/calendar');
      const refusal =
        session === customer
          ? /Unauthorized|not allowed|permission/i
          : /for admins, managers and receptionists/;
      await poll(async () => (await page.textContent('main'))?.match(refusal) !== null).toBe(true);
    }
  });
});
