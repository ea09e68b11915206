import { serviceCallHeaders } from '@spa/kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import {
  createProduct,
  createProductCategory,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
let categoryId: string;
beforeAll(async () => {
  world = await startCatalogue('reservations');
  categoryId = (await createProductCategory(world, 'Oils'))._id;
});
afterAll(async () => world?.close());

const reserve = (
  orderId: string,
  items: Array<{ productId: string; quantity: number; unitPricePaise?: number }>,
) => world.request('POST', '/internal/reservations', { body: { orderId, items } });
const release = (orderId: string) => world.request('POST', `/internal/reservations/${orderId}/release`);

async function stockOf(productId: string): Promise<number> {
  const [row] = await world.deps.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

describe('stock reservations', () => {
  it('50 parallel reservations against a stock of 10 reserve exactly 10; releases restore it', async () => {
    const product = await createProduct(world, categoryId, { name: 'Lavender Oil', stock: 10 });
    const orders = Array.from({ length: 50 }, (_, index) => `race-${index}`);
    const answers = await Promise.all(
      orders.map((orderId) => reserve(orderId, [{ productId: product._id, quantity: 1 }])),
    );

    const won = orders.filter((_, index) => answers[index]!.statusCode === 201);
    const lost = answers.filter((answer) => answer.statusCode === 409);
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    expect(lost[0]!.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: '"Lavender Oil" is out of stock',
    });
    expect(await stockOf(product._id)).toBe(0);
    // What the store shows moves at once.
    expect((await world.request('GET', `/products/${product._id}`)).json().stock).toBe(0);

    const releases = await Promise.all([...won, ...won].map((orderId) => release(orderId)));
    expect(releases.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await stockOf(product._id)).toBe(10);
    expect((await world.request('GET', `/products/${product._id}`)).json().stock).toBe(10);
  });

  it('a repeated reservation for the same order answers the same and changes nothing', async () => {
    const product = await createProduct(world, categoryId, { name: 'Rose Oil', stock: 5, price: 899.5 });
    const first = await reserve('order-repeat', [{ productId: product._id, quantity: 2 }]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      orderId: 'order-repeat',
      status: 'reserved',
      items: [{ productId: product._id, name: 'Rose Oil', quantity: 2, unitPrice: 899.5 }],
      releasedAt: null,
    });
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => reserve('order-repeat', [{ productId: product._id, quantity: 2 }])),
    );
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual(first.json());
    }
    expect(await stockOf(product._id)).toBe(3);

    const different = await reserve('order-repeat', [{ productId: product._id, quantity: 3 }]);
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('Order order-repeat already holds a reservation with other items');
    expect(await stockOf(product._id)).toBe(3);
  });

  it('the same order sent several times at once is reserved once (the claim rides on its first line)', async () => {
    const first = await createProduct(world, categoryId, { name: 'Neroli Oil', stock: 20 });
    const second = await createProduct(world, categoryId, { name: 'Vetiver Oil', stock: 20 });
    const lines = [
      { productId: first._id, quantity: 3 },
      { productId: second._id, quantity: 2 },
    ];
    const answers = await Promise.all(Array.from({ length: 8 }, () => reserve('order-at-once', lines)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const created = answers.find((answer) => answer.statusCode === 201)!.json();
    for (const answer of answers) expect(answer.json()).toEqual(created);
    expect(await stockOf(first._id)).toBe(17);
    expect(await stockOf(second._id)).toBe(18);
    // A line refused after the claim undoes the claim too: the order can be reserved again later.
    const short = await reserve('order-short-first', [{ productId: first._id, quantity: 50 }]);
    expect(short.statusCode).toBe(409);
    expect((await reserve('order-short-first', [{ productId: first._id, quantity: 1 }])).statusCode).toBe(
      201,
    );
    expect(await stockOf(first._id)).toBe(16);
  });

  it('reserves all lines or none, naming the product that is short', async () => {
    const plenty = await createProduct(world, categoryId, { name: 'Almond Oil', stock: 20 });
    const scarce = await createProduct(world, categoryId, { name: 'Sandalwood Oil', stock: 2 });
    const response = await reserve('order-partial', [
      { productId: plenty._id, quantity: 5 },
      { productId: scarce._id, quantity: 3 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Only 2 of "Sandalwood Oil" left in stock (asked for 3)',
      code: 'INSUFFICIENT_STOCK',
      details: [{ productId: scarce._id, name: 'Sandalwood Oil', requested: 3, available: 2 }],
    });
    expect(await stockOf(plenty._id)).toBe(20);
    expect(await stockOf(scarce._id)).toBe(2);
    expect((await world.request('GET', '/internal/reservations/order-partial')).statusCode).toBe(404);

    // Lines of one product are added up; a failed order may try again.
    const retried = await reserve('order-partial', [
      { productId: scarce._id, quantity: 1 },
      { productId: scarce._id, quantity: 1 },
      { productId: plenty._id, quantity: 5 },
    ]);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().items).toHaveLength(2);
    expect(await stockOf(scarce._id)).toBe(0);
    expect(await stockOf(plenty._id)).toBe(15);
  });

  it('releases once, and a late reservation for a released order takes nothing', async () => {
    const product = await createProduct(world, categoryId, { name: 'Neroli Oil', stock: 4 });
    await reserve('order-release', [{ productId: product._id, quantity: 3 }]);
    const released = await release('order-release');
    expect(released.json()).toMatchObject({ orderId: 'order-release', status: 'released' });
    expect(released.json().releasedAt).not.toBeNull();
    await release('order-release');
    expect(await stockOf(product._id)).toBe(4);

    const late = await reserve('order-release', [{ productId: product._id, quantity: 3 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RESERVATION_RELEASED');

    const never = await release('order-never-reserved');
    expect(never.json()).toMatchObject({ status: 'released', items: [] });
    expect(
      (await reserve('order-never-reserved', [{ productId: product._id, quantity: 1 }])).statusCode,
    ).toBe(409);
    expect(await stockOf(product._id)).toBe(4);
  });

  it('never leaks stock when reservations and releases of many orders interleave', async () => {
    const product = await createProduct(world, categoryId, { name: 'Vetiver Oil', stock: 25 });
    const work = Array.from({ length: 40 }, (_, index) => `mixed-${index}`).flatMap((orderId, index) => {
      const reservation = reserve(orderId, [{ productId: product._id, quantity: 2 }]);
      return index % 2 === 0 ? [reservation, reservation.then(() => release(orderId))] : [reservation];
    });
    await Promise.all(work);
    const held = await world.deps.database.pool.query<{ held: number }>(
      `select coalesce(sum(i.quantity), 0)::int as held from stock_reservation_items i
       join stock_reservations r on r.order_id = i.order_id
       where r.status = 'reserved' and i.product_id = $1`,
      [product._id],
    );
    const stock = await stockOf(product._id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + held.rows[0]!.held).toBe(25);
  });

  it('a priced reservation takes nothing unless every line is at today’s price and in stock', async () => {
    const oil = await createProduct(world, categoryId, { name: 'Cedar Oil', stock: 10, price: 1000 });
    const soap = await createProduct(world, categoryId, { name: 'Cedar Soap', stock: 2, price: 250 });
    const changed = await reserve('order-priced', [
      { productId: oil._id, quantity: 5, unitPricePaise: 100 },
      { productId: soap._id, quantity: 3, unitPricePaise: 25_000 },
    ]);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('PRICE_CHANGED');
    expect(changed.json().message).toBe('The price of "Cedar Oil" changed from ₹1.00 to ₹1000.00');
    expect(changed.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: oil._id,
          problem: 'price_changed',
          unitPricePaise: 100,
          currentPricePaise: 100_000,
        }),
        expect.objectContaining({ productId: soap._id, problem: 'insufficient_stock', available: 2 }),
      ]),
    );
    expect(await stockOf(oil._id)).toBe(10);
    expect(await stockOf(soap._id)).toBe(2);
    expect((await world.request('GET', '/internal/reservations/order-priced')).statusCode).toBe(404);

    const short = await reserve('order-priced', [
      { productId: oil._id, quantity: 5, unitPricePaise: 100_000 },
      { productId: soap._id, quantity: 3, unitPricePaise: 25_000 },
    ]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Only 2 of "Cedar Soap" left in stock (asked for 3)',
    });

    // The oil line is taken before the soap line is found short (one statement a line): the refusal
    // still counts the oil's stock as it was, so it names only the soap.
    const allOil = await reserve('order-priced', [
      { productId: oil._id, quantity: 10, unitPricePaise: 100_000 },
      { productId: soap._id, quantity: 3, unitPricePaise: 25_000 },
    ]);
    expect(allOil.statusCode).toBe(409);
    expect(allOil.json().details).toEqual([
      expect.objectContaining({ productId: soap._id, problem: 'insufficient_stock', available: 2 }),
    ]);
    expect(await stockOf(oil._id)).toBe(10);

    const agreed = await reserve('order-priced', [
      { productId: oil._id, quantity: 5, unitPricePaise: 100_000 },
      { productId: soap._id, quantity: 2, unitPricePaise: 25_000 },
    ]);
    expect(agreed.statusCode).toBe(201);
    expect(await stockOf(oil._id)).toBe(5);
    expect(await stockOf(soap._id)).toBe(0);
  });

  it('validates requests and refuses unknown products', async () => {
    const missing = await reserve('order-unknown', [
      { productId: '0b0e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', quantity: 1 },
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PRODUCT_NOT_FOUND');
    expect((await reserve('order-x', [])).statusCode).toBe(400);
    expect((await reserve('order-x', [{ productId: 'nope', quantity: 1 }])).statusCode).toBe(400);
    const product = await createProduct(world, categoryId, { name: 'Jasmine Oil', stock: 1 });
    expect((await reserve('order-x', [{ productId: product._id, quantity: 0 }])).statusCode).toBe(400);
    expect((await reserve('bad id!', [{ productId: product._id, quantity: 1 }])).statusCode).toBe(400);
  });

  it('is not in the public API documentation', async () => {
    const document = (await world.request('GET', '/openapi.json')).json();
    expect(Object.keys(document.paths).some((path) => path.startsWith('/internal'))).toBe(false);
    expect(Object.keys(document.paths)).toContain('/products');
  });

  it('refuses unsigned internal calls and callers the route does not allow (401)', async () => {
    const attempts = [
      { method: 'POST' as const, url: '/internal/reservations', headers: {} },
      { method: 'POST' as const, url: '/internal/reservations/any/release', headers: {} },
      { method: 'GET' as const, url: '/internal/reservations/any', headers: {} },
      { method: 'GET' as const, url: '/internal/stats', headers: {} },
      {
        method: 'POST' as const,
        url: '/internal/reservations',
        headers: await serviceCallHeaders('booking', 'catalogue'),
      },
      {
        method: 'GET' as const,
        url: '/internal/stats',
        headers: await serviceCallHeaders('commerce', 'catalogue'),
      },
    ];
    for (const attempt of attempts) {
      const response = await world.app.inject(attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
      expect(response.json()).toEqual({
        message: 'This internal route needs a valid service credential.',
        code: 'UNAUTHORIZED',
      });
    }
  });
});
