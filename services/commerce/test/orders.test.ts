import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCallHeaders } from '@spa/kit/testing';
import {
  startCommerceWorld,
  type CommerceWorld,
  type Customer,
  type OrderJson,
} from './support/commerce-world.js';

let world: CommerceWorld;
let lavender: { _id: string; name: string; price: number };
let rose: { _id: string; name: string; price: number };

beforeAll(async () => {
  world = await startCommerceWorld('orders', { sandbox: true });
  [lavender, rose] = await Promise.all([
    world.product({ name: 'Lavender Oil', price: 649.99, stock: 50 }),
    world.product({ name: 'Rose Oil', price: 899.5, stock: 50 }),
  ]);
});
afterAll(async () => world?.close());

/** A customer with a saved address and the given lines in the cart. */
async function shopper(name: string, lines: Array<[string, number]> = [[lavender._id, 2]]) {
  const customer = await world.customer(name);
  const address = await world.address(customer);
  for (const [productId, quantity] of lines) await world.addToCart(customer, productId, quantity);
  return { customer, address };
}

async function placeOrder(
  customer: Customer,
  addressId: string,
  paymentMethod: 'COD' | 'ONLINE',
  extra = {},
) {
  return world.call(customer, 'POST', '/orders', {
    paymentMethod,
    shippingAddress: { _id: addressId },
    taxPrice: 0,
    shippingPrice: 0,
    ...extra,
  });
}

