// Zero axe-core violations of any impact on every route a visitor, a customer, an
// admin and a member of staff can open, at a desktop width (1280 px) and a phone's (390 px).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSignedIn, signIn, type Session } from './support/api.js';
import { bookCash, isoDateOf, serviceNamed, spaDay, verifiedCustomer } from './support/booking.js';
import { violations } from './support/axe.js';
import { baseUrl, launchBrowser } from './support/browser.js';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function firstId(path: string): Promise<string> {
  const body = await api<unknown>('GET', path);
  const list = (Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? [])) as {
    id: string;
  }[];
  if (!list[0]) throw new Error(`${path} listed nothing`);
  return String(list[0].id);
}

/** Waits until the page has fetched what it shows (no request in flight, no loading placeholder). */
async function settle(page: Page): Promise<void> {
  // The calendar keeps its change stream open, so the network never goes idle there: it has settled
  // once the stream is live (the calendar is read as it opens) and nothing is loading.
  if (new URL(page.url()).pathname === '/dashboard/calendar') await page.locator('.cal-live--on').waitFor();
  else await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await page.waitForTimeout(150);
}

/** Runs `check` on a fresh page at each width, collecting what it finds. */
async function atEachWidth(check: (page: Page, width: number) => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport });
    problems.push(...(await check(await context.newPage(), viewport.width)));
    await context.close();
  }
  return problems;
}

async function open(page: Page, route: string, session?: Session): Promise<void> {
  if (session) await openSignedIn(page, session, route);
  else await page.goto(route);
  await settle(page);
}

const found = async (page: Page, where: string) =>
  (await violations(page)).map((line) => `${where}: ${line}`);

async function audit(routes: string[], session?: Session): Promise<string[]> {
  return atEachWidth(async (page, width) => {
    const problems: string[] = [];
    for (const route of routes) {
      await open(page, route, session);
      problems.push(...(await found(page, `${width}px ${route}`)));
    }
    return problems;
  });
}

/** Each tab of a tab list on a page, opened in turn and checked like a route. */
async function auditTabs(route: string, tablist: string, session: Session): Promise<string[]> {
  return atEachWidth(async (page, width) => {
    await open(page, route, session);
    const tabs = page.getByRole('tablist', { name: tablist }).getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(1);
    const problems: string[] = [];
    for (let index = 0; index < count; index++) {
      const name = (await tabs.nth(index).textContent())?.trim();
      await tabs.nth(index).click();
      await settle(page);
      problems.push(...(await found(page, `${width}px ${route} [${name}]`)));
    }
    return problems;
  });
}

/** A page after some clicks (a dialog opened, a form shown), checked like a route at each width. */
async function auditAfter(
  route: string,
  session: Session,
  what: string,
  steps: (page: Page) => Promise<void>,
): Promise<string[]> {
  return atEachWidth(async (page, width) => {
    await open(page, route, session);
    await steps(page);
    await settle(page);
    return found(page, `${width}px ${route} [${what}]`);
  });
}

/** Puts a product in the cart, once commerce's copy of the catalogue has it (it arrives by Kafka). */
async function addToCart(session: Session, productId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        api('POST', '/cart', { product: productId, quantity: 1 }, session.token).then(
          () => true,
          () => false,
        ),
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

/** A cash-on-delivery order of the customer's, so their orders and the admin's Orders tab have a row to act on. */
async function placeCashOrder(session: Session): Promise<string> {
  await addToCart(session, await firstId('/products'));
  const address = await api<{ _id: string }>(
    'POST',
    '/addresses',
    {
      label: 'Home',
      fullName: 'Asha Verma',
      phone: '+91 98260 12345',
      street: '2 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
      country: 'India',
    },
    session.token,
  );
  const placed = await api<{ order: { _id: string } }>(
    'POST',
    '/orders',
    { paymentMethod: 'COD', shippingAddress: { _id: address._id }, taxPrice: 0, shippingPrice: 0 },
    session.token,
  );
  return placed.order._id;
}

/**
 * Each sweep opens a dozen screens at two widths and audits each one: about a minute on a loaded
 * 2-core machine, so it gets more than the suite's default minute.
 */
const SWEEP_TIMEOUT_MS = 150_000;

describe('no axe-core violations on any route', () => {
  it(
    'signed out',
    async () => {
      const product = await firstId('/products');
      const service = await firstId('/admin/services');
      const routes = [
        '/',
        '/store',
        '/appointment',
        `/products/${product}`,
        `/service/${service}`,
        '/login',
        '/auth/register',
        '/auth/forgot-password',
        '/privacy',
        '/terms',
      ];
      expect(await audit(routes)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'as a customer',
    async () => {
      const customer = await signIn('customer@spa.local', 'Customer@12345');
      // The screens with something in them, whatever ran before: a placed order, and a line in the cart.
      const orderId = await placeCashOrder(customer);
      await addToCart(customer, await firstId('/products'));
      const routes = [
        `/orders/${orderId}`,
        '/',
        '/store',
        '/dashboard',
        '/cart',
        '/my-appointments',
        '/orders',
        '/favorites',
        '/settings',
        '/reviews',
        '/address-management',
        '/help',
      ];
      expect(await audit(routes, customer)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'as an admin',
    async () => {
      const admin = await signIn('admin@spa.local', 'Admin@12345');
      // A day with an appointment on it, so the calendar's blocks are checked whatever ran before.
      const day = spaDay(90);
      const guest = await verifiedCustomer('Axe Calendar', 'Lotus-garden-42');
      await bookCash(guest, await serviceNamed('Deep Tissue Massage'), day.at(12));
      const date = isoDateOf(day);
      const routes = [
        '/dashboard',
        '/dashboard/employees',
        `/dashboard/calendar?date=${date}`,
        `/dashboard/calendar?date=${date}&view=week`,
        `/dashboard/calendar?date=${date}&by=employee`,
        '/bills/view',
        '/bills/create',
        '/settings',
      ];
      expect(await audit(routes, admin)).toEqual([]);
      expect(await auditTabs('/dashboard', 'Admin sections', admin)).toEqual([]);
      expect(await auditTabs('/dashboard/employees', 'Employee management', admin)).toEqual([]);
      // The calendar's walk-in booking dialog, with its new-customer form open.
      expect(
        await auditAfter('/dashboard/calendar', admin, 'New booking', async (page) => {
          await page.getByRole('button', { name: 'New booking' }).click();
          const dialog = page.getByRole('dialog', { name: 'New booking' });
          await dialog.getByRole('button', { name: 'New customer' }).click();
          await dialog.getByRole('group', { name: 'New customer' }).waitFor();
        }),
      ).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'as staff',
    async () => {
      const staff = await signIn('therapist@spa.local', 'Staff@12345');
      const routes = ['/dashboard', '/bills/view', '/bills/create', '/settings'];
      expect(await audit(routes, staff)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});

describe('keyboard', () => {
  it('offers a visible skip link first, lands on the main content, and shows where focus is', async () => {
    for (const viewport of WIDTHS) {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport });
      const page = await context.newPage();
      await page.goto('/store');
      await settle(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect.poll(() => skip.evaluate((element) => element === document.activeElement)).toBe(true);
      const box = await skip.boundingBox();
      expect(box && box.y >= 0 && box.height > 0).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      // The next stop after the header is inside the page, and its focus is drawn (ring or outline).
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          inMain: Boolean(element.closest('main')),
          drawn:
            style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px'),
        };
      });
      expect(focus).toEqual({ inMain: true, drawn: true });
      await context.close();
    }
  });
});
