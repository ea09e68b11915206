import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bookCash,
  openSignedIn,
  prepareBookingStack,
  quietStartsToday,
  serviceNamed,
  shiftInBooking,
  signIn,
  spaDay,
  verifiedCustomer,
  type CatalogueService,
  type Session,
} from './support/booking.js';
import { violations } from './support/axe.js';
import { launchBrowser, newPage, untilInteractive } from './support/browser.js';
import { samplePng } from './support/images.js';
import { waitForEmail } from './support/inbox.js';
import { screenshot } from './support/session.js';

/*
 * Verified reviews through the gateway and the browser: a customer's completed visit
 * (booking's event reaches catalogue) waits in My Reviews; the review written there shows on the
 * treatment's page as a verified visit with the real average; the admin hides it with a reason (the
 * author is emailed and still sees why), shows it again and replies in public. Day 88 is this file's.
 */

const run = randomBytes(3).toString('hex');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 200 });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

let browser: Browser;
let admin: Session;
let customer: Session;
let deepTissue: CatalogueService;
let current: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
  customer = await verifiedCustomer(`Rhea ${run} Review`, 'Lotus-garden-42');
  deepTissue = await serviceNamed('Deep Tissue Massage');
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
    for (const page of current) await screenshot(page, 'failed-reviews').catch(() => {});
  for (const page of current) if (!page.isClosed()) await page.context().close();
  current = [];
});

async function open(session: Session, path: string): Promise<Page> {
  const { page } = await newPage(browser);
  current.push(page);
  await openSignedIn(page, session, path);
  return page;
}

const [visitStart, guestStart] = quietStartsToday();

/**
 * The desk takes a visit shifted to `start` (today) through Arrived and In Progress, then, as if the
 * treatment ran yesterday, to Completed: a review opens only once the visit has ended.
 */
async function checkInAndFinish(code: string, id: string, start: number): Promise<void> {
  for (const status of ['Arrived', 'In Progress'])
    await api('PUT', `/appointments/${id}/check-in`, { status }, admin.token);
  await shiftInBooking(code, new Date(start).toISOString(), start - 86_400_000);
  await api('PUT', `/appointments/${id}/check-in`, { status: 'Completed' }, admin.token);
}

/** A visit of the customer's that the desk takes through check-in to Completed (once per run). */
let visit: Promise<void> | undefined;
const completedVisit = () => (visit ??= completeVisit());
async function completeVisit(): Promise<void> {
  const day = spaDay(88);
  const code = await bookCash(customer, deepTissue, day.at(14), 'Gold');
  await shiftInBooking(code, day.at(14), visitStart!);
  const { appointments } = await api<{ appointments: Array<{ _id: string; appointmentId: string }> }>(
    'GET',
    `/appointments/users/${customer.user.id}/appointments?timeRange=all`,
    undefined,
    customer.token,
  );
  const visit = appointments.find((appointment) => appointment.appointmentId === code)!;
  await checkInAndFinish(code, visit._id, visitStart!);
}