describe('placing an order', () => {
  it('places a COD order from the cart at the server’s prices, snapshots the address and empties the cart', async () => {
    const { customer, address } = await shopper('Asha Verma', [
      [lavender._id, 2],
      [rose._id, 1],
    ]);
    const stockBefore = await world.catalogue.productStock(lavender._id);
    // Whatever a client claims about prices is ignored.
    const response = await placeOrder(customer, address._id, 'COD', { taxPrice: 500, shippingPrice: 99 });
    expect(response.statusCode, response.body).toBe(201);
    const { order, razorpayOrder } = response.json() as { order: OrderJson; razorpayOrder?: unknown };
    expect(razorpayOrder).toBeUndefined();
    expect(order).toMatchObject({
      user: { _id: customer.id, name: 'Asha Verma', email: customer.email },
      paymentMethod: 'COD',
      status: 'placed',
      itemsPrice: 2199.48,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 2199.48,
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      shippingAddress: {
        fullName: 'Asha Verma',
        address: '12 MG Road',
        city: 'Indore',
        state: 'Madhya Pradesh',
        postalCode: '452010',
        country: 'India',
        phone: '+91 98765 43210',
        label: 'Home',
      },
    });
    expect(order.paymentExpiresAt).toBeUndefined();
    expect(
      order.orderItems.map(({ product, name, quantity, price }) => ({ product, name, quantity, price })),
    ).toEqual([
      { product: lavender._id, name: 'Lavender Oil', quantity: 2, price: 649.99 },
      { product: rose._id, name: 'Rose Oil', quantity: 1, price: 899.5 },
    ]);

    expect((await world.call(customer, 'GET', '/cart')).json().items).toEqual([]);
    expect(await world.catalogue.productStock(lavender._id)).toBe(stockBefore - 2);
    // The reservation is keyed by the order id.
    const reservation = await fetch(`${world.catalogue.url}/internal/reservations/${order._id}`, {
      headers: await serviceCallHeaders('commerce', 'catalogue'),
    });
    expect(await reservation.json()).toMatchObject({ orderId: order._id, status: 'reserved' });

    // Editing the saved address later does not move the order.
    await world.call(customer, 'PUT', `/addresses/${address._id}`, { city: 'Bhopal', postalCode: '462001' });
    const reread = await world.call(customer, 'GET', `/orders/${order._id}`);
    expect(reread.json().shippingAddress.city).toBe('Indore');

    const [placed] = (await world.published('commerce.order.placed')).filter(
      (event) => event.key === order._id,
    );
    expect(placed!.payload.order).toMatchObject({
      orderId: order._id,
      customerId: customer.id,
      customerEmail: customer.email,
      customerName: 'Asha Verma',
      paymentMethod: 'COD',
      status: 'placed',
      totalPricePaise: 219_948n,
    });
    // The event is built before the statement that places the order writes it (one round trip): it
    // must still say what the order says.
    const event = placed!.payload.order as {
      placedAt: { seconds: bigint; nanos: number };
      shippingAddress: object;
      items: { productId: string; quantity: number }[];
    };
    const shown = reread.json();
    expect(Number(event.placedAt.seconds) * 1000 + event.placedAt.nanos / 1e6).toBe(
      Date.parse(shown.createdAt),
    );
    expect(event.shippingAddress).toMatchObject({ city: 'Indore', fullName: shown.shippingAddress.fullName });
    expect(event.items.map((item) => [item.productId, item.quantity])).toEqual(
      shown.orderItems.map((item: { product: string; quantity: number }) => [item.product, item.quantity]),
    );
  });

  it('places an ONLINE order waiting for payment, with a provider order in paise', async () => {
    const { customer, address } = await shopper('Kabir Shah', [[rose._id, 3]]);
    const before = Date.now();
    const response = await placeOrder(customer, address._id, 'ONLINE');
    expect(response.statusCode, response.body).toBe(201);
    const { order, razorpayOrder } = response.json();
    expect(order).toMatchObject({
      status: 'pending_payment',
      paymentMethod: 'ONLINE',
      isPaid: false,
      totalPrice: 2698.5,
    });
    // The default hold: 15 minutes.
    const expiresIn = Date.parse(order.paymentExpiresAt) - before;
    expect(expiresIn).toBeGreaterThan(14.9 * 60_000);
    expect(expiresIn).toBeLessThan(15.1 * 60_000);
    expect(razorpayOrder).toEqual({ id: expect.stringMatching(/^order_/), amount: 269_850, currency: 'INR' });

    const provider = await world.deps.provider.paymentsOfOrder(razorpayOrder.id);
    expect(provider).toEqual([]);
    expect(await world.provider(`/orders/${razorpayOrder.id}`)).toMatchObject({
      amount: 269_850,
      receipt: order._id,
      currency: 'INR',
    });
  });

  it('refuses an empty cart, a missing or foreign address, and bad input', async () => {
    const { customer, address } = await shopper('Meera Iyer', []);
    const empty = await placeOrder(customer, address._id, 'COD');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'Your cart is empty', code: 'CART_EMPTY' });

    await world.addToCart(customer, lavender._id, 1);
    const noAddress = await world.call(customer, 'POST', '/orders', { paymentMethod: 'COD' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toBe('Please select or add an address');

    const other = await shopper('Someone Else', []);
    const foreign = await placeOrder(customer, other.address._id, 'COD');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Address not found');

    const method = await placeOrder(customer, address._id, 'CARD' as 'COD');
    expect(method.statusCode).toBe(400);
    expect(method.json().message).toBe('paymentMethod must be equal to one of the allowed values');
    const prices = await placeOrder(customer, address._id, 'COD', { totalPrice: 1 });
    expect(prices.statusCode).toBe(400);
    expect(prices.json().message).toBe('totalPrice is not an allowed field');
    expect((await world.call(null, 'POST', '/orders', { paymentMethod: 'COD' })).statusCode).toBe(401);
    // Nothing was placed and the cart is as it was.
    expect((await world.call(customer, 'GET', '/orders')).json()).toEqual([]);
    expect((await world.call(customer, 'GET', '/cart')).json().items).toHaveLength(1);
  });

  it('refuses a cart asking for more than the catalogue has, naming the product, and keeps the cart', async () => {
    const scarce = await world.product({ name: 'Sandalwood Oil', price: 1200, stock: 3 });
    const { customer, address } = await shopper('Dev Patel', [[scarce._id, 3]]);
    const rival = await shopper('Rival Buyer', [[scarce._id, 1]]);
    expect((await placeOrder(rival.customer, rival.address._id, 'COD')).statusCode).toBe(201);

    const response = await placeOrder(customer, address._id, 'COD');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Only 2 of "Sandalwood Oil" left in stock (asked for 3)',
    });
    expect((await world.call(customer, 'GET', '/cart')).json().items).toHaveLength(1);
    expect((await world.call(customer, 'GET', '/orders')).json()).toEqual([]);
    expect(await world.catalogue.productStock(scarce._id)).toBe(2);
  });

  it('refuses a cart holding a deleted product', async () => {
    const gone = await world.product({ name: 'Discontinued Soap', price: 99, stock: 5 });
    const { customer, address } = await shopper('Tara Nair', [[gone._id, 1]]);
    await world.catalogue.admin('DELETE', `/products/${gone._id}`);
    await world.mirrored(gone._id, (product) => product.deleted);
    const response = await placeOrder(customer, address._id, 'COD');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('PRODUCT_UNAVAILABLE');
  });
});

