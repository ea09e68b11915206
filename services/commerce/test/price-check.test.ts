import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommerceWorld, type CommerceWorld, type Customer } from './support/commerce-world.js';

let world: CommerceWorld;
beforeAll(async () => {
  world = await startCommerceWorld('pricecheck');
});
afterAll(async () => world?.close());

async function shopper(name: string, lines: Array<[string, number]>) {
  const customer = await world.customer(name);
  const address = await world.address(customer);
  for (const [productId, quantity] of lines) await world.addToCart(customer, productId, quantity);
  return { customer, address };
}

const placeOrder = (customer: Customer, addressId: string) =>
  world.call(customer, 'POST', '/orders', { paymentMethod: 'COD', shippingAddress: { _id: addressId } });

const setPrice = (productId: string, price: number) =>
  world.catalogue.admin('PUT', `/products/${productId}`, { price });

interface CartJson {
  items: Array<{
    _id: string;
    quantity: number;
    price: number;
    priceChanged: boolean;
    product: { price: number };
  }>;
  totalPrice: number;
  currentTotalPrice: number;
}

const cartOf = async (customer: Customer) => (await world.call(customer, 'GET', '/cart')).json() as CartJson;

describe('checkout at today’s prices', () => {
  it('the ₹1 trick: raising the quantity and ordering are refused at the old price until the customer accepts the new one', async () => {
    const oil = await world.product({ name: 'Saffron Oil', price: 1, stock: 20 });
    const other = await world.product({ name: 'Clay Mask', price: 300, stock: 20 });
    const { customer, address } = await shopper('Careful Customer', [
      [oil._id, 1],
      [other._id, 2],
    ]);
    await setPrice(oil._id, 1000);
    await world.mirrored(oil._id, (product) => product.price === 1000);

    const [line] = (await cartOf(customer)).items;
    const raised = await world.call(customer, 'PATCH', `/cart/${line!._id}`, { quantity: 5 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      details: [{ itemId: line!._id, oldPrice: 1, newPrice: 1000 }],
    });

    const cart = await cartOf(customer);
    expect(
      cart.items.map((item) => [item.quantity, item.price, item.product.price, item.priceChanged]),
    ).toEqual([
      [1, 1, 1000, true],
      [2, 300, 300, false],
    ]);
    expect(cart.totalPrice).toBe(601);
    expect(cart.currentTotalPrice).toBe(1600);

    const refused = await placeOrder(customer, address._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PRICE_CHANGED',
      message:
        'A price in your cart changed since you added it: "Saffron Oil" (₹1.00 → ₹1000.00). The new total is ₹1600.00; accept the new prices to place your order.',
      details: [
        {
          itemId: line!._id,
          productId: oil._id,
          name: 'Saffron Oil',
          problem: 'price_changed',
          quantity: 1,
          available: 20,
          oldPrice: 1,
          newPrice: 1000,
        },
      ],
    });
    // Nothing reserved, nothing ordered, the cart as it was.
    expect(await world.catalogue.productStock(oil._id)).toBe(20);
    expect(await world.catalogue.productStock(other._id)).toBe(20);
    expect((await world.call(customer, 'GET', '/orders')).json()).toEqual([]);
    expect((await cartOf(customer)).items).toHaveLength(2);

    const accepted = await world.call(customer, 'POST', '/cart/accept-prices');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ totalPrice: 1600, currentTotalPrice: 1600 });
    expect((accepted.json() as CartJson).items.every((item) => !item.priceChanged)).toBe(true);

    expect((await world.call(customer, 'PATCH', `/cart/${line!._id}`, { quantity: 5 })).statusCode).toBe(200);
    const placed = await placeOrder(customer, address._id);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ totalPrice: 5600 });
    expect(await world.catalogue.productStock(oil._id)).toBe(15);
  });

  it('the catalogue decides, not the mirror: an order placed the moment the price moves is refused', async () => {
    const balm = await world.product({ name: 'Tiger Balm', price: 150, stock: 5 });
    const { customer, address } = await shopper('Quick Customer', [[balm._id, 2]]);
    await setPrice(balm._id, 175);
    const refused = await placeOrder(customer, address._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      details: [{ productId: balm._id, oldPrice: 150, newPrice: 175 }],
    });
    expect(await world.catalogue.productStock(balm._id)).toBe(5);
  });

  it('re-adding a product is buying at today’s price: the whole line takes it', async () => {
    const soap = await world.product({ name: 'Neem Soap', price: 50, stock: 10 });
    const { customer } = await shopper('Re Adder', [[soap._id, 1]]);
    await setPrice(soap._id, 80);
    await world.mirrored(soap._id, (product) => product.price === 80);
    const again = await world.call(customer, 'POST', '/cart', { product: soap._id, quantity: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().items).toEqual([
      expect.objectContaining({ quantity: 2, price: 80, priceChanged: false }),
    ]);
    // Lowering a quantity never needs a price check.
    await setPrice(soap._id, 90);
    await world.mirrored(soap._id, (product) => product.price === 90);
    const lowered = await world.call(customer, 'PATCH', `/cart/${again.json().items[0]._id}`, {
      quantity: 1,
    });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().items[0]).toMatchObject({ quantity: 1, price: 80, priceChanged: true });
  });

  it('stock that fell below a line’s quantity is refused naming the line, and nothing is reserved', async () => {
    const scarce = await world.product({ name: 'Oud Oil', price: 2000, stock: 4 });
    const plenty = await world.product({ name: 'Coconut Oil', price: 200, stock: 40 });
    const { customer, address } = await shopper('Late Customer', [
      [plenty._id, 3],
      [scarce._id, 3],
    ]);
    const rival = await shopper('Early Customer', [[scarce._id, 2]]);
    expect((await placeOrder(rival.customer, rival.address._id)).statusCode).toBe(201);

    const scarceLine = (await cartOf(customer)).items[1]!;
    const refused = await placeOrder(customer, address._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Only 2 of "Oud Oil" left in stock (asked for 3)',
      details: [{ itemId: scarceLine._id, problem: 'insufficient_stock', quantity: 3, available: 2 }],
    });
    expect(await world.catalogue.productStock(plenty._id)).toBe(40);
  });

  it('accepting prices needs a session', async () => {
    expect((await world.call(null, 'POST', '/cart/accept-prices')).statusCode).toBe(401);
  });
});
