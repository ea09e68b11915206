import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, untilInteractive } from './support/browser.js';
import { samplePng } from './support/images.js';

/*
 * Catalogue journeys through the real gateway, identity and catalogue services. Everything a journey
 * looks for is created here under a run-unique name, so seeded demo data (if any) never matters.
 */

const run = randomBytes(3).toString('hex');
const named = (name: string) => `${name} ${run}`;

interface Session {
  token: string;
  user: Record<string, unknown>;
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The identity service's development seed signs the admin in (it also runs in the test stack). */
async function signIn(email: string, password: string): Promise<Session> {
  const { data } = await api<{ data: Session }>('POST', '/auth/login', { email, password });
  return data;
}

/** Loads the app once, stores the session where the app keeps it, then opens the page. */
async function openSignedIn(page: Page, session: Session, path: string) {
  await page.goto('/unauthorized');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto(path);
}

// ---- the admin panel ----

async function openAdminTab(page: Page, tab: 'Services' | 'Rooms' | 'Products') {
  await page.getByRole('tab', { name: tab, exact: true }).first().click();
}

/** Polls until the assertion holds; generous, as the machine is shared and the first paint can be slow. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

let browser: Browser;
let admin: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
});

afterAll(async () => {
  await browser?.close();
});

describe('store: a visitor filters, pages and opens a product', () => {
  const categoryName = named('E2E Rituals');
  const massageName = named('Massage Oils');
  const bathName = named('Bath Salts');
  let categoryId: string;
  let featuredId: string;

  beforeAll(async () => {
    const category = await api<{ _id: string }>(
      'POST',
      '/product-categories',
      { name: categoryName },
      admin.token,
    );
    categoryId = category._id;
    const massage = await api<{ _id: string }>(
      'POST',
      '/subcategories',
      { name: massageName, productCategory: categoryId },
      admin.token,
    );
    const bath = await api<{ _id: string }>(
      'POST',
      '/subcategories',
      { name: bathName, productCategory: categoryId },
      admin.token,
    );
    // Ten massage oils: more than one store page of 8.
    for (let index = 1; index <= 10; index++) {
      await api(
        'POST',
        '/products',
        {
          name: named(`Oil No ${String(index).padStart(2, '0')}`),
          description: 'A calming blend for evening massage.',
          price: 450 + index,
          stock: 20,
          productCategory: categoryId,
          subcategory: massage._id,
          sku: `E2E-${run}-${index}`,
        },
        admin.token,
      );
    }
    const featured = await api<{ _id: string }>(
      'POST',
      '/products',
      {
        name: named('Himalayan Salt Soak'),
        description: 'Pink salt with eucalyptus for a long, warm bath.',
        price: 1299.5,
        stock: 3,
        productCategory: categoryId,
        subcategory: bath._id,
        weight: '500 g',
      },
      admin.token,
    );
    featuredId = featured._id;
    await api(
      'POST',
      '/products',
      {
        name: named('Rose Bath Milk'),
        description: 'Sold out until the next batch.',
        price: 799,
        stock: 0,
        productCategory: categoryId,
        subcategory: bath._id,
      },
      admin.token,
    );
  });

  it('filters by category and subcategory in the address, pages through, and the back button walks back', async () => {
    const { page, problems } = await newPage(browser);
    await page.goto('/store');
    await untilInteractive(page);
    await page
      .getByRole('group', { name: 'Product categories' })
      .getByRole('button', { name: categoryName })
      .click();
    await poll(() => new URL(page.url()).searchParams.get('category')).toBe(categoryId);
    await poll(() => page.locator('.store__count').textContent()).toBe(
      `12 product(s) found in ${categoryName}`,
    );

    await page
      .getByRole('group', { name: 'Subcategories' })
      .getByRole('button', { name: massageName })
      .click();
    await poll(() => page.locator('.store__count').textContent()).toBe(
      `10 product(s) found in ${categoryName} / ${massageName}`,
    );
    await poll(() => page.locator('.store-card').count()).toBe(8);

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2' }).click();
    await poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await poll(() => page.locator('.store-card').count()).toBe(2);

    // A shared link opens the same page.
    const shared = page.url();
    const { page: friend } = await newPage(browser);
    await friend.goto(shared);
    await poll(() => friend.locator('.store-card').count()).toBe(2);
    await poll(() => friend.locator('.store__count').textContent()).toBe(
      `10 product(s) found in ${categoryName} / ${massageName}`,
    );

    await page.goBack();
    await poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
    await poll(() => page.locator('.store-card').count()).toBe(8);
    await page.goBack();
    await poll(() => page.locator('.store__count').textContent()).toBe(
      `12 product(s) found in ${categoryName}`,
    );

    // The bath salts: one out of stock, whose Add to Cart is disabled; no pagination for one page.
    await page.getByRole('group', { name: 'Subcategories' }).getByRole('button', { name: bathName }).click();
    await poll(() => page.locator('.store-card').count()).toBe(2);
    const soldOut = page.locator('.store-card', { hasText: named('Rose Bath Milk') });
    await poll(() => soldOut.getByText('Out of Stock').count()).toBe(1);
    expect(await soldOut.getByRole('button', { name: /Add .* to cart/i }).isDisabled()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);

    // Signed out, Add to Cart asks for a sign-in.
    const soak = page.locator('.store-card', { hasText: named('Himalayan Salt Soak') });
    await soak.getByRole('button', { name: /Add .* to cart/i }).click();
    await poll(() => toast(page, 'Please login to add items to cart').count()).toBe(1);

    await soak.getByRole('link', { name: named('Himalayan Salt Soak'), exact: true }).click();
    await page.waitForURL(`${baseUrl()}/products/${featuredId}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      named('Himalayan Salt Soak'),
    );
    await poll(() => page.locator('.product-detail__price').textContent()).toBe('₹1,299.50');
    await poll(() => page.getByText('Only 3 left!').count()).toBe(1);
    const facts = page.locator('.product-facts');
    expect(await facts.textContent()).toContain(bathName);
    expect(await facts.textContent()).toContain('500 g');

    // The quantity stepper stops at the stock.
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    await increase.click();
    await increase.click();
    expect(await increase.isDisabled()).toBe(true);
    expect(await page.locator('.cat-stepper__value').textContent()).toBe('3');
    expect(problems).toEqual([]);
  });

  it('says Product Not Found for an unknown product', async () => {
    const { page } = await newPage(browser);
    await page.goto('/products/00000000-0000-4000-8000-000000000000');
    await poll(() => page.getByRole('heading', { name: 'Product Not Found' }).count()).toBe(1);
  });
});

describe('admin catalogue', () => {
  it('creates a treatment with two pricing options and an image; it shows in the home carousel and the booking list', async () => {
    const categoryName = named('E2E Therapies');
    const serviceName = named('Signature Abhyanga');
    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    await openAdminTab(page, 'Services');

    // A category first, through its own form.
    await page.getByRole('tab', { name: 'Categories', exact: true }).click();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const categoryForm = page.getByRole('dialog', { name: 'Add Category' });
    await categoryForm.getByRole('button', { name: 'Add Category' }).click();
    await poll(() => categoryForm.getByText('Category name is required').count()).toBe(1);
    await poll(() => categoryForm.getByText('Assigned Employee Role is required').count()).toBe(1);
    await categoryForm.getByLabel('Category name').fill(categoryName);
    await poll(() => categoryForm.locator('select option').count()).toBeGreaterThan(1);
    await categoryForm.getByLabel('Assigned Employee Role').selectOption({ index: 1 });
    await categoryForm.getByRole('button', { name: 'Add Category' }).click();
    await poll(() => toast(page, 'Category created successfully').count()).toBe(1);
    await poll(() => page.locator('.cat-table__name', { hasText: categoryName }).count()).toBe(1);

    // Then the treatment.
    await page.getByRole('tab', { name: 'Services', exact: true }).last().click();
    await page.getByRole('button', { name: 'Add Service' }).click();
    const form = page.getByRole('dialog', { name: 'Add Service' });
    await form.getByRole('button', { name: 'Add Service' }).click();
    await poll(() => form.getByText('Service name is required').count()).toBe(1);
    await poll(() => form.getByText('Category is required').count()).toBe(1);

    await form.getByLabel('Service name').fill(serviceName);
    await form.getByLabel('Category').selectOption({ label: categoryName });
    await form.getByLabel('Description').fill('Warm herbal oil massage in the Kerala tradition.');
    // The duration label follows the minutes until it is edited by hand.
    await form.getByLabel('Minutes, option 1').fill('60');
    expect(await form.getByLabel('Duration label, option 1').inputValue()).toBe('60 min');
    await form.getByLabel('Price, option 1').fill('2500');
    await form.getByRole('button', { name: 'Add pricing option' }).click();
    await form.getByLabel('Duration label, option 2').fill('Ninety minutes');
    await form.getByLabel('Minutes, option 2').fill('90');
    expect(await form.getByLabel('Duration label, option 2').inputValue()).toBe('Ninety minutes');
    await form.getByLabel('Price, option 2').fill('3400');
    await form.getByLabel('Label, option 2', { exact: true }).fill('Extended ritual');
    // An empty third row is dropped on save.
    await form.getByRole('button', { name: 'Add pricing option' }).click();
    await form
      .getByLabel('Benefits')
      .fill('Eases muscle tension\n\nImproves sleep\nNourishes the skin\nCalms the mind');
    await form.getByLabel('Tags').fill('ayurveda, , warm oil');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'abhyanga.png',
      mimeType: 'image/png',
      buffer: samplePng(),
    });
    await poll(() => form.getByRole('img', { name: 'Image 1' }).count()).toBe(1);
    await form.getByRole('button', { name: 'Add Service' }).click();
    await poll(() => toast(page, 'Service created successfully').count()).toBe(1);
    await poll(() => page.getByRole('heading', { name: serviceName }).count()).toBe(1);

    // The booking list reads the public services list: the treatment is there with both options.
    const services = await api<Array<{ _id: string; name: string; pricing: unknown[]; images: string[] }>>(
      'GET',
      '/admin/services',
    );
    const created = services.find((service) => service.name === serviceName);
    expect(created?.pricing).toHaveLength(2);
    expect(created?.images[0]).toMatch(/^\/uploads\//);

    // The home carousel, as a visitor.
    const { page: visitor } = await newPage(browser);
    await visitor.goto('/');
    await untilInteractive(visitor);
    await poll(() => visitor.getByRole('heading', { name: 'Our Services' }).count()).toBe(1);
    await visitor
      .getByRole('group', { name: 'Service categories' })
      .getByRole('button', { name: categoryName })
      .click();
    const card = visitor.locator('.carousel-card', { hasText: serviceName });
    await poll(() => card.count()).toBe(1);
    expect(await card.locator('.price-rows__row').allTextContents()).toEqual([
      '60 min₹2,500.00',
      'Extended ritual₹3,400.00',
    ]);
    await poll(() =>
      card.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/uploads\//);

    // View opens the detail page: pricing radios, the first 3 benefits, tags with #.
    await card.getByRole('link', { name: `View ${serviceName}` }).click();
    await visitor.waitForURL(`${baseUrl()}/service/${created!._id}`);
    await poll(() => visitor.getByRole('radio').count()).toBe(2);
    await poll(() => visitor.locator('.cat-benefits li').count()).toBe(3);
    await visitor.getByRole('button', { name: 'Show All Benefits' }).click();
    await poll(() => visitor.locator('.cat-benefits li').count()).toBe(4);
    expect(await visitor.locator('.cat-tags li').allTextContents()).toEqual(['#ayurveda', '#warm oil']);
    expect(await visitor.getByText('4.8').count()).toBe(0);
    await visitor.getByRole('button', { name: 'Book Appointment' }).click();
    await poll(() => toast(visitor, 'Please login to book an appointment').count()).toBe(1);

    // Book Now on the card carries the treatment to the booking screen.
    await visitor.goto('/');
    await untilInteractive(visitor);
    await visitor
      .getByRole('group', { name: 'Service categories' })
      .getByRole('button', { name: categoryName })
      .click();
    await visitor
      .locator('.carousel-card', { hasText: serviceName })
      .getByRole('link', { name: 'Book Now' })
      .click();
    await visitor.waitForURL(/\/appointment\?service=/);
    expect(new URL(visitor.url()).searchParams.get('service')).toBe(created!._id);
    expect(problems).toEqual([]);
  });

  it('adds a room and sees the computed price', async () => {
    const roomNumber = `E${run}`;
    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    await openAdminTab(page, 'Rooms');
    await page.getByRole('button', { name: 'Add Room' }).click();
    const form = page.getByRole('dialog', { name: 'Add Room' });
    const price = form.getByTestId('room-price');
    await poll(() => price.textContent()).toBe('₹1,000.00');
    await form.getByLabel('Capacity').selectOption('Double Bed');
    await poll(() => price.textContent()).toBe('₹1,500.00');
    await form.getByLabel('Type').selectOption('Gold');
    await poll(() => price.textContent()).toBe('₹2,500.00');
    await form.getByLabel('Type').selectOption('Diamond');
    await poll(() => price.textContent()).toBe('₹3,500.00');

    await form.getByLabel('Room Number').fill(roomNumber);
    await form.getByRole('button', { name: 'Add Room' }).click();
    await poll(() => form.getByText('Room Number and Location are required').count()).toBe(1);
    await form.getByLabel('Location').fill('Second floor, garden side');
    await form.getByRole('button', { name: 'Add Room' }).click();

    const row = page.getByRole('row', { name: new RegExp(roomNumber) });
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('₹3,500.00');
    // A new room starts Occupied, shown green.
    expect(await row.locator('.cat-badge').textContent()).toBe('Occupied');
    expect(await row.locator('.cat-badge').getAttribute('class')).toContain('cat-badge--success');

    // Deleting asks first.
    await row.getByRole('button', { name: `Delete room ${roomNumber}` }).click();
    const confirm = page.getByRole('alertdialog');
    await poll(() => confirm.getByText('Are you sure you want to delete this room?').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await poll(() => page.getByRole('row', { name: new RegExp(roomNumber) }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('admin products', () => {
  it('limits images to 4, keeps the subcategory inside its category and shows low stock in red', async () => {
    const oils = await api<{ _id: string }>(
      'POST',
      '/product-categories',
      { name: named('Oils') },
      admin.token,
    );
    const skin = await api<{ _id: string }>(
      'POST',
      '/product-categories',
      { name: named('Skin') },
      admin.token,
    );
    await api('POST', '/subcategories', { name: named('Massage'), productCategory: oils._id }, admin.token);
    await api('POST', '/subcategories', { name: named('Masks'), productCategory: skin._id }, admin.token);
    const productName = named('Neroli Body Oil');

    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    await openAdminTab(page, 'Products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });

    const subcategory = form.getByLabel('Subcategory');
    expect(await subcategory.isDisabled()).toBe(true);
    await form.getByLabel(/^Category/).selectOption({ label: named('Oils') });
    await poll(() => subcategory.isDisabled()).toBe(false);
    await subcategory.selectOption({ label: named('Massage') });
    // Another category: the massage subcategory no longer fits and is cleared.
    await form.getByLabel(/^Category/).selectOption({ label: named('Skin') });
    await poll(() => subcategory.inputValue()).toBe('');
    await form.getByLabel(/^Category/).selectOption({ label: named('Oils') });
    await subcategory.selectOption({ label: named('Massage') });

    // Five images at once: the first four are uploaded, the fifth is refused with the spec's warning.
    const image = samplePng();
    await form.locator('input[type="file"]').setInputFiles(
      Array.from({ length: 5 }, (_, index) => ({
        name: `neroli-${index}.png`,
        mimeType: 'image/png',
        buffer: image,
      })),
    );
    await poll(() => toast(page, 'Maximum 4 images allowed').count()).toBe(1);
    await poll(() => form.getByRole('img', { name: /^Image \d$/ }).count()).toBe(4);

    await form.getByLabel(/^Name/).fill(productName);
    await form.getByLabel('Price (₹)').fill('649.99');
    await form.getByLabel('Stock').fill('3');
    await form.getByLabel('Description').fill('Orange blossom in cold-pressed almond oil.');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await poll(() => toast(page, 'Product created successfully').count()).toBe(1);

    const row = page.getByRole('row', { name: new RegExp(productName) });
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('₹649.99');
    expect(await row.locator('.cat-stock-low').textContent()).toBe('3');

    await row.getByRole('button', { name: `View ${productName}` }).click();
    await page.waitForURL(/\/products\//);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(productName);
    await poll(() => page.getByRole('button', { name: /Show picture/ }).count()).toBe(4);
    expect(problems).toEqual([]);
  });
});

describe('admin lists page through the server', () => {
  it('pages the subcategories tab past its page size; a delete on the last page falls back a page', async () => {
    // Under a category that sorts last, so the new ones fill the last page (the list is by category, then name).
    const category = await api<{ _id: string }>(
      'POST',
      '/product-categories',
      { name: named('Zz Paging') },
      admin.token,
    );
    const before = await api<{ total: number }>(
      'GET',
      '/subcategories?page=1&pageSize=1',
      undefined,
      admin.token,
    );
    // Enough that the list is one past two full pages of 50.
    const wanted = 101 - before.total;
    const names = Array.from({ length: wanted }, (_, index) =>
      named(`Sub ${String(index).padStart(3, '0')}`),
    );
    for (const name of names)
      await api('POST', '/subcategories', { name, productCategory: category._id }, admin.token);

    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    await openAdminTab(page, 'Products');
    await page.getByRole('tab', { name: 'Subcategories', exact: true }).click();
    const pager = page.getByRole('navigation', { name: 'Pages of subcategories' });
    await poll(() => pager.textContent()).toContain('Page 1 of 3');
    expect(await pager.textContent()).toContain('101 subcategories');
    const rows = page.locator('.cat-table tbody tr');
    await poll(() => rows.count()).toBe(50);

    await pager.getByRole('button', { name: 'Next' }).click();
    await poll(() => pager.textContent()).toContain('Page 2 of 3');
    await pager.getByRole('button', { name: 'Next' }).click();
    await poll(() => pager.textContent()).toContain('Page 3 of 3');
    await poll(() => rows.count()).toBe(1);
    const last = names.at(-1)!;
    expect(await rows.first().textContent()).toContain(last);

    // Deleting the only row of the last page shows the page before it, now the last.
    await rows.first().getByRole('button').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await poll(() => pager.textContent()).toContain('Page 2 of 2');
    await poll(() => rows.count()).toBe(50);
    expect(problems).toEqual([]);
  });
});

describe('a customer and treatments', () => {
  let serviceId: string;
  const serviceName = named('Foot Ritual');

  beforeAll(async () => {
    const category = await api<{ _id: string }>(
      'POST',
      '/admin/categories',
      { name: named('E2E Feet'), assignedEmployeeRole: 'servicestaff', order: 0, isActive: true },
      admin.token,
    );
    const service = await api<{ _id: string }>(
      'POST',
      '/admin/services',
      {
        name: serviceName,
        category: category._id,
        description: 'Warm soak, scrub and reflexology.',
        pricing: [{ duration: '45 min', durationMinutes: 45, price: 1499 }],
        benefits: ['Rests tired feet'],
        tags: ['feet'],
        isActive: true,
        images: [],
      },
      admin.token,
    );
    serviceId = service._id;
  });

  it('keeps favorite treatments for a signed-in customer only', async () => {
    const { page, problems } = await newPage(browser);
    await page.goto(`/service/${serviceId}`);
    await untilInteractive(page);
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await poll(() => toast(page, 'Please login to add favorites').count()).toBe(1);

    await page.goto('/favorites');
    await page.waitForURL(`${baseUrl()}/login`);

    const customer = await signIn('customer@spa.local', 'Customer@12345');
    await openSignedIn(page, customer, `/service/${serviceId}`);
    await untilInteractive(page);
    // The picture falls back to the default artwork when a treatment has none.
    await poll(() =>
      page.locator('.cat-gallery__main').evaluate((image) => (image as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await poll(() => toast(page, 'Added to favorites').count()).toBe(1);
    await poll(() => page.getByRole('button', { name: 'Remove from favorites' }).count()).toBe(1);

    await page.goto('/favorites');
    const card = page.locator('.favorite-card', { hasText: serviceName });
    await poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('From ₹1,499.00');
    await card.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(/\/appointment\?service=/);
    expect(new URL(page.url()).searchParams.get('service')).toBe(serviceId);

    await page.goto(`/service/${serviceId}`);
    await untilInteractive(page);
    await page.getByRole('button', { name: 'Remove from favorites' }).click();
    await poll(() => toast(page, 'Removed from favorites').count()).toBe(1);
    await page.goto('/favorites');
    await poll(() => page.getByRole('heading', { name: 'No favorites yet' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('keeps the taps a shopper makes before the page has come alive, and adds what they asked for', async () => {
    const category = await api<{ _id: string }>(
      'POST',
      '/product-categories',
      { name: named('Cart') },
      admin.token,
    );
    const product = await api<{ _id: string }>(
      'POST',
      '/products',
      {
        name: named('Sandal Soap'),
        description: 'Mysore sandalwood.',
        price: 199,
        stock: 8,
        productCategory: category._id,
      },
      admin.token,
    );
    const customer = await signIn('customer@spa.local', 'Customer@12345');
    const { page } = await newPage(browser);
    // A slow phone: the page arrives rendered, its app script much later. Hold that script until the
    // shopper has tapped "+" and "Add to Cart" on the server's buttons.
    let releaseApp!: () => void;
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route('**/assets/main-*.js', async (route) => {
      await appHeld;
      await route.continue();
    });
    await openSignedIn(page, customer, `/products/${product._id}`);
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    releaseApp();
    await untilInteractive(page);
    await poll(() => toast(page, 'Added 2 item(s) to cart').count()).toBe(1);
    const cart = await api<{ items: { product: { _id: string }; quantity: number }[] }>(
      'GET',
      '/cart',
      undefined,
      customer.token,
    );
    expect(
      cart.items.filter((item) => item.product._id === product._id).map((item) => item.quantity),
    ).toEqual([2]);
  });
});