describe('reading orders', () => {
  it('lists a customer’s own orders newest first; admins see any and all', async () => {
    const { customer, address } = await shopper('Ira Menon');
    const first = (await placeOrder(customer, address._id, 'COD')).json().order;
    await world.addToCart(customer, rose._id, 1);
    const second = (await placeOrder(customer, address._id, 'COD')).json().order;
    const stranger = await world.customer('Stranger');

    const own = await world.call(customer, 'GET', '/orders');
    expect(own.json().map((order: OrderJson) => order._id)).toEqual([second._id, first._id]);
    expect((await world.call(stranger, 'GET', '/orders')).json()).toEqual([]);

    const foreign = await world.call(stranger, 'GET', `/orders/${first._id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Order not found', code: 'NOT_FOUND' });
    expect((await world.call(world.admin, 'GET', `/orders/${first._id}`)).json()._id).toBe(first._id);
    expect(
      (await world.call(customer, 'GET', '/orders/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await world.call(customer, 'GET', '/orders/not-an-id')).statusCode).toBe(400);

    const all = await world.call(world.admin, 'GET', '/orders/admin/all');
    expect(all.statusCode).toBe(200);
    const ids = all.json().map((order: OrderJson) => order._id);
    expect(ids).toEqual(expect.arrayContaining([first._id, second._id]));
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect((await world.call(customer, 'GET', '/orders/admin/all')).statusCode).toBe(403);
    expect((await world.call(null, 'GET', '/orders/admin/all')).statusCode).toBe(401);
  });
});

describe('delivery', () => {
  it('marks a COD order delivered and records its cash as collected', async () => {
    const { customer, address } = await shopper('Asha COD');
    const order = (await placeOrder(customer, address._id, 'COD')).json().order;
    const response = await world.call(world.admin, 'PATCH', `/orders/${order._id}/status`, {
      isDelivered: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'delivered', isDelivered: true, isPaid: true });
    expect(response.json().paidAt).toBe(response.json().deliveredAt);

    const again = await world.call(world.admin, 'PATCH', `/orders/${order._id}/status`, {
      isDelivered: true,
    });
    expect(again.json().deliveredAt).toBe(response.json().deliveredAt);
    const events = (await world.published())
      .filter((event) => event.key === order._id)
      .map((event) => event.type);
    expect(events).toEqual(['commerce.order.placed', 'commerce.order.paid', 'commerce.order.delivered']);
    const [paid] = (await world.published('commerce.order.paid')).filter((event) => event.key === order._id);
    expect(paid!.payload).toMatchObject({ collectedOnDelivery: true, paymentId: '' });
  });

  it('refuses to deliver an unpaid ONLINE order; only admins mark delivery', async () => {
    const { customer, address } = await shopper('Kabir Online');
    const order = (await placeOrder(customer, address._id, 'ONLINE')).json().order;
    const unpaid = await world.call(world.admin, 'PATCH', `/orders/${order._id}/status`, {
      isDelivered: true,
    });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json()).toEqual({
      message: 'Only a paid order can be marked delivered',
      code: 'ORDER_NOT_PAID',
    });

    expect(
      (await world.call(customer, 'PATCH', `/orders/${order._id}/status`, { isDelivered: true })).statusCode,
    ).toBe(403);
    const undo = await world.call(world.admin, 'PATCH', `/orders/${order._id}/status`, {
      isDelivered: false,
    });
    expect(undo.statusCode).toBe(400);
    expect(undo.json().message).toBe('isDelivered can only be set to true');
    const missing = await world.call(
      world.admin,
      'PATCH',
      '/orders/00000000-0000-4000-8000-000000000000/status',
      {
        isDelivered: true,
      },
    );
    expect(missing.statusCode).toBe(404);
    expect((await world.call(customer, 'GET', `/orders/${order._id}`)).json().status).toBe('pending_payment');
  });
});

describe('cancelling', () => {
  it('cancels an unpaid order for its customer, releasing its stock once', async () => {
    const product = await world.product({ name: 'Neem Soap', price: 150, stock: 10 });
    const { customer, address } = await shopper('Cancel Me', [[product._id, 4]]);
    const order = (await placeOrder(customer, address._id, 'ONLINE')).json().order;
    expect(await world.catalogue.productStock(product._id)).toBe(6);

    const stranger = await world.customer('Not The Owner');
    expect((await world.call(stranger, 'POST', `/orders/${order._id}/cancel`)).statusCode).toBe(404);

    const cancelled = await world.call(customer, 'POST', `/orders/${order._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'cancelled_by_customer' });
    expect(await world.catalogue.productStock(product._id)).toBe(10);
    expect((await world.call(customer, 'POST', `/orders/${order._id}/cancel`)).statusCode).toBe(200);
    expect(await world.catalogue.productStock(product._id)).toBe(10);
    const events = await world.published('commerce.order.cancelled');
    expect(events.filter((event) => event.key === order._id)).toHaveLength(1);
  });
});
