import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  isoDateOf,
  bookCash,
  openSignedIn,
  prepareBookingStack,
  serviceNamed,
  shiftInBooking,
  signIn,
  spaDay,
  startsToday,
  verifiedCustomer,
  type CatalogueService,
  type Session,
} from './support/booking.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { linkTo, uniqueEmail, waitForEmail } from './support/inbox.js';
import { screenshot } from './support/session.js';

/*
 * The front desk's calendar through the gateway, booking and the browser: the admin
 * and the receptionist see a day by room and by employee and a week; a booking made elsewhere appears
 * on an open calendar without a reload; a customer or a therapist is refused; the desk checks customers
 * in from a block and books walk-ins and phone calls, for a customer found or one
 * added on the spot (item 2). Days 74 to 77 ahead are this file's.
 */

const run = randomBytes(3).toString('hex');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });

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
  // The day by employee expects the therapist to be assigned: the treatment's category must name her
  // role, and booking must know her (both arrive by Kafka; the booking journey does the same).
  await prepareBookingStack(admin, deepTissue, {
    categoryName: 'Massage Therapies',
    employeeName: 'Anjali Patel',
  });
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

const book = (startIso: string) => bookCash(customer, deepTissue, startIso, 'Gold');

/**
 * Drags a block with the mouse and lets go `y` pixels below the column's top. The grid is scrolled to
 * its top first: a drag that scrolls it on the way would drop under the sticky column heads.
 */
async function drag(page: Page, source: Locator, column: Locator, y: number) {
  await page.locator('.cal-scroll').evaluate((element) => element.scrollTo(0, 0));
  const from = (await source.boundingBox())!;
  const to = (await column.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 30, to.y + y, { steps: 8 });
  await page.mouse.up();
}

