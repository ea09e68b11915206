import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '../src/domain/cart.js';
import { startCommerceWorld, type CommerceWorld, type Customer } from './support/commerce-world.js';

let world: CommerceWorld;
let asha: Customer;
let kabir: Customer;
let lavender: { _id: string; name: string; price: number };

beforeAll(async () => {
  world = await startCommerceWorld('cart');
  asha = await world.customer('Asha Verma');
  kabir = await world.customer('Kabir Shah');
  lavender = await world.product({ name: 'Lavender Oil', price: 649.99, stock: 5 });
});
afterAll(async () => world?.close());

const cartOf = async (customer: Customer) => {
  const response = await world.call(customer, 'GET', '/cart');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the cart', () => {
  it('needs a signed-in user on every route', async () => {
    const itemId = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/cart'],
      ['POST', '/cart'],
      ['PATCH', `/cart/${itemId}`],
      ['DELETE', `/cart/${itemId}`],
    ] as const) {
      const response = await world.call(
        null,
        method,
        url,
        method === 'POST' ? { product: lavender._id } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('starts empty, one per user', async () => {
    const first = await cartOf(asha);
    expect(first).toMatchObject({ user: asha.id, items: [], totalPrice: 0 });
    expect((await cartOf(asha))._id).toBe(first._id);
    expect((await cartOf(kabir))._id).not.toBe(first._id);
  });

  it('adds a product with its price and stock, and adds to the same line when added again', async () => {
    const added = await world.call(asha, 'POST', '/cart', { product: lavender._id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(201);
    const cart = added.json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      product: {
        _id: lavender._id,
        name: 'Lavender Oil',
        price: 649.99,
        stock: 5,
        available: true,
        image: '',
      },
      quantity: 2,
      price: 649.99,
      priceAtAddition: 649.99,
    });
    expect(cart.items[0].unavailableReason).toBeUndefined();
    expect(cart.totalPrice).toBe(1299.98);

    const again = await world.call(asha, 'POST', '/cart', { product: lavender._id });
    expect(again.statusCode).toBe(200);
    expect(again.json().items).toHaveLength(1);
    expect(again.json().items[0].quantity).toBe(3);
    expect(again.json().totalPrice).toBe(1949.97);
  });

  it('never holds more than the stock', async () => {
    const tooMany = await world.call(asha, 'POST', '/cart', { product: lavender._id, quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Only 5 of "Lavender Oil" left in stock (asked for 6)',
    });
    const patched = (await cartOf(asha)).items[0]._id;
    const over = await world.call(asha, 'PATCH', `/cart/${patched}`, { quantity: 6 });
    expect(over.statusCode).toBe(409);
    expect((await cartOf(asha)).items[0].quantity).toBe(3);
  });

  it('holds at most MAX_CART_LINES products: one more is refused and nothing of it is written', async () => {
    const shopper = await world.customer('Meera Iyer');
    const products: Array<{ _id: string }> = [];
    for (let batch = 0; products.length <= MAX_CART_LINES; batch++)
      products.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, MAX_CART_LINES + 1 - products.length) }, (_, n) =>
            world.product({ name: `Sample ${batch}-${n}`, price: 10, stock: 10 }),
          ),
        )),
      );
    for (const product of products.slice(0, MAX_CART_LINES)) await world.addToCart(shopper, product._id);
    const oneMore = await world.call(shopper, 'POST', '/cart', { product: products[MAX_CART_LINES]!._id });
    expect(oneMore.statusCode).toBe(422);
    expect(oneMore.json().code).toBe('CART_FULL');
    const full = await cartOf(shopper);
    expect(full.items).toHaveLength(MAX_CART_LINES);
    expect(full.items.map((item: { product: { _id: string } }) => item.product._id)).not.toContain(
      products[MAX_CART_LINES]!._id,
    );
    // A product already in the full cart still takes more: it is its own line.
    const again = await world.call(shopper, 'POST', '/cart', { product: products[0]!._id, quantity: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().items).toHaveLength(MAX_CART_LINES);
    expect(again.json().items[0]).toMatchObject({ product: { _id: products[0]!._id }, quantity: 3 });
  });

  it('explains bad input in the error shape', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'product is required'],
      [{ product: 'not-a-uuid' }, 400, 'product must match format "uuid"'],
      [{ product: lavender._id, quantity: 0 }, 400, 'Quantity must be at least 1'],
      [{ product: lavender._id, quantity: -2 }, 400, 'Quantity must be at least 1'],
      [{ product: lavender._id, quantity: 1.5 }, 400, 'quantity must be integer'],
      [{ product: lavender._id, quantity: '2' }, 400, 'quantity must be integer'],
      [{ product: lavender._id, price: 1 }, 400, 'price is not an allowed field'],
      [{ product: '00000000-0000-4000-8000-000000000000' }, 404, 'Product not found'],
    ];
    for (const [body, status, message] of cases) {
      const response = await world.call(kabir, 'POST', '/cart', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
      expect(response.json().code).toBeTypeOf('string');
    }
    const item = (await cartOf(asha)).items[0]._id;
    const zero = await world.call(asha, 'PATCH', `/cart/${item}`, { quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Quantity must be at least 1');
    const badId = await world.call(asha, 'PATCH', '/cart/42', { quantity: 1 });
    expect(badId.statusCode).toBe(400);
  });

  it('changes a quantity and removes a line', async () => {
    const item = (await cartOf(asha)).items[0]._id;
    // The answer is built from the lines read under the lock, so an id in capitals (a uuid either way)
    // must still find its line in it.
    const changed = await world.call(asha, 'PATCH', `/cart/${item.toUpperCase()}`, { quantity: 1 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items[0].quantity).toBe(1);
    expect(changed.json().totalPrice).toBe(649.99);
    expect((await cartOf(asha)).items[0].quantity).toBe(1);

    const removed = await world.call(asha, 'DELETE', `/cart/${item.toUpperCase()}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items).toEqual([]);
    expect((await world.call(asha, 'DELETE', `/cart/${item}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's cart item, and leaves it alone", async () => {
    await world.addToCart(asha, lavender._id, 1);
    const item = (await cartOf(asha)).items[0]._id;
    for (const [method, body] of [
      ['PATCH', { quantity: 2 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await world.call(kabir, method, `/cart/${item}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Cart item not found', code: 'NOT_FOUND' });
    }
    expect((await cartOf(asha)).items[0]).toMatchObject({ _id: item, quantity: 1 });
  });

  it('keeps the price at addition when the catalogue changes the price', async () => {
    const rose = await world.product({ name: 'Rose Oil', price: 899.5, stock: 4 });
    await world.addToCart(kabir, rose._id, 2);
    await world.catalogue.admin('PUT', `/products/${rose._id}`, { price: 999 });
    await world.mirrored(rose._id, (product) => product.price === 999);
    const line = (await cartOf(kabir)).items.find(
      (item: { product: { _id: string } }) => item.product._id === rose._id,
    );
    expect(line).toMatchObject({ price: 899.5, product: { price: 999 } });
  });

  it('flags a product that sold out or was deleted instead of dropping it', async () => {
    const balm = await world.product({ name: 'Tiger Balm', price: 120, stock: 3 });
    const salt = await world.product({ name: 'Bath Salt', price: 350, stock: 2 });
    const customer = await world.customer('Meera Iyer');
    await world.addToCart(customer, balm._id, 2);
    await world.addToCart(customer, salt._id, 1);

    await world.catalogue.admin('PUT', `/products/${balm._id}`, { stock: 1 });
    await world.mirrored(balm._id, (product) => product.stock === 1);
    let cart = await cartOf(customer);
    expect(cart.items[0]).toMatchObject({
      unavailableReason: 'insufficient_stock',
      product: { available: false },
    });

    await world.catalogue.admin('PUT', `/products/${balm._id}`, { stock: 0 });
    await world.mirrored(balm._id, (product) => product.stock === 0);
    cart = await cartOf(customer);
    expect(cart.items[0]).toMatchObject({ unavailableReason: 'out_of_stock', product: { stock: 0 } });
    // Lowering the quantity of a short line is allowed; raising it is not.
    expect(
      (await world.call(customer, 'PATCH', `/cart/${cart.items[0]._id}`, { quantity: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await world.call(customer, 'PATCH', `/cart/${cart.items[0]._id}`, { quantity: 2 })).statusCode,
    ).toBe(409);

    await world.catalogue.admin('DELETE', `/products/${salt._id}`);
    await world.mirrored(salt._id, (product) => product.deleted);
    cart = await cartOf(customer);
    expect(cart.items).toHaveLength(2);
    expect(cart.items[1]).toMatchObject({
      product: { _id: salt._id, name: 'Bath Salt', available: false },
      unavailableReason: 'deleted',
      price: 350,
    });
    // The deleted line no longer counts; the sold-out line still shows what it would cost.
    expect(cart.totalPrice).toBe(120);
    const addDeleted = await world.call(customer, 'POST', '/cart', { product: salt._id });
    expect(addDeleted.statusCode).toBe(404);
    // A flagged line can still be removed.
    expect((await world.call(customer, 'DELETE', `/cart/${cart.items[1]._id}`)).statusCode).toBe(200);
  });
});

describe('saved addresses', () => {
  const home = {
    label: 'Home',
    fullName: 'Asha Verma',
    phone: '+91 98765 43210',
    street: '12 MG Road',
    city: 'Indore',
    state: 'Madhya Pradesh',
    postalCode: '452010',
    country: 'India',
  };

  it('adds, lists, edits and deletes an address', async () => {
    const customer = await world.customer('Nila Rao');
    const created = await world.call(customer, 'POST', '/addresses', home);
    expect(created.statusCode, created.body).toBe(201);
    const address = created.json();
    expect(address).toMatchObject({ ...home, _id: expect.any(String) });
    expect(address.id).toBe(address._id);

    const office = await world.call(customer, 'POST', '/addresses', {
      ...home,
      label: 'Office',
      street: '4 Palasia',
    });
    expect(office.statusCode).toBe(201);
    const listed = await world.call(customer, 'GET', '/addresses');
    expect(listed.json().map((entry: { label: string }) => entry.label)).toEqual(['Home', 'Office']);

    const edited = await world.call(customer, 'PUT', `/addresses/${address._id}`, {
      city: 'Bhopal',
      postalCode: '462001',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ ...home, city: 'Bhopal', postalCode: '462001' });

    const deleted = await world.call(customer, 'DELETE', `/addresses/${address._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Address deleted successfully' });
    expect((await world.call(customer, 'GET', '/addresses')).json()).toHaveLength(1);
    expect((await world.call(customer, 'DELETE', `/addresses/${address._id}`)).statusCode).toBe(404);
  });

  it('names every missing or malformed field', async () => {
    const customer = await world.customer('Dev Patel');
    const empty = await world.call(customer, 'POST', '/addresses', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Label is required', code: 'VALIDATION_FAILED' });
    expect(empty.json().details.map((detail: { message: string }) => detail.message)).toEqual([
      'Label is required',
      'Full name is required',
      'Phone is required',
      'Street is required',
      'City is required',
      'State is required',
      'Postal code is required',
      'Country is required',
    ]);
    const badPhone = await world.call(customer, 'POST', '/addresses', { ...home, phone: 'call me' });
    expect(badPhone.json().message).toBe('Phone must be a phone number of 7 to 15 digits');
    const unknown = await world.call(customer, 'POST', '/addresses', { ...home, userId: 'someone-else' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('userId is not an allowed field');
    const blanked = await world.call(customer, 'POST', '/addresses', { ...home, street: '   ' });
    expect(blanked.json().details).toEqual([{ field: 'street', message: 'Street is required' }]);
    expect((await world.call(customer, 'GET', '/addresses')).json()).toEqual([]);
  });

  it("answers 404 for another user's address and leaves it unchanged", async () => {
    const owner = await world.customer('Owner One');
    const stranger = await world.customer('Stranger Two');
    const address = (await world.call(owner, 'POST', '/addresses', home)).json();
    for (const [method, body] of [
      ['PUT', { city: 'Pune' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await world.call(stranger, method, `/addresses/${address._id}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Address not found', code: 'NOT_FOUND' });
    }
    expect((await world.call(stranger, 'GET', '/addresses')).json()).toEqual([]);
    expect((await world.call(owner, 'GET', '/addresses')).json()[0]).toMatchObject({ city: 'Indore' });
    expect((await world.call(null, 'GET', '/addresses')).statusCode).toBe(401);
  });
});

describe('API documentation', () => {
  it('documents the public routes and hides the internal ones', async () => {
    const response = await world.call(null, 'GET', '/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/cart',
        '/cart/{itemId}',
        '/addresses',
        '/addresses/{id}',
        '/orders',
        '/orders/{id}',
        '/orders/admin/all',
        '/orders/{id}/status',
        '/orders/{id}/cancel',
        '/orders/verify-payment',
        '/payments/config',
        '/payments/webhook',
      ]),
    );
    expect(paths.filter((path) => path.startsWith('/internal'))).toEqual([]);
  });
});
