import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToLineIfUnchanged,
  readCartWithAddress,
  readCartWithProduct,
} from '../src/db/carts.repository.js';
import { writeReservingOrder } from '../src/db/checkout.repository.js';
import { carts, orderItems, orders } from '../src/db/schema.js';
import { startCommerceWorld, type CommerceWorld } from './support/commerce-world.js';

// Adding to the cart and checking out first read the cart without its lock and write only if it is
// unchanged since (its row's version); otherwise the locked way decides. These are the
// writes that must not land on a cart that changed, and the customer-visible outcome when many land
// at once.
let world: CommerceWorld;
let oil: { _id: string; name: string; price: number };
let soap: { _id: string; name: string; price: number };

beforeAll(async () => {
  world = await startCommerceWorld('cart_versions');
  oil = await world.product({ name: 'Neroli Oil', price: 450, stock: 100 });
  soap = await world.product({ name: 'Oat Soap', price: 90, stock: 100 });
});
afterAll(async () => world?.close());

/** The cart's lines as (product id, quantity). */
const cartOf = async (customer: Awaited<ReturnType<CommerceWorld['customer']>>) => {
  const cart = (await world.call(customer, 'GET', '/cart')).json() as {
    items: { product: { _id: string }; quantity: number }[];
  };
  return { items: cart.items.map((item) => ({ product: item.product._id, quantity: item.quantity })) };
};

describe('a cart read without its lock', () => {
  it('an addition is written only to the version it read', async () => {
    const customer = await world.customer('Stale Tab');
    await world.addToCart(customer, oil._id, 1);
    const seen = (await readCartWithProduct(world.deps.db, customer.id, soap._id))!;
    expect(seen.lines.map((line) => line.quantity)).toEqual([1]);
    expect(seen.product?.id).toBe(soap._id);

    // Another tab changes the cart after the read.
    await world.addToCart(customer, oil._id, 2);
    expect(await addToLineIfUnchanged(world.deps.db, seen.cart, seen.product!, 1)).toBeUndefined();
    expect((await cartOf(customer)).items).toEqual([{ product: oil._id, quantity: 3 }]);

    // Read again, it is the cart's version: written, and the next read sees a newer one.
    const fresh = (await readCartWithProduct(world.deps.db, customer.id, soap._id))!;
    const written = await addToLineIfUnchanged(world.deps.db, fresh.cart, fresh.product!, 1);
    expect(written).toMatchObject({ productId: soap._id, quantity: 1, inserted: true });
    expect((await readCartWithProduct(world.deps.db, customer.id, soap._id))!.cart.version).not.toBe(
      fresh.cart.version,
    );
    // The same stale version cannot be used twice.
    expect(await addToLineIfUnchanged(world.deps.db, fresh.cart, fresh.product!, 1)).toBeUndefined();
    expect((await cartOf(customer)).items).toHaveLength(2);
  });

  it('a checkout marks only the version it read', async () => {
    const customer = await world.customer('Two Tabs');
    const address = await world.address(customer);
    await world.addToCart(customer, oil._id, 1);
    const seen = (await readCartWithAddress(world.deps.db, customer.id, address._id))!;
    expect(seen.address?.id).toBe(address._id);
    await world.addToCart(customer, soap._id, 1);

    const orderId = randomUUID();
    const marked = await writeReservingOrder(
      world.deps.db,
      {
        id: orderId,
        userId: customer.id,
        userName: customer.name,
        userEmail: customer.email,
        paymentMethod: 'COD',
        totals: { itemsPricePaise: 45_000, shippingPricePaise: 0, taxPricePaise: 0, totalPricePaise: 45_000 },
        shipping: {
          fullName: 'Two Tabs',
          address: '1 Lane',
          city: 'Pune',
          state: 'Maharashtra',
          postalCode: '411001',
          country: 'India',
          phone: '+91 98765 43210',
          label: 'Home',
        },
        items: [
          {
            id: randomUUID(),
            productId: oil._id,
            name: 'Neroli Oil, "cold pressed" {100 ml}',
            image: '',
            quantity: 1,
            unitPricePaise: 45_000,
          },
        ],
      },
      seen.cart,
    );
    expect(marked).toBe(false);
    const [cart] = await world.deps.db.select().from(carts).where(eq(carts.userId, customer.id));
    expect(cart!.checkoutOrderId).toBeNull();
    // The order itself was written (one statement cannot wait on its own parts); checkout removes it.
    const [order] = await world.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('reserving');
    // Its lines went in as arrays (unnest): a name with quotes, commas and braces comes back as given.
    const lines = await world.deps.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines).toEqual([
      expect.objectContaining({ position: 0, name: 'Neroli Oil, "cold pressed" {100 ml}', quantity: 1 }),
    ]);
  });
});

describe('many writes of one customer at once', () => {
  it('twelve additions of one product at once: none is lost', async () => {
    const customer = await world.customer('Many Clicks');
    await world.addToCart(customer, soap._id, 1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        world.call(customer, 'POST', '/cart', { product: soap._id, quantity: 1 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).every((status) => status < 300)).toBe(true);
    expect((await cartOf(customer)).items).toEqual([{ product: soap._id, quantity: 13 }]);
  });

  it('additions racing a checkout: each is either in the order or still in the cart, never both or lost', async () => {
    const customer = await world.customer('Races Checkout');
    const address = await world.address(customer);
    await world.addToCart(customer, oil._id, 1);
    const [checkout, ...additions] = await Promise.all([
      world.call(customer, 'POST', '/orders', {
        paymentMethod: 'COD',
        shippingAddress: { _id: address._id },
      }),
      ...Array.from({ length: 6 }, () =>
        world.call(customer, 'POST', '/cart', { product: soap._id, quantity: 1 }),
      ),
    ]);
    expect(checkout!.statusCode, checkout!.body).toBe(201);
    expect(additions.every((answer) => answer.statusCode < 300)).toBe(true);
    const ordered = (checkout!.json() as { order: { orderItems: { product: string; quantity: number }[] } })
      .order.orderItems;
    const inCart = (await cartOf(customer)).items;
    const soapOrdered = ordered.find((item) => item.product === soap._id)?.quantity ?? 0;
    const soapInCart = inCart.find((item) => item.product === soap._id)?.quantity ?? 0;
    expect(soapOrdered + soapInCart).toBe(6);
    expect(ordered.find((item) => item.product === oil._id)?.quantity).toBe(1);
    expect(inCart.some((item) => item.product === oil._id)).toBe(false);
  });
});
