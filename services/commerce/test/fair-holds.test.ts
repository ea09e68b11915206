import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommerceWorld, type CommerceWorld, type Customer } from './support/commerce-world.js';

let world: CommerceWorld;
let oil: { _id: string };
beforeAll(async () => {
  world = await startCommerceWorld('fairholds', { sandbox: true });
  oil = await world.product({ name: 'Kumkumadi Oil', price: 500, stock: 100 });
});
afterAll(async () => world?.close());

const placeOrder = (customer: Customer, addressId: string, paymentMethod: 'COD' | 'ONLINE') =>
  world.call(customer, 'POST', '/orders', { paymentMethod, shippingAddress: { _id: addressId } });

describe('fair holds: unpaid online orders per customer', () => {
  it('one open unpaid online order by default; a second is 409 until the first is cancelled, and nothing is held for it', async () => {
    const customer = await world.customer('Hoarding Customer');
    const { _id: addressId } = await world.address(customer);
    await world.addToCart(customer, oil._id, 10);
    const first = await placeOrder(customer, addressId, 'ONLINE');
    expect(first.statusCode, first.body).toBe(201);
    expect(await world.catalogue.productStock(oil._id)).toBe(90);

    await world.addToCart(customer, oil._id, 10);
    const second = await placeOrder(customer, addressId, 'ONLINE');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'TOO_MANY_UNPAID_ORDERS',
      message:
        'You already have an online order waiting for payment. Pay for it or cancel it before placing another.',
      details: [{ limit: 1 }],
    });
    expect(await world.catalogue.productStock(oil._id)).toBe(90);
    expect((await world.call(customer, 'GET', '/cart')).json().items).toHaveLength(1);

    // Cash on delivery holds nothing waiting for a payment: not limited here.
    const cod = await placeOrder(customer, addressId, 'COD');
    expect(cod.statusCode, cod.body).toBe(201);

    // Another customer is not affected by this one's hold.
    const other = await world.customer('Other Customer');
    const otherAddress = await world.address(other);
    await world.addToCart(other, oil._id, 1);
    expect((await placeOrder(other, otherAddress._id, 'ONLINE')).statusCode).toBe(201);

    const firstId = first.json().order._id as string;
    expect((await world.call(customer, 'POST', `/orders/${firstId}/cancel`)).statusCode).toBe(200);
    await world.addToCart(customer, oil._id, 2);
    const again = await placeOrder(customer, addressId, 'ONLINE');
    expect(again.statusCode, again.body).toBe(201);
  });
});
