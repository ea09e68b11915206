import { randomBytes } from 'node:crypto';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSignedIn, signIn, type Session } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { linkTo, uniqueEmail, waitForEmail } from './support/inbox.js';
import { registerThroughApi, screenshot } from './support/session.js';

/*
 * Store journeys through the real gateway, identity, catalogue and commerce services and the Razorpay
 * sandbox (its checkout.js and modal in an iframe, as the real provider's). Products and customers are
 * created here under run-unique names, so seeded demo data never matters.
 */

const run = randomBytes(3).toString('hex');
const named = (name: string) => `${name} ${run}`;
const inr = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(
    amount,
  );

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 150 });
const toast = (page: Page, text: string | RegExp) => page.locator('.toast', { hasText: text });

interface OrderJson {
  _id: string;
  status: string;
  isPaid: boolean;
  isDelivered: boolean;
  totalPrice: number;
  paymentMethod: string;
}

interface Product {
  _id: string;
  name: string;
  price: number;
}

let browser: Browser;
let admin: Session;
let oils: Product;
let soap: Product;
let storeCategoryId: string;

async function newCustomer(label: string): Promise<Session> {
  const email = uniqueEmail(label.toLowerCase().replace(/\s+/g, '-'));
  const password = 'Lotus-garden-42';
  await registerThroughApi({ name: `${label} ${run}`, email, password });
  return signIn(email, password);
}

/**
 * Commerce learns about products from the catalogue's events; a cart add succeeds once it has. The probe
 * line is removed again, so the customer starts with an empty cart.
 */
async function waitUntilCommerceKnows(product: Product, customer: Session, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const cart = await api<{ items: Array<{ _id: string }> }>(
        'POST',
        '/cart',
        { product: product._id, quantity: 1 },
        customer.token,
      );
      for (const item of cart.items) await api('DELETE', `/cart/${item._id}`, undefined, customer.token);
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`commerce never learnt of ${product.name}: ${String(lastError)}`);
}

/**
 * A new customer's email is not verified, so the app asks them to verify two seconds after each full
 * load; like a shopper in a hurry, the journey answers Later before going on.
 */
async function answerLater(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Verify your email address' });
  await prompt.waitFor({ timeout: 10_000 });
  await prompt.getByRole('button', { name: 'Later' }).click();
  await prompt.waitFor({ state: 'hidden' });
}

/** Opens a page of the app as a signed-in new customer. */
async function openAsShopper(page: Page, customer: Session, path: string) {
  await openSignedIn(page, customer, path);
  await answerLater(page);
}

/** A full load of another page, for a new customer. */
async function visitAsShopper(page: Page, path: string) {
  await page.goto(path);
  await answerLater(page);
}

/** The sandbox modal: an iframe from the sandbox's origin with Pay, Fail and Dismiss. */
function paymentModal(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Razorpay Checkout"]');
}