describe('verified reviews', () => {
  it('a completed visit is reviewed from My Reviews, shows on the treatment page, and the admin hides, shows and answers it', async () => {
    await completedVisit();
    const text = `Firm pressure exactly where it was needed. ${run}`;

    // My Reviews: the visit waits there once booking's event has reached catalogue.
    const mine = await open(customer, '/reviews');
    const write = mine.getByRole('button', { name: 'Write a review of Deep Tissue Massage' });
    // Each look reloads the page and waits for its answer (a reload every poll would never let it load).
    await poll(async () => {
      if ((await write.count()) === 0) {
        await mine.reload();
        await mine
          .locator('.apt-page__count')
          .filter({ hasText: /waiting/ })
          .waitFor();
      }
      return write.count();
    }).toBe(1);
    expect(await violations(mine)).toEqual([]);
    await write.click();
    const form = mine.getByRole('dialog', { name: 'Review Deep Tissue Massage' });
    await form.getByRole('button', { name: 'Post review' }).click();
    await poll(() => form.getByText('Choose from one to five stars').count()).toBe(1);
    await form.locator('label', { hasText: '4 stars' }).click();
    await form.getByLabel('Your review (optional)').fill(text);
    // A photo of the visit, uploaded as the customer (POST /reviews/photos).
    await form.locator('input[type="file"]').setInputFiles({
      name: 'visit.png',
      mimeType: 'image/png',
      buffer: samplePng(),
    });
    await poll(() => form.getByRole('img', { name: 'Your photo' }).count()).toBe(1);
    await screenshot(mine, 'review-form');
    await form.getByRole('button', { name: 'Post review' }).click();
    await poll(() => toast(mine, 'Thank you for your review').count()).toBe(1);
    const written = mine.getByRole('region', { name: 'Your reviews' });
    await poll(() => written.textContent()).toContain(text);
    await poll(() => mine.locator('.apt-page__count').textContent()).toMatch(/^1 written/);

    // The treatment's page: the review as a verified visit, and the real rating.
    const servicePage = await open(customer, `/service/${deepTissue._id}`);
    const reviews = servicePage.getByRole('region', { name: 'Reviews' });
    // The reviews are read once the visitor scrolls near them (after the app has taken the page over:
    // a signed-in page is drawn afresh, so the server's section is replaced).
    await untilInteractive(servicePage);
    await reviews.scrollIntoViewIfNeeded();
    await poll(() => reviews.textContent()).toContain(text);
    const item = reviews.locator('.review-item', { hasText: text });
    expect(await item.textContent()).toContain('Verified visit');
    expect(await item.textContent()).toContain(`Rhea R.`);
    expect(await item.getByRole('img', { name: '4 out of 5 stars' }).count()).toBe(1);
    await poll(() =>
      item.locator('img.review-item__photo').evaluate((image) => (image as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    expect(
      await servicePage.getByRole('img', { name: /out of 5 from \d+ reviews?$/ }).count(),
    ).toBeGreaterThan(0);
    await screenshot(servicePage, 'service-reviews');

    // The admin hides it with a reason: the author is emailed and sees why; the page no longer shows it.
    const desk = await open(admin, '/dashboard?tab=reviews');
    const byRhea = `the review by Rhea ${run} Review of Deep Tissue Massage`;
    await desk.getByRole('button', { name: `Hide ${byRhea}` }).click();
    const hide = desk.getByRole('dialog', { name: 'Hide review' });
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await poll(() => hide.getByText('Say why, for its author').count()).toBe(1);
    await hide.getByLabel('Reason (sent to the author)').fill('It names a member of staff.');
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await poll(() => toast(desk, 'Review hidden; its author has been told').count()).toBe(1);
    expect(await violations(desk)).toEqual([]);
    const email = await waitForEmail(customer.user.email, /Your review was hidden/);
    expect(email.text).toContain('It names a member of staff.');
    expect(email.text).toContain('Deep Tissue Massage');

    await servicePage.reload();
    const afterHiding = servicePage.getByRole('region', { name: 'Reviews' });
    await untilInteractive(servicePage);
    await afterHiding.scrollIntoViewIfNeeded();
    await poll(() => afterHiding.textContent()).not.toContain('Loading reviews');
    expect(await afterHiding.textContent()).not.toContain(text);
    await mine.reload();
    await poll(() => mine.getByRole('region', { name: 'Your reviews' }).textContent()).toContain(
      'Hidden by the spa: It names a member of staff.',
    );

    // Shown again, with a public reply under it.
    await desk.getByRole('button', { name: `Show ${byRhea} again` }).click();
    await poll(() => toast(desk, 'Review shown again').count()).toBe(1);
    await desk.getByRole('button', { name: `Reply to ${byRhea}` }).click();
    const reply = desk.getByRole('dialog', { name: 'Reply to review' });
    await reply.getByLabel('Your public reply').fill('Thank you, Rhea. See you soon!');
    await reply.getByRole('button', { name: 'Publish reply' }).click();
    await poll(() => toast(desk, 'Reply published').count()).toBe(1);

    await servicePage.reload();
    await untilInteractive(servicePage);
    await servicePage.getByRole('region', { name: 'Reviews' }).scrollIntoViewIfNeeded();
    const shown = servicePage
      .getByRole('region', { name: 'Reviews' })
      .locator('.review-item', { hasText: text });
    await poll(() => shown.textContent()).toContain('Reply from the spa');
    expect(await shown.textContent()).toContain('Thank you, Rhea. See you soon!');
  });
  it("shows the owner's reports with the visit's revenue, a chart and a CSV of each, to admins only", async () => {
    // The visit the first journey completed (or, run alone, this one) counts today.
    await completedVisit();
    const desk = await open(admin, '/dashboard');
    await desk.getByRole('link', { name: 'Open the reports' }).click();
    await desk.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const byTreatment = desk.getByRole('region', { name: 'Revenue by treatment' });
    // Billing follows booking's events: the completed visit arrives within moments.
    await poll(async () => {
      if ((await byTreatment.getByText('Deep Tissue Massage').count()) === 0) {
        await desk.reload();
        await desk.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
      }
      return byTreatment.getByText('Deep Tissue Massage', { exact: true }).count();
    }).toBeGreaterThan(0);
    expect(await byTreatment.locator('canvas[role="img"]').count()).toBe(1);
    expect(await desk.getByRole('region', { name: 'Revenue by day' }).locator('canvas').count()).toBe(1);
    await screenshot(desk, 'reports');
    expect(await violations(desk)).toEqual([]);

    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      byTreatment.getByRole('button', { name: 'Download CSV of revenue by treatment' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^revenue-by-treatment-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFTreatment,Appointments,Revenue (₹)\r\n')).toBe(true);
    expect(csv).toMatch(/\r\nDeep Tissue Massage,\d+,\d+(\.\d+)?\r\n/);

    // A range the server would refuse is said at once; a customer never sees the page.
    await desk.getByLabel('From', { exact: true }).fill('2020-01-01');
    await poll(() => desk.getByRole('alert').first().textContent()).toBe('At most 366 days at a time');
    const visitor = await open(customer, '/dashboard/reports');
    await visitor.waitForURL(/\/unauthorized$/);
  });
  it('a review request email links to a form that needs no sign-in, once', async () => {
    // Another customer's visit, completed today apart from the first journey's.
    const guest = await verifiedCustomer(`Ira ${run} Mehta`, 'Lotus-garden-42');
    const day = spaDay(89);
    const code = await bookCash(guest, deepTissue, day.at(14), 'Gold');
    await shiftInBooking(code, day.at(14), guestStart!);
    const { appointments } = await api<{ appointments: Array<{ _id: string; appointmentId: string }> }>(
      'GET',
      `/appointments/users/${guest.user.id}/appointments?timeRange=all`,
      undefined,
      guest.token,
    );
    const booked = appointments.find((appointment) => appointment.appointmentId === code)!;
    await checkInAndFinish(code, booked._id, guestStart!);

    const email = await waitForEmail(guest.user.email, /^How was your Deep Tissue Massage\?/, {
      timeoutMs: 60_000,
    });
    const link = /https?:\/\/[^\s"<>]+\/review\/[A-Za-z0-9_.-]+/.exec(email.text)?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname;

    // Signed out: the link opens the form for that visit.
    const { page } = await newPage(browser);
    current.push(page);
    await page.goto(path);
    await page.getByRole('heading', { name: 'How was your Deep Tissue Massage, Ira?' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.locator('label', { hasText: '5 stars' }).click();
    await page.getByLabel('Your review (optional)').fill(`Best massage in Indore. ${run}`);
    await page.getByRole('button', { name: 'Post review' }).click();
    await page.getByRole('heading', { name: 'Thank you for your review' }).waitFor();
    await screenshot(page, 'review-invitation');

    // It is the guest's review, on the page; the link does not work twice.
    const mine = await api<{ written: Array<{ text: string; rating: number }> }>(
      'GET',
      '/reviews/mine',
      undefined,
      guest.token,
    );
    expect(mine.written.map((review) => [review.rating, review.text])).toEqual([
      [5, `Best massage in Indore. ${run}`],
    ]);
    await page.goto(path);
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(await page.getByText('This visit has been reviewed already. Thank you!').count()).toBe(1);
    // A forged link is refused.
    await page.goto(`${path.slice(0, -2)}${path.endsWith('A') ? 'B' : 'A'}x`);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
  });
});
