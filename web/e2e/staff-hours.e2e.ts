import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, isoDateOf, openSignedIn, signIn, spaDay, type Session } from './support/booking.js';
import { launchBrowser, newPage } from './support/browser.js';
import { screenshot } from './support/session.js';

/*
 * Staff schedules and time off through the gateway, booking and the browser: the
 * receptionist asks for days off from the dashboard, the admin approves them in Staff hours and the
 * receptionist sees it; the admin gives him his own weekly hours and then his shift's again. Rohan (the
 * receptionist) performs no treatment, so no other journey's bookings depend on his time.
 */

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

let browser: Browser;
let admin: Session;
let rohan: Session;
let current: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
  rohan = await signIn('reception@spa.local', 'Staff@12345');
  // A run before may have left a request standing on these days: withdraw it, start clean.
  const mine = await api<{ requests: Array<{ id: string; status: string }> }>(
    'GET',
    '/appointments/time-off',
    undefined,
    rohan.token,
  );
  for (const request of mine.requests.filter(
    (each) => each.status === 'requested' || each.status === 'approved',
  ))
    await api('PUT', `/appointments/time-off/${request.id}/withdraw`, undefined, rohan.token);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && current && !current.isClosed())
    await screenshot(current, 'failed-staff-hours');
  if (current && !current.isClosed()) await current.context().close();
  current = undefined;
});

describe('staff hours and time off', () => {
  it('the receptionist asks for days off, the admin approves them, and he sees it', async () => {
    const first = spaDay(80);
    const last = spaDay(81);
    const { page: employee } = await newPage(browser);
    current = employee;
    // The identity service announces the seeded staff: booking may learn of Rohan a moment after start.
    await poll(async () =>
      api('GET', `/appointments/schedules/${rohan.user.id}`, undefined, rohan.token).then(
        () => true,
        () => false,
      ),
    ).toBe(true);
    await openSignedIn(employee, rohan, '/dashboard');
    const section = employee.getByRole('region', { name: 'Hours and time off' });
    // Another journey may have moved him to another shift: his hours are his shift's, whichever it is.
    const before = await api<{ shift: string; days: Array<{ opens: string; closes: string }> }>(
      'GET',
      `/appointments/schedules/${rohan.user.id}`,
      undefined,
      rohan.token,
    );
    await poll(() => section.getByText('Your hours:').locator('..').textContent()).toContain(
      `Mon–Sun ${before.days[1]!.opens}–${before.days[1]!.closes} (your ${before.shift} shift)`,
    );
    const form = section.getByRole('form', { name: 'Ask for time off' });
    await form.getByRole('button', { name: 'Ask for time off' }).click();
    await poll(() => form.getByText('Say why (leave, training, a family event…)').count()).toBe(1);
    await form.getByLabel('First day').fill(isoDateOf(first));
    await form.getByLabel('Last day').fill(isoDateOf(last));
    await form.getByLabel('Reason').fill('Cousin’s wedding');
    await form.getByRole('button', { name: 'Ask for time off' }).click();
    await poll(() => toast(employee, 'waiting for approval').count()).toBe(1);
    const mine = section.getByRole('list', { name: 'Your time off requests' });
    await poll(() => mine.getByText('Waiting for approval').count()).toBe(1);

    const { page } = await newPage(browser);
    current = page;
    await openSignedIn(page, admin, '/dashboard?tab=staff-hours');
    await page.getByRole('heading', { name: 'Time off' }).waitFor();
    const approve = page.getByRole('button', { name: /^Approve time off for Rohan Verma/ });
    await approve.click();
    await poll(() => toast(page, 'Rohan Verma').count()).toBe(1);
    await poll(() => page.getByRole('row', { name: /Rohan Verma.*Approved/ }).count()).toBe(1);
    expect(await approve.count()).toBe(0);
    await screenshot(page, 'staff-hours-admin');

    // He sees the decision on his dashboard, and withdraws it again.
    current = employee;
    await employee.reload();
    await poll(() => mine.getByText('Approved').count()).toBe(1);
    await mine.getByRole('button', { name: /^Withdraw time off/ }).click();
    await poll(() => mine.getByText('Withdrawn').count()).toBe(1);
    await screenshot(employee, 'staff-hours-employee');
    await page.context().close();
  });

  it('the admin gives an employee weekly hours of his own, then his shift again', async () => {
    const { page } = await newPage(browser);
    current = page;
    await openSignedIn(page, admin, '/dashboard?tab=staff-hours');
    const weekly = page.getByRole('region', { name: 'Weekly hours' });
    await weekly.waitFor();
    const shift = await api<{ shift: string; days: Array<{ opens: string; closes: string }> }>(
      'GET',
      `/appointments/schedules/${rohan.user.id}`,
      undefined,
      rohan.token,
    );
    await page.getByRole('button', { name: 'Edit hours of Rohan Verma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hours of Rohan Verma' });
    await dialog.getByLabel('Works on Sunday').uncheck();
    await dialog.getByLabel('Saturday from').fill('10:00');
    await dialog.getByLabel('Saturday until').fill('09:00');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    await poll(() => dialog.getByText('Saturday: The day must end after it starts').count()).toBe(1);
    await dialog.getByLabel('Saturday until').fill('14:00');
    await dialog.getByRole('button', { name: 'Save hours' }).click();
    const summary = `Mon–Fri ${shift.days[1]!.opens}–${shift.days[1]!.closes} · Sat 10:00–14:00 · Sun off`;
    await poll(() => toast(page, `Rohan Verma: ${summary}`).count()).toBe(1);
    await poll(() => weekly.getByRole('row', { name: /Rohan Verma/ }).textContent()).toContain('Own hours');
    const schedule = await api<{ usesShift: boolean }>(
      'GET',
      `/appointments/schedules/${rohan.user.id}`,
      undefined,
      rohan.token,
    );
    expect(schedule.usesShift).toBe(false);

    await page.getByRole('button', { name: 'Edit hours of Rohan Verma' }).click();
    await page
      .getByRole('dialog', { name: 'Hours of Rohan Verma' })
      .getByRole('button', { name: `Use the ${shift.shift} shift again` })
      .click();
    await poll(() => weekly.getByRole('row', { name: /Rohan Verma/ }).textContent()).toContain(
      `${shift.shift} shift`,
    );
  });
});
