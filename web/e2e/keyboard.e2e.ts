// Keyboard journeys: sign-in, the booking wizard, cart → checkout with cash on
// delivery and a member of staff's new bill, each completed with the keyboard alone (Tab, Shift+Tab,
// Enter, Space, arrow keys and typing; no mouse click), every stop's focus drawn, and the skip link
// the first stop of a page.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  openSignedIn,
  prepareBookingStack,
  serviceNamed,
  signIn,
  spaDay,
  verifiedCustomer,
  type Session,
} from './support/booking.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { screenshot } from './support/session.js';

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });

let browser: Browser;
let customer: Session;
let current: { page: Page; problems: string[] } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await verifiedCustomer('Keyboard Kavya', 'Lotus-keys-42');
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && current && !current.page.isClosed())
    await screenshot(current.page, `failed-keyboard-${task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  if (current && !current.page.isClosed()) await current.page.context().close();
  current = undefined;
});

async function open() {
  current = await newPage(browser);
  return current;
}

/** Whether the focused element (or the label of a focused radio or checkbox) draws its focus. */
function focusDrawn(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return false;
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
    };
    return drawn(element) || drawn(element.closest('label'));
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails when it is not
 * reached within `limit` presses or when the stop does not draw its focus.
 */
async function tabTo(page: Page, target: Locator, { limit = 150, back = false } = {}): Promise<void> {
  await target.waitFor();
  for (let press = 0; press <= limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(await focusDrawn(page), `the focus on ${String(target)} is not drawn`).toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Tabs to a control and presses a key on it (Enter for links and buttons, Space for radios). */
async function activate(page: Page, control: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press(key);
}

/** The first Tab of a freshly loaded page reaches the visible skip link; Enter lands on main. */
async function skipToMain(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  // As a person would, wait for the page to show (and its script to take over) before reaching for
  // the keyboard.
  await skip.waitFor({ state: 'attached' });
  await poll(() => page.evaluate(() => document.documentElement.dataset.app === 'interactive')).toBe(true);
  await page.keyboard.press('Tab');
  await poll(() => skip.evaluate((element) => element === document.activeElement)).toBe(true);
  const box = await skip.boundingBox();
  expect(box && box.y >= 0 && box.height > 0).toBe(true);
  await page.keyboard.press('Enter');
  await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
}

describe('with the keyboard alone', () => {
  it('signs in', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    await skipToMain(page);
    await typeInto(page, page.getByLabel('Email'), 'admin@spa.local');
    await typeInto(page, page.getByLabel('Password', { exact: true }), 'Admin@12345');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it('books an appointment through every step of the wizard', async () => {
    const admin = await signIn('admin@spa.local', 'Admin@12345');
    const swedish = await serviceNamed('Swedish Massage');
    await prepareBookingStack(admin, swedish, {
      categoryName: 'Massage Therapies',
      employeeName: 'Anjali Patel',
    });
    const day = spaDay(11);

    const { page, problems } = await open();
    await openSignedIn(page, customer, '/appointment');
    await skipToMain(page);
    await activate(page, page.getByRole('button', { name: 'Massage Therapies', exact: true }));
    await activate(page, page.getByRole('button', { name: 'Book Now: Swedish Massage' }));
    await page.getByRole('heading', { name: 'Select a time' }).waitFor();

    await activate(page, page.getByRole('radio', { name: /^60 min/ }), 'Space');
    await poll(() => page.getByRole('radio', { name: /^60 min/ }).isChecked()).toBe(true);
    await typeInto(page, page.getByLabel('Date (MM/dd/yyyy)'), day.text);
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: `Start time on ${day.text}` }).waitFor();
    // The one Service Staff therapist works the night shift (1:00 PM to 9:00 PM): the wizard offers those.
    await activate(page, page.getByRole('button', { name: '2:30 PM', exact: true }));
    await poll(() => page.locator('.booking-chosen').textContent()).toBe(`Selected: ${day.text} 2:30 PM`);
    await activate(page, page.getByRole('button', { name: 'Continue' }));

    await page.getByRole('heading', { name: 'Select a room type' }).waitFor();
    await activate(page, page.getByRole('radio', { name: /Silver/ }).first(), 'Space');
    await poll(() =>
      page
        .getByRole('radio', { name: /Silver/ })
        .first()
        .isChecked(),
    ).toBe(true);
    await activate(page, page.getByRole('button', { name: 'Continue' }));

    await page.getByRole('heading', { name: 'Review and confirm' }).waitFor();
    expect(await page.getByRole('radio', { name: /Pay at Counter \(Cash\)/ }).isChecked()).toBe(true);
    await activate(page, page.getByRole('button', { name: 'Confirm Booking', exact: true }));
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
  });

  it('adds a product to the cart and checks out with cash on delivery', async () => {
    const products = await api<Array<{ _id: string; name: string; stock: number }>>('GET', '/products');
    const product = products.find((candidate) => candidate.name === 'Neem & Tulsi Soap') ?? products[0]!;
    // Commerce learns of the catalogue's products through Kafka: wait until it knows this one.
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const cart = await api<{ items: Array<{ _id: string }> }>(
          'POST',
          '/cart',
          { product: product._id, quantity: 1 },
          customer.token,
        );
        for (const item of cart.items) await api('DELETE', `/cart/${item._id}`, undefined, customer.token);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    const { page, problems } = await open();
    await openSignedIn(page, customer, `/products/${product._id}`);
    await skipToMain(page);
    await activate(page, page.getByRole('button', { name: 'Add to Cart' }));
    const cartLink = page.getByRole('link', { name: 'Cart, 1 item' });
    await poll(() => cartLink.count()).toBe(1);
    // The cart icon is in the header, before main: back with Shift+Tab.
    await tabTo(page, cartLink, { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/cart`);
    await activate(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
    await page.waitForURL(`${baseUrl()}/createorder`);

    await activate(page, page.getByRole('button', { name: 'Add New Address' }));
    const form = page.getByRole('dialog', { name: 'Add New Address' });
    await form.waitFor();
    await typeInto(page, form.getByLabel('Full name'), 'Kavya Keys');
    await typeInto(page, form.getByLabel('Phone'), '+91 98930 44444');
    await typeInto(page, form.getByLabel('Street address'), '8 Race Course Road');
    await typeInto(page, form.getByLabel('City'), 'Indore');
    await typeInto(page, form.getByLabel('State'), 'Madhya Pradesh');
    await typeInto(page, form.getByLabel('Postal code'), '452003');
    await activate(page, form.getByRole('button', { name: 'Save Address' }));
    await poll(() => page.getByRole('radio', { name: /Kavya Keys/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Cash on Delivery/ }).isChecked()).toBe(true);
    await activate(page, page.getByRole('button', { name: 'Place Order' }));
    await page.waitForURL(/\/order\/[^/]+$/);
    await poll(() => page.locator('.facts').textContent()).toContain('Cash on Delivery');
    expect(problems).toEqual([]);
  });

  it('creates a bill as staff', async () => {
    const staff = await signIn('therapist@spa.local', 'Staff@12345');
    const { page, problems } = await open();
    await openSignedIn(page, staff, '/bills/create');
    await skipToMain(page);
    await typeInto(page, page.getByRole('textbox', { name: 'Name', exact: true }), 'Ritu Keys');
    await typeInto(page, page.getByLabel('Customer ID'), `KB-${Date.now()}`);
    await typeInto(page, page.getByLabel('Phone'), '98765 43210');
    // A select takes arrow keys.
    await tabTo(page, page.getByLabel('Gender'));
    await page.keyboard.press('ArrowDown');
    const service = page.getByRole('listitem', { name: 'Service 1' });
    await typeInto(page, service.getByLabel('Service', { exact: true }), 'Swedish Massage');
    await typeInto(page, service.getByLabel('Price (₹)'), '1000');
    await poll(() => service.locator('output').textContent()).toBe('₹997.50');
    const product = page.getByRole('listitem', { name: 'Product 1' });
    await typeInto(page, product.getByLabel('Product', { exact: true }), 'Lavender Oil');
    await typeInto(page, product.getByLabel('Unit price (₹)'), '450');
    await activate(page, page.getByRole('button', { name: 'Generate Bill' }));
    await page.waitForURL(/\/bill\/[^/]+\/view$/, { timeout: 20_000 });
    expect(problems).toEqual([]);
  });
});