describe('the front desk calendar', () => {
  it('shows the day by room and by employee, and a booking made elsewhere appears without a reload', async () => {
    const day = spaDay(74);
    const date = isoDateOf(day);
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

    // A second desk (the receptionist) is open meanwhile; a customer books online: both desks show it,
    // no reload. Both follow booking's change stream ("Live"); while live a desk reads the calendar
    // again only on a notice (its safety-net read is a minute apart), so the stream is what brings it.
    const reception = await open(receptionist, `/dashboard/calendar?date=${date}&by=employee`);
    await reception.getByRole('button', { name: new RegExp(`^${first}, `) }).waitFor();
    await poll(() => desk.getByText('Live', { exact: true }).count()).toBe(1);
    await poll(() => reception.getByText('Live', { exact: true }).count()).toBe(1);
    const booked = Date.now();
    const second = await book(day.at(16));
    await poll(() => block(second).count()).toBe(1);
    await poll(() => reception.getByRole('button', { name: new RegExp(`^${second}, `) }).count()).toBe(1);
    console.info(`calendar: a booking reached two open desks ${Date.now() - booked} ms after it was made`);
    // By employee, the therapist's column holds them; someone off that day is shaded.
    await poll(() => reception.getByRole('group', { name: /^Anjali Patel: 2 appointments$/ }).count()).toBe(
      1,
    );
    await screenshot(reception, 'calendar-day-employees');
    // Dropped onto the receptionist's own column: booking refuses, and the desk is told why.
    await drag(
      reception,
      reception.getByRole('button', { name: new RegExp(`^${second}, `) }),
      reception.getByRole('group', { name: /^Rohan Verma: / }),
      300,
    );
    await poll(() =>
      reception
        .getByRole('alert')
        .filter({ hasText: `${second} was not given to Rohan Verma` })
        .count(),
    ).toBe(1);
    expect(
      await reception
        .getByRole('alert')
        .filter({ hasText: `${second} was not given to Rohan Verma` })
        .textContent(),
    ).toMatch(/performed by a servicestaff/);

    // Click opens the appointment; the week shows the day among seven.
    await block(first).click();
    const details = desk.getByRole('dialog', { name: first });
    await poll(() => details.getByText(`Tara Calendar ${run}`).count()).toBe(1);
    // The admin's payment dropdown, as on the Appointments tab: paid at the counter.
    await details.getByLabel('Payment status').selectOption('Paid');
    await poll(() => details.getByText(/ · payment Paid$/).count()).toBe(1);
    await details.getByRole('button', { name: /close/i }).first().click();
    await desk.getByRole('button', { name: 'Week' }).click();
    await poll(() => desk.getByRole('group', { name: /: \d+ appointments?$/ }).count()).toBe(7);
    await poll(() => block(second).count()).toBe(1);
    await screenshot(desk, 'calendar-week');
  });

  it('moves a block by dragging it to another room and time; a drop on a taken room is refused with the reason', async () => {
    const day = spaDay(75);
    const date = isoDateOf(day);
    const first = await book(day.at(14));
    const second = await book(day.at(16));
    const calendarNow = await api<{
      rooms: Array<{ id: string; roomNumber: string; type: string; capacity: string; status: string }>;
      appointments: Array<{ appointmentId: string; roomId: string }>;
    }>('GET', `/appointments/calendar?date=${date}`, undefined, admin.token);
    const firstRoom = calendarNow.rooms.find(
      (room) => room.id === calendarNow.appointments.find((each) => each.appointmentId === first)!.roomId,
    )!;
    // Another room of the type and capacity (the price the customer paid: each room at its own price).
    const target = calendarNow.rooms.find(
      (room) =>
        room.type === firstRoom.type &&
        room.capacity === firstRoom.capacity &&
        room.status !== 'Maintenance' &&
        room.id !== firstRoom.id,
    )!;

    const desk = await open(admin, `/dashboard/calendar?date=${date}`);
    const block = (id: string) => desk.getByRole('button', { name: new RegExp(`^${id}, `) });
    await block(first).waitFor();
    const column = desk.getByRole('group', { name: new RegExp(`^Room ${target.roomNumber}: `) });
    // Grabbed at its middle (30 minutes of a 60-minute block, 1.1 px a minute), let go so its top
    // lands at 11:00: two hours below the grid's 9:00.
    const grab = 30 * 1.1;
    await drag(desk, block(first), column, 120 * 1.1 + grab);
    await poll(() => desk.locator('.toast', { hasText: `${first} moved to` }).count()).toBe(1);
    const placed = async () =>
      (
        await api<{ appointments: Array<{ appointmentId: string; roomId: string; start: string }> }>(
          'GET',
          `/appointments/calendar?date=${date}`,
          undefined,
          admin.token,
        )
      ).appointments
        .filter((each) => each.appointmentId === first)
        .map((each) => [each.roomId, each.start]);
    await poll(placed).toEqual([[target.id, day.at(11)]]);
    await poll(() => column.getByRole('button', { name: new RegExp(`^${first}, `) }).count()).toBe(1);

    // The second one dropped onto the same room and time: the engine refuses, and the desk says why.
    await drag(desk, block(second), column, 120 * 1.1 + grab);
    await poll(() =>
      desk
        .getByRole('alert')
        .filter({ hasText: `${second} was not moved` })
        .count(),
    ).toBe(1);
    expect(
      await desk
        .getByRole('alert')
        .filter({ hasText: `${second} was not moved` })
        .textContent(),
    ).toMatch(/No Gold room is free at that time/);
    await screenshot(desk, 'calendar-drag');
  });

  it('checks customers in from a block: arrived, started, completed, each time recorded; a no-show counts on their record', async () => {
    const guest = await verifiedCustomer(`Nisha Walkin ${run}`, 'Lotus-garden-42');
    const ahead = spaDay(76);
    const treated = await bookCash(guest, deepTissue, ahead.at(11), 'Gold');
    const missed = await bookCash(guest, deepTissue, ahead.at(14), 'Gold');
    const today = startsToday();
    await shiftInBooking(missed, ahead.at(14), today.started);
    await shiftInBooking(treated, ahead.at(11), today.other);
    const id = (
      await api<{ appointments: Array<{ id: string; appointmentId: string }> }>(
        'GET',
        `/appointments/calendar?date=${isoDateOf(spaDay(0))}`,
        undefined,
        admin.token,
      )
    ).appointments.find((each) => each.appointmentId === treated)!.id;
    // Hers whatever her shift is (booked at 11:00 it may have found nobody on shift).
    await api('POST', `/appointments/${id}/assign-employee`, { employeeId: therapist.user.id }, admin.token);

    const desk = await open(receptionist, '/dashboard/calendar');
    const block = (id: string) => desk.getByRole('button', { name: new RegExp(`^${id}, `) });
    await block(treated).click();
    const details = desk.getByRole('dialog', { name: treated });
    const checkIn = details.getByRole('group', { name: 'Check-in' });
    // Waiting on its day: arrival and start are offered (a no-show only once it has begun).
    await poll(async () => (await checkIn.getByRole('button').allTextContents()).slice(0, 2)).toEqual([
      'Arrived',
      'Start treatment',
    ]);
    await screenshot(desk, 'calendar-check-in');
    await checkIn.getByRole('button', { name: 'Arrived' }).click();
    await poll(() => details.getByText(/^Arrived \d{1,2}:\d{2} [AP]M$/).count()).toBe(1);
    await poll(() => checkIn.getByRole('button').allTextContents()).toEqual(['Start treatment']);
    // The therapist starts it from her own dashboard; the desk's open dialog follows within seconds.
    const own = await open(therapist, '/dashboard');
    // All of hers: late in the evening the journey's appointment started earlier today.
    await own.getByRole('group', { name: 'Time range' }).getByRole('button', { name: 'All' }).click();
    await own.getByRole('button', { name: `Start treatment: ${treated}` }).click();
    await poll(() => own.locator('.toast', { hasText: `${treated}: In Progress` }).count()).toBe(1);
    await own.getByRole('button', { name: `Complete: ${treated}` }).waitFor();
    await poll(() => checkIn.getByRole('button').allTextContents()).toEqual(['Complete']);
    await checkIn.getByRole('button', { name: 'Complete' }).click();
    await poll(() => details.getByText(/^Completed · payment/).count()).toBe(1);
    expect(await checkIn.count()).toBe(0);
    await poll(() => block(treated).getAttribute('aria-label')).toMatch(/, Completed$/);
    const record = await api<Record<string, string | null>>(
      'GET',
      `/appointments/${id}`,
      undefined,
      admin.token,
    );
    for (const field of ['arrivedAt', 'startedAt', 'completedAt']) expect(record[field]).toMatch(/^\d{4}-/);
    expect(record.noShowAt).toBeNull();
    await details.getByRole('button', { name: /close/i }).first().click();

    // The other never came: the no-show asks once more, then frees the slot and goes on her record.
    await block(missed).click();
    const other = desk.getByRole('dialog', { name: missed });
    await other.getByRole('button', { name: 'No-show' }).click();
    await other.getByRole('button', { name: 'Confirm no-show' }).click();
    await poll(() => other.getByText(/^No-show · payment/).count()).toBe(1);
    await poll(() => other.getByText('1 no-show on record').count()).toBe(1);
    await screenshot(desk, 'calendar-no-show');
  });

  it('books a walk-in for a customer found by name, and a phone call for a new customer who then claims the account', async () => {
    const day = spaDay(77);
    const date = isoDateOf(day);
    const desk = await open(receptionist, `/dashboard/calendar?date=${date}`);
    const block = (name: RegExp) => desk.getByRole('button', { name });
    const dialog = desk.getByRole('dialog', { name: 'New booking' });
    const chooseTreatment = async (time: string) => {
      await dialog.getByLabel('Treatment').selectOption({ label: 'Deep Tissue Massage' });
      await dialog.getByLabel('Room').selectOption('Gold|Single Bed');
      await dialog.getByLabel('Time').fill(time);
    };

    // A walk-in: the desk finds Tara by part of her name.
    await desk.getByRole('button', { name: 'New booking' }).click();
    await dialog.getByLabel('Find by name, phone or email').fill(`Calendar ${run}`);
    await dialog.getByRole('button', { name: new RegExp(`^Tara Calendar ${run}`) }).click();
    await chooseTreatment('12:00');
    // Nothing is sent before every choice is made; then the total to pay at the counter shows.
    await poll(() => dialog.getByText(/^To pay at the counter:/).count()).toBe(1);
    await screenshot(desk, 'calendar-walk-in');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await poll(() => desk.locator('.toast', { hasText: `booked for Tara Calendar ${run}` }).count()).toBe(1);
    await poll(() =>
      block(new RegExp(`, Tara Calendar ${run}, Deep Tissue Massage, 12:00 PM–1:00 PM, `)).count(),
    ).toBe(1);

    // A phone call from someone new: added on the spot with a phone and an email, then booked.
    const email = uniqueEmail('walkin');
    await desk.getByRole('button', { name: 'New booking' }).click();
    await dialog.getByRole('button', { name: 'New customer' }).click();
    const fresh = dialog.getByRole('group', { name: 'New customer' });
    await fresh.getByRole('button', { name: 'Add customer' }).click();
    await poll(() => fresh.getByText('Enter the customer’s name.').count()).toBe(1);
    await fresh.getByLabel('Name').fill(`Vikram Phone ${run}`);
    await fresh.getByLabel('Phone').fill('+91 90000 12345');
    await fresh.getByLabel('Email').fill(email);
    await fresh.getByRole('button', { name: 'Add customer' }).click();
    await poll(() => dialog.getByText(`Vikram Phone ${run}`, { exact: true }).count()).toBe(1);
    await chooseTreatment('15:00');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await poll(() => desk.locator('.toast', { hasText: `booked for Vikram Phone ${run}` }).count()).toBe(1);
    await poll(() =>
      block(new RegExp(`, Vikram Phone ${run}, Deep Tissue Massage, 3:00 PM–4:00 PM, `)).count(),
    ).toBe(1);

    // He gets the confirmation, and an invitation to claim the account the desk made for him.
    await waitForEmail(email, /Deep Tissue Massage .* is booked/);
    const claim = linkTo(await waitForEmail(email, /account is ready/), '/auth/reset-password/');
    expect(claim.startsWith(`${baseUrl()}/auth/reset-password/`)).toBe(true);
    await api('POST', `/auth/reset-password/${new URL(claim).pathname.split('/').pop()}`, {
      password: 'Banyan-tree-51',
    });
    const claimed = await signIn(email, 'Banyan-tree-51');
    const his = await api<{ appointments: Array<{ appointmentDateTime: string }> }>(
      'GET',
      `/appointments/users/${claimed.user.id}/appointments?timeRange=upcoming`,
      undefined,
      claimed.token,
    );
    expect(his.appointments.map((each) => each.appointmentDateTime)).toEqual([day.at(15)]);
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
