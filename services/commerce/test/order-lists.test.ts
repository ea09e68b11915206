import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCommerceWorld,
  type CommerceWorld,
  type Customer,
  type OrderJson,
} from './support/commerce-world.js';

/**
 * Bounded order lists over a table of 70,000 orders, written with one bulk SQL insert: the admin list
 * once bound one parameter per order and failed past 65,535 of them.
 */
const SEEDED = 70_000;
let world: CommerceWorld;
let heavy: Customer;
const PRODUCT = randomUUID();

beforeAll(async () => {
  world = await startCommerceWorld('order_lists');
  heavy = await world.customer('Bulk Buyer');
  // Orders 1..70,000 one minute apart (order n is the newest for the largest n), two lines each.
  await world.deps.db.execute(sql`
    insert into orders (id, user_id, user_name, user_email, payment_method, status, items_price_paise,
      shipping_price_paise, tax_price_paise, total_price_paise, ship_full_name, ship_address, ship_city,
      ship_state, ship_postal_code, ship_country, ship_phone, ship_label, created_at, updated_at)
    select md5('order-' || n)::uuid, ${heavy.id}, 'Bulk Buyer', ${heavy.email}, 'COD', 'placed', n * 100, 0, 0,
      n * 100, 'Bulk Buyer', '1 MG Road', 'Indore', 'MP', '452001', 'India', '9999999999', 'Home',
      timestamptz '2025-01-01' + n * interval '1 minute', timestamptz '2025-01-01' + n * interval '1 minute'
    from generate_series(1, ${SEEDED}) as n`);
  await world.deps.db.execute(sql`
    insert into order_items (id, order_id, position, product_id, name, image, quantity, unit_price_paise)
    select gen_random_uuid(), md5('order-' || n)::uuid, line, ${PRODUCT}::uuid, 'Line ' || line || ' of ' || n,
      '/images/x.jpg', 1, n * 50
    from generate_series(1, ${SEEDED}) as n, generate_series(0, 1) as line`);
  await world.deps.db.execute(sql`analyze orders; analyze order_items`);
  // A reserving (never shown) order must not count.
  await world.deps.db.execute(sql`
    insert into orders (id, user_id, user_name, user_email, payment_method, status, items_price_paise,
      shipping_price_paise, tax_price_paise, total_price_paise, ship_full_name, ship_address, ship_city,
      ship_state, ship_postal_code, ship_country, ship_phone, ship_label)
    values (${randomUUID()}, ${heavy.id}, 'Bulk Buyer', ${heavy.email}, 'COD', 'reserving', 100, 0, 0, 100,
      'Bulk Buyer', '1 MG Road', 'Indore', 'MP', '452001', 'India', '9999999999', 'Home')`);
}, 120_000);
afterAll(async () => world?.close());

const orderNumber = (order: OrderJson) => order.totalPrice; // n rupees for order n

describe('the admin order list over 70,000 orders', () => {
  it('answers the plain array of the newest 100 without `page`, with the total in a header', async () => {
    const timings: number[] = [];
    let response = await world.call(world.admin, 'GET', '/orders/admin/all');
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      response = await world.call(world.admin, 'GET', '/orders/admin/all');
      timings.push(performance.now() - started);
    }
    expect(response.statusCode, response.body).toBe(200);
    const orders = response.json() as OrderJson[];
    expect(orders).toHaveLength(100);
    expect(orders.map(orderNumber)).toEqual(Array.from({ length: 100 }, (_, i) => SEEDED - i));
    expect(orders[0]!.orderItems.map((item) => item.name)).toEqual([
      `Line 0 of ${SEEDED}`,
      `Line 1 of ${SEEDED}`,
    ]);
    expect(response.headers['x-total-count']).toBe(String(SEEDED));
    expect(response.headers['x-page']).toBe('1');
    expect(response.headers['x-page-size']).toBe('100');
    // A measurement for the README, not an assertion on time.
    console.info(
      `GET /orders/admin/all over ${SEEDED} orders (after one warm-up call): ${timings.map((ms) => ms.toFixed(1)).join(', ')} ms`,
    );
  });

  it('pages with { items, total, page, pageSize }: default 20, the last page, past the end', async () => {
    const first = await world.call(world.admin, 'GET', '/orders/admin/all?page=1');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as { items: OrderJson[]; total: number; page: number; pageSize: number };
    expect({ ...body, items: body.items.length }).toEqual({
      items: 20,
      total: SEEDED,
      page: 1,
      pageSize: 20,
    });
    expect(body.items.map(orderNumber)).toEqual(Array.from({ length: 20 }, (_, i) => SEEDED - i));

    await world.call(world.admin, 'GET', '/orders/admin/all?page=700&pageSize=100');
    const started = performance.now();
    const last = await world.call(world.admin, 'GET', '/orders/admin/all?page=700&pageSize=100');
    const elapsed = performance.now() - started;
    expect(last.statusCode, last.body).toBe(200);
    const lastPage = last.json() as { items: OrderJson[]; total: number };
    expect(lastPage.items.map(orderNumber)).toEqual(Array.from({ length: 100 }, (_, i) => 100 - i));
    expect(lastPage.items.every((order) => order.orderItems.length === 2)).toBe(true);
    console.info(`GET /orders/admin/all?page=700&pageSize=100 (the oldest): ${elapsed.toFixed(1)} ms`);

    const beyond = await world.call(world.admin, 'GET', '/orders/admin/all?page=701&pageSize=100');
    expect(beyond.json()).toEqual({ items: [], total: SEEDED, page: 701, pageSize: 100 });
  });

  it('refuses a page size over 100 or a page below 1 with 400 in the one error shape', async () => {
    for (const query of ['pageSize=101', 'page=0', 'page=abc', 'pageSize=0', 'page=1&limit=5']) {
      const response = await world.call(world.admin, 'GET', `/orders/admin/all?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('a customer’s own orders', () => {
  it('are paged the same way, and another customer sees none of them', async () => {
    const own = await world.call(heavy, 'GET', '/orders?page=3&pageSize=50');
    expect(own.statusCode, own.body).toBe(200);
    const page = own.json() as { items: OrderJson[]; total: number; page: number; pageSize: number };
    expect(page.total).toBe(SEEDED);
    expect(page.items.map(orderNumber)).toEqual(Array.from({ length: 50 }, (_, i) => SEEDED - 100 - i));

    const plain = await world.call(heavy, 'GET', '/orders?pageSize=5');
    expect((plain.json() as OrderJson[]).map(orderNumber)).toEqual([70_000, 69_999, 69_998, 69_997, 69_996]);

    const stranger = await world.customer('Stranger');
    const none = await world.call(stranger, 'GET', '/orders');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });
});