async function orderIdFromUrl(page: Page): Promise<string> {
  await page.waitForURL(/\/order\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/** Puts one unit of a product in the cart from its page (Buy Now) and opens the checkout, Pay Online chosen. */
async function checkoutWith(page: Page, customer: Session, product: Product) {
  await openAsShopper(page, customer, `/products/${product._id}`);
  // Buy Now adds the chosen quantity and opens the cart.
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.waitForURL(`${baseUrl()}/cart`);
  await poll(() => page.locator('.cart-line').count()).toBe(1);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(`${baseUrl()}/createorder`);
  await poll(() => page.getByRole('radio', { name: /Pay Online/ }).isEnabled()).toBe(true);
  await page.getByRole('radio', { name: /Pay Online/ }).check();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
  const category = await api<{ _id: string }>(
    'POST',
    '/product-categories',
    { name: named('E2E Store') },
    admin.token,
  );
  storeCategoryId = category._id;
  const create = (name: string, price: number) =>
    api<Product>(
      'POST',
      '/products',
      { name, description: 'For the store journeys.', price, stock: 20, productCategory: category._id },
      admin.token,
    );
  oils = await create(named('Kumkumadi Oil'), 1299.5);
  soap = await create(named('Neem Soap'), 450);
});

afterAll(async () => {
  await browser?.close();
});

describe('store checkout', () => {
  let online: Session;

  /**
   * One unit of a product ordered by the online shopper through the checkout, paid in the sandbox modal
   * or to be paid in cash: the order's id. For a journey that starts from such an order, so that each
   * journey sets up what it reads and passes run alone or in any order.
   */
  async function orderOf(product: Product, payment: 'paid online' | 'cash on delivery'): Promise<string> {
    const { page } = await newPage(browser);
    try {
      await checkoutWith(page, online, product);
      if (payment === 'paid online') {
        await page.getByRole('button', { name: 'Pay Now' }).click();
        await paymentModal(page).getByRole('button', { name: 'Pay', exact: true }).click();
        await poll(() => toast(page, 'Payment successful! Order confirmed.').count()).toBe(1);
      } else {
        await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
        await page.getByRole('button', { name: 'Place Order' }).click();
      }
      return await orderIdFromUrl(page);
    } finally {
      await page.context().close();
    }
  }

  beforeAll(async () => {
    online = await newCustomer('Online Shopper');
    await waitUntilCommerceKnows(oils, online);
    await waitUntilCommerceKnows(soap, online);
    await api(
      'POST',
      '/addresses',
      {
        label: 'Home',
        fullName: 'Meera Iyer',
        phone: '+91 98260 12345',
        street: '14 Race Course Road',
        city: 'Indore',
        state: 'Madhya Pradesh',
        postalCode: '452003',
        country: 'India',
      },
      online.token,
    );
  });

  it('adds two products, adds an address at checkout, pays cash on delivery and sees the order', async () => {
    const customer = await newCustomer('Cash Shopper');
    const { page, problems } = await newPage(browser);
    await openAsShopper(page, customer, `/products/${oils._id}`);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await poll(() => toast(page, 'Added 1 item(s) to cart').count()).toBe(1);
    await poll(() => page.getByRole('link', { name: 'Cart, 1 item' }).count()).toBe(1);

    // The second product from the store grid.
    await visitAsShopper(page, '/store');
    await page
      .getByRole('group', { name: 'Product categories' })
      .getByRole('button', { name: named('E2E Store') })
      .click();
    await page.getByRole('button', { name: `Add ${soap.name} to cart` }).click();
    await poll(() => toast(page, 'Added to cart').count()).toBe(1);
    await poll(() => page.getByRole('link', { name: 'Cart, 2 items' }).count()).toBe(1);

    // The cart: two lines, a stepper that stops at 1, Free shipping and the total.
    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await page.waitForURL(`${baseUrl()}/cart`);
    await poll(() => page.locator('.cart-line').count()).toBe(2);
    const oilsLine = page.locator('.cart-line', { hasText: oils.name });
    expect(await oilsLine.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await oilsLine.getByRole('button', { name: 'Increase quantity' }).click();
    await poll(() => oilsLine.locator('.cat-stepper__value').textContent()).toBe('2');
    const total = 2 * 1299.5 + 450;
    await poll(() => page.locator('.totals__grand dd').textContent()).toBe(inr(total));
    expect(await page.locator('.totals__free').textContent()).toBe('Free');
    await screenshot(page, 'commerce-cart');

    // Checkout with no saved address yet.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${baseUrl()}/createorder`);
    await poll(() => page.getByText('No saved addresses yet.', { exact: false }).count()).toBe(1);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await poll(() => toast(page, 'Please select or add an address').count()).toBe(1);

    await page.getByRole('button', { name: 'Add New Address' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Address' });
    await form.getByRole('button', { name: 'Save Address' }).click();
    await poll(() => form.getByText('Full name is required').count()).toBe(1);
    await poll(() => form.getByText('Postal code is required').count()).toBe(1);
    await form.getByLabel('Full name').fill('Arjun Mehta');
    await form.getByLabel('Phone').fill('+91 98930 55555');
    await form.getByLabel('Street address').fill('22 Palasia Square');
    await form.getByLabel('City').fill('Indore');
    await form.getByLabel('State').fill('Madhya Pradesh');
    await form.getByLabel('Postal code').fill('452001');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await poll(() => toast(page, 'Address added successfully').count()).toBe(1);
    await poll(() => page.getByRole('radio', { name: /Arjun Mehta/ }).isChecked()).toBe(true);

    // Order details: subtotal, Free shipping, tax ₹0.00, total; cash on delivery is the default.
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    expect(await summary.locator('.totals').textContent()).toContain('Tax₹0.00');
    expect(await summary.locator('.totals__grand dd').textContent()).toBe(inr(total));
    expect(await page.getByRole('radio', { name: /Cash on Delivery/ }).isChecked()).toBe(true);
    await screenshot(page, 'commerce-checkout');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await poll(() => toast(page, 'Order created successfully').count()).toBe(1);

    const codOrderId = await orderIdFromUrl(page);
    const shortId = codOrderId.slice(-8).toUpperCase();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Order #${shortId}`);
    await poll(() => page.locator('.order-detail__heading .cat-badge').textContent()).toBe('Processing');
    expect(await page.locator('.shipping-lines').textContent()).toContain('22 Palasia Square');
    expect(await page.locator('.facts').textContent()).toContain('Cash on Delivery');
    expect(await page.locator('.facts').textContent()).toContain('Pending');
    expect(await page.locator('.order-card .totals__grand dd').textContent()).toBe(inr(total));
    // The cart was emptied by the order.
    await poll(() => page.getByRole('link', { name: 'Cart', exact: true }).count()).toBe(1);
    await screenshot(page, 'commerce-order-cod');

    // The confirmation email: the order, its total to keep ready, and a link that
    // opens it.
    const confirmation = await waitForEmail(
      String(customer.user.email),
      new RegExp(`^Order #${shortId} confirmed$`),
    );
    expect(confirmation.text).toContain(`Please keep ${inr(total)} ready to pay when it is delivered.`);
    expect(confirmation.text).toContain('Deliver to:');
    await page.goto(linkTo(confirmation, '/order/'));
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Order #${shortId}`);

    // The orders list finds it by item name and by id, and filters by state.
    await visitAsShopper(page, '/orders');
    const card = page.locator('.order-summary-card', { hasText: `Order #${shortId}` });
    await poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('3 items');
    // The search lives in the address. Under CI load the list can render again just after it appears
    // (its query settling), replacing the box a term was typed into: a term is typed again until the
    // address shows it, as a person would retype what vanished.
    const searchTerm = () => new URL(page.url()).searchParams.get('q');
    const search = async (term: string) => {
      const box = page.getByRole('searchbox', { name: 'Search orders' });
      await poll(async () => {
        if (searchTerm() !== term) await box.fill(term);
        return searchTerm();
      }).toBe(term);
    };
    await search('neem');
    await poll(() => card.count()).toBe(1);
    await search('no such thing');
    await poll(() => page.getByText('No orders match your search').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByRole('group', { name: 'Order status' }).getByRole('button', { name: 'Shipped' }).click();
    await poll(() => page.getByText('No orders match your search').count()).toBe(1);
    await page
      .getByRole('group', { name: 'Order status' })
      .getByRole('button', { name: 'Processing' })
      .click();
    await poll(() => card.count()).toBe(1);
    await card.getByRole('link', { name: `View details of order #${shortId}` }).click();
    await page.waitForURL(`${baseUrl()}/order/${codOrderId}`);
    expect(problems).toEqual([]);
  });

  it('pays online in the sandbox modal and lands on the paid order', async () => {
    const { page, problems } = await newPage(browser);
    await checkoutWith(page, online, oils);
    await page.getByRole('button', { name: 'Pay Now' }).click();

    const modal = paymentModal(page);
    await poll(() => modal.getByText(inr(1299.5)).count()).toBe(1);
    await screenshot(page, 'commerce-sandbox-modal');
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();

    await poll(() => toast(page, 'Payment successful! Order confirmed.').count()).toBe(1);
    const paidOrderId = await orderIdFromUrl(page);
    await poll(() => page.locator('.order-detail__heading .cat-badge').textContent()).toBe('Shipped');
    expect(await page.locator('.facts').textContent()).toContain('Paid on');

    const order = await api<OrderJson>('GET', `/orders/${paidOrderId}`, undefined, online.token);
    expect(order).toMatchObject({
      paymentMethod: 'ONLINE',
      status: 'paid',
      isPaid: true,
      totalPrice: 1299.5,
    });
    // Confirmed by email once paid, with the payment's reference (not when it was placed unpaid).
    const paidEmail = await waitForEmail(
      String(online.user.email),
      new RegExp(`^Order #${paidOrderId.slice(-8).toUpperCase()} confirmed$`),
    );
    expect(paidEmail.text).toContain(`We received your payment of ${inr(1299.5)}`);
    expect(paidEmail.text).toMatch(/Payment reference: pay_\w+/);
    expect(problems).toEqual([]);
  });

  it('says "Payment cancelled" when the modal is dismissed, charges nothing, and lets the shopper pay later', async () => {
    const { page, problems } = await newPage(browser);
    await checkoutWith(page, online, soap);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await paymentModal(page).getByRole('button', { name: 'Dismiss' }).click();

    await poll(() => toast(page, 'Payment cancelled').count()).toBe(1);
    const orderId = await orderIdFromUrl(page);
    await poll(() => page.locator('.order-detail__heading .cat-badge').textContent()).toBe(
      'Awaiting Payment',
    );
    expect(await page.locator('.facts').textContent()).toContain('Pending');
    const unpaid = await api<OrderJson>('GET', `/orders/${orderId}`, undefined, online.token);
    expect(unpaid).toMatchObject({ status: 'pending_payment', isPaid: false });
    await screenshot(page, 'commerce-order-awaiting-payment');

    // The same order can still be paid from its page: a failed attempt says so and charges nothing...
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await paymentModal(page).getByRole('button', { name: 'Fail' }).click();
    await poll(() => toast(page, 'Payment failed').count()).toBe(1);
    await poll(() => page.getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);
    expect(await api<OrderJson>('GET', `/orders/${orderId}`, undefined, online.token)).toMatchObject({
      status: 'pending_payment',
      isPaid: false,
    });

    // ...and the next one goes through, even from another device (a browser that did not place it).
    const { page: phone, problems: phoneProblems } = await newPage(browser);
    await openAsShopper(phone, online, `/order/${encodeURIComponent(orderId)}`);
    await phone.getByRole('button', { name: 'Pay Now' }).click();
    await paymentModal(phone).getByRole('button', { name: 'Pay', exact: true }).click();
    await poll(() => toast(phone, 'Payment successful! Order confirmed.').count()).toBe(1);
    await poll(() => phone.locator('.order-detail__heading .cat-badge').textContent()).toBe('Shipped');
    expect(await phone.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    expect(phoneProblems).toEqual([]);
    const paid = await api<OrderJson>('GET', `/orders/${orderId}`, undefined, online.token);
    expect(paid).toMatchObject({ status: 'paid', isPaid: true });
    expect(problems).toEqual([]);
  });

  it('lets a customer cancel an unpaid order', async () => {
    const { page, problems } = await newPage(browser);
    await checkoutWith(page, online, soap);
    await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    const orderId = await orderIdFromUrl(page);
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await confirm.getByText('Are you sure you want to cancel this order?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel Order' }).click();
    await poll(() => toast(page, 'Order cancelled').count()).toBe(1);
    await poll(() => page.locator('.order-detail__heading .cat-badge').textContent()).toBe('Cancelled');
    expect(await page.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    expect(await api<OrderJson>('GET', `/orders/${orderId}`, undefined, online.token)).toMatchObject({
      status: 'cancelled',
      isPaid: false,
    });
    const cancelled = await waitForEmail(
      String(online.user.email),
      new RegExp(`^Order #${orderId.slice(-8).toUpperCase()} cancelled$`),
    );
    expect(cancelled.text).toContain('As you asked, we have cancelled your order');
    expect(cancelled.text).toContain('Nothing has been charged for it.');
    expect(problems).toEqual([]);
  });

  it('lets the admin mark the paid order delivered; the customer sees it delivered', async () => {
    const paidOrderId = await orderOf(oils, 'paid online');
    const codOrderId = await orderOf(soap, 'cash on delivery');
    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    const shortId = paidOrderId.slice(-6).toUpperCase();
    const row = page.locator('tr', { hasText: `#${shortId}` });
    await poll(() => row.count()).toBe(1);
    expect(await row.locator('.cat-badge').textContent()).toBe('Processing');
    // The unpaid cash order may be delivered too (the cash is collected at the door).
    const codRow = page.locator('tr', { hasText: `#${codOrderId.slice(-6).toUpperCase()}` });
    expect(await codRow.locator('.cat-badge').textContent()).toBe('Pending Payment');
    expect(await codRow.getByRole('button', { name: /^Mark Delivered: order #/ }).count()).toBe(1);
    await screenshot(page, 'commerce-admin-orders');

    await row.getByRole('button', { name: `Mark Delivered: order #${shortId}` }).click();
    await poll(() => toast(page, `Order #${shortId} marked as delivered`).count()).toBe(1);
    await poll(() => row.locator('.cat-badge').textContent()).toBe('Delivered');
    expect(await row.getByRole('button', { name: /^Mark Delivered/ }).count()).toBe(0);

    const order = await api<OrderJson>('GET', `/orders/${paidOrderId}`, undefined, online.token);
    expect(order).toMatchObject({ status: 'delivered', isDelivered: true });
    const { page: customerPage } = await newPage(browser);
    await openAsShopper(customerPage, online, `/order/${paidOrderId}`);
    await poll(() => customerPage.locator('.order-detail__heading .cat-badge').textContent()).toBe(
      'Delivered',
    );
    const delivered = await waitForEmail(
      String(online.user.email),
      new RegExp(`^Order #${paidOrderId.slice(-8).toUpperCase()} delivered$`),
    );
    expect(delivered.text).toContain('We hope you enjoy it.');
    expect(problems).toEqual([]);
  });

  it('shows the admin dashboard figures, revenue in rupees', async () => {
    await orderOf(oils, 'paid online');
    const stats = await api<{
      totalUsers: number;
      totalOrders: number;
      totalProducts: number;
      revenue: number;
      growthRate: number;
    }>('GET', '/admin/stats', undefined, admin.token);
    expect(stats.totalOrders).toBeGreaterThanOrEqual(1);
    expect(stats.revenue).toBeGreaterThanOrEqual(1299.5);

    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    const card = (key: string) => page.locator(`[data-stat="${key}"] .admin-stat__value`);
    await poll(() => card('revenue').textContent()).toBe(inr(stats.revenue));
    expect(await card('totalOrders').textContent()).toBe(stats.totalOrders.toLocaleString('en-IN'));
    expect(await card('totalUsers').textContent()).toBe(stats.totalUsers.toLocaleString('en-IN'));
    expect(await card('totalProducts').textContent()).toBe(stats.totalProducts.toLocaleString('en-IN'));
    expect(await card('growthRate').textContent()).toMatch(/%$/);
    expect(await page.locator('.admin-stats').textContent()).not.toContain('$');
    await screenshot(page, 'commerce-admin-dashboard');
    expect(problems).toEqual([]);
  });

  it('lets the admin refund part of a paid order from its tab, after a confirm step; it becomes Partially refunded', async () => {
    const orderId = await orderOf(soap, 'paid online');
    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    const shortId = orderId.slice(-6).toUpperCase();
    const row = page.locator('tr', { hasText: `#${shortId}` });
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: `Refund order #${shortId}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Refund' });
    const amount = dialog.getByLabel('Amount (₹)');
    await poll(() => amount.inputValue()).toBe('450.00');
    await amount.fill('450.01');
    await dialog.getByText('At most ₹450.00 is left to refund').waitFor();
    expect(await dialog.getByRole('button', { name: 'Refund…' }).isDisabled()).toBe(true);
    await amount.fill('100');
    await dialog.getByLabel('Note (optional)').fill('One bar arrived broken');
    await dialog.getByRole('button', { name: 'Refund…' }).click();
    await dialog.getByText(/Refund ₹100\.00 of Order #.* This cannot be undone\./).waitFor();
    await screenshot(page, 'commerce-admin-refund-confirm');
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await poll(() => toast(page, /Refund of ₹100\.00 sent to the payment provider/).count()).toBe(1);

    // The sandbox processes it a moment later and its webhook tells commerce.
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>('GET', `/orders/${orderId}/refunds`, undefined, online.token))
            .status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('Partially refunded');
    const payment = await api<{ refunded: number; refundable: number; refunds: Array<{ note: string }> }>(
      'GET',
      `/orders/${orderId}/refunds`,
      undefined,
      admin.token,
    );
    expect(payment).toMatchObject({
      refunded: 100,
      refundable: 350,
      refunds: [{ note: 'One bar arrived broken' }],
    });
    // A customer cannot refund.
    const refused = await fetch(`${baseUrl()}/api/v1/orders/${orderId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${online.token}` },
      body: JSON.stringify({}),
    });
    expect(refused.status).toBe(403);
    expect(problems).toEqual([]);
  });
});

describe('saved addresses', () => {
  it('adds, edits and deletes an address, asking before the delete', async () => {
    const customer = await newCustomer('Address Keeper');
    const { page, problems } = await newPage(browser);
    await openAsShopper(page, customer, '/address-management');
    await poll(() => page.getByText('No saved addresses yet').count()).toBe(1);

    await page.getByRole('button', { name: 'Add New Address' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Address' });
    await form.getByLabel('Full name').fill('Kavya Nair');
    await form.getByLabel('Phone').fill('not a phone');
    await form.getByLabel('Street address').fill('7 Old Palasia');
    await form.getByLabel('City').fill('Indore');
    await form.getByLabel('State').fill('Madhya Pradesh');
    await form.getByLabel('Postal code').fill('452018');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await poll(() => form.getByText('Enter a valid phone number').count()).toBe(1);
    await form.getByLabel('Phone').fill('0731 400 1234');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await poll(() => toast(page, 'Address added successfully').count()).toBe(1);
    const card = page.locator('.address-card', { hasText: 'Kavya Nair' });
    await poll(() => card.count()).toBe(1);

    await card.getByRole('button', { name: 'Edit address Home' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Address' });
    expect(await edit.getByLabel('Street address').inputValue()).toBe('7 Old Palasia');
    await edit.getByLabel('Label').fill('Work');
    await edit.getByLabel('Street address').fill('9 MG Road');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await poll(() => toast(page, 'Address updated successfully').count()).toBe(1);
    await poll(() => card.textContent()).toContain('9 MG Road');
    expect(await card.locator('.address-card__label').textContent()).toBe('Work');

    await card.getByRole('button', { name: 'Delete address Work' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete address' });
    await confirm.getByText('Are you sure you want to delete this address?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.count()).toBe(1);
    await card.getByRole('button', { name: 'Delete address Work' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await poll(() => toast(page, 'Address deleted successfully').count()).toBe(1);
    await poll(() => page.getByText('No saved addresses yet').count()).toBe(1);
    expect(await api<unknown[]>('GET', '/addresses', undefined, customer.token)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('a price that changed after adding', () => {
  it('shows the changed line and the new total on the cart and the checkout, and orders once accepted', async () => {
    const balm = await api<Product>(
      'POST',
      '/products',
      {
        name: named('Saffron Balm'),
        description: 'Briefly at ₹1.',
        price: 1,
        stock: 20,
        productCategory: storeCategoryId,
      },
      admin.token,
    );
    const customer = await newCustomer('Careful Shopper');
    await waitUntilCommerceKnows(balm, customer);
    await api('POST', '/cart', { product: balm._id, quantity: 2 }, customer.token);
    await api(
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
      customer.token,
    );
    await api('PUT', `/products/${balm._id}`, { price: 1000 }, admin.token);
    await poll(
      async () =>
        (await api<{ items: Array<{ priceChanged?: boolean }> }>('GET', '/cart', undefined, customer.token))
          .items[0]?.priceChanged,
    ).toBe(true);

    const { page, problems } = await newPage(browser);
    await openAsShopper(page, customer, '/cart');
    await poll(() => page.locator('.cart-line .cat-badge').textContent()).toBe(
      `Price changed: now ${inr(1000)}`,
    );
    const notice = page.getByRole('alert').filter({ hasText: 'A price changed' });
    await poll(() => notice.textContent()).toContain(`New total: ${inr(2000)}`);
    await screenshot(page, 'commerce-cart-price-changed');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${baseUrl()}/createorder`);
    const place = page.getByRole('button', { name: 'Place Order' });
    await poll(() => place.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Accept new prices' }).click();
    await poll(() => toast(page, 'Prices updated').count()).toBe(1);
    await poll(() => place.isEnabled()).toBe(true);
    await place.click();
    const orderId = await orderIdFromUrl(page);
    expect(await api<OrderJson>('GET', `/orders/${orderId}`, undefined, customer.token)).toMatchObject({
      totalPrice: 2000,
      paymentMethod: 'COD',
    });
    expect(problems).toEqual([]);
  });
});
