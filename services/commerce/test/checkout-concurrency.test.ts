import { randomUUID } from 'node:crypto';
import { eventually } from '@spa/kit/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReservingOrder } from '../src/db/orders.repository.js';
import { orders } from '../src/db/schema.js';
import { sweepOnce } from '../src/worker.js';
import {
  startCommerceWorld,
  type CommerceWorld,
  type Customer,
  type OrderJson,
} from './support/commerce-world.js';

// The sweeper runs on its timer with a 3-second hold, and the sandbox delivers its webhooks to the
// listening app, as in the running platform.
let world: CommerceWorld;

beforeAll(async () => {
  world = await startCommerceWorld('checkout', {
    sandbox: true,
    sweeper: true,
    env: { PAYMENT_HOLD_SECONDS: '3', PAYMENT_SWEEP_INTERVAL_MS: '250' },
  });
});
afterAll(async () => world?.close());

async function readyShopper(name: string, productId: string, quantity = 1) {
  const customer = await world.customer(name);
  const address = await world.address(customer);
  await world.addToCart(customer, productId, quantity);
  return { customer, address };
}

const checkout = (customer: Customer, addressId: string, paymentMethod: 'COD' | 'ONLINE') =>
  world.call(customer, 'POST', '/orders', { paymentMethod, shippingAddress: { _id: addressId } });

async function orderStatus(id: string) {
  const [row] = await world.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}

describe('checkout under contention', () => {
  it('stock 5, 20 customers at once: exactly 5 orders, stock 0, never negative', async () => {
    const product = await world.product({ name: 'Kumkumadi Oil', price: 1499, stock: 5 });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => readyShopper(`Customer ${index + 1}`, product._id)),
    );

    const answers = await Promise.all(
      shoppers.map(({ customer, address }) => checkout(customer, address._id, 'COD')),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(refused.every((answer) => answer.json().code === 'INSUFFICIENT_STOCK')).toBe(true);
    expect(refused[0]!.json().message).toBe('"Kumkumadi Oil" is out of stock');

    expect(await world.catalogue.productStock(product._id)).toBe(0);
    await world.mirrored(product._id, (mirror) => mirror.stock === 0);
    const all: OrderJson[] = (await world.call(world.admin, 'GET', '/orders/admin/all')).json();
    const ofProduct = all.filter((order) => order.orderItems.some((item) => item.product === product._id));
    expect(ofProduct).toHaveLength(5);
    // Winners' carts are empty; the others keep theirs to try again.
    for (const [index, answer] of answers.entries()) {
      const items = (await world.call(shoppers[index]!.customer, 'GET', '/cart')).json().items;
      expect(items).toHaveLength(answer.statusCode === 201 ? 0 : 1);
    }
    expect(await world.published('commerce.order.placed')).toHaveLength(5);
  });

  it('a checkout that waited for the cart reads the lines as the other left them, not as they were', async () => {
    // Another transaction of this customer's (a checkout finishing) holds the cart and takes its lines
    // out; the new checkout, which read the lines before, waits for the cart to mark it, finds it
    // changed, and must then find it empty. Ordered as first read, or read in the statement that
    // waited for the lock (its snapshot from before the wait), the lines would be ordered a second time.
    const product = await world.product({ name: 'Sandal Soap', price: 120, stock: 10 });
    const { customer, address } = await readyShopper('Waits Its Turn', product._id);
    let answer: Awaited<ReturnType<typeof checkout>> | undefined;
    await world.deps.db.transaction(async (tx) => {
      await tx.execute(sql`update carts set updated_at = now() where user_id = ${customer.id}`);
      await tx.execute(
        sql`delete from cart_items where cart_id = (select id from carts where user_id = ${customer.id})`,
      );
      const waiting = checkout(customer, address._id, 'COD').then((response) => (answer = response));
      // Committed only once the checkout is waiting for this transaction's lock on the cart.
      await eventually(
        async () => {
          const { rows } = await world.deps.db.execute<{ n: number }>(
            // (Its statement's text may be longer than pg_stat_activity keeps, so by its database alone.)
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          expect(rows[0]!.n).toBeGreaterThan(0);
        },
        { timeoutMs: 10_000 },
      );
      void waiting;
    });
    await eventually(async () => expect(answer).toBeDefined(), { timeoutMs: 10_000 });
    expect(answer!.statusCode, answer!.body).toBe(422);
    expect(answer!.json().code).toBe('CART_EMPTY');
    expect(await world.catalogue.productStock(product._id)).toBe(10);
  });

  it('one customer submitting twice at once places one order', async () => {
    const product = await world.product({ name: 'Rose Water', price: 240, stock: 10 });
    const { customer, address } = await readyShopper('Double Clicker', product._id, 2);
    const answers = await Promise.all([
      checkout(customer, address._id, 'COD'),
      checkout(customer, address._id, 'COD'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([409, 422]).toContain(statuses[1]);
    expect((await world.call(customer, 'GET', '/orders')).json()).toHaveLength(1);
    expect(await world.catalogue.productStock(product._id)).toBe(8);
  });
});

describe('the payment hold', () => {
  it('an unpaid ONLINE order past its hold is cancelled and its stock released', async () => {
    const product = await world.product({ name: 'Sandalwood Soap', price: 180, stock: 4 });
    const { customer, address } = await readyShopper('Walked Away', product._id, 3);
    const response = await checkout(customer, address._id, 'ONLINE');
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json();
    expect(await world.catalogue.productStock(product._id)).toBe(1);

    await eventually(
      async () => {
        if ((await orderStatus(order._id)) !== 'cancelled') throw new Error('not cancelled yet');
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(await world.catalogue.productStock(product._id)).toBe(4);
    const shown = (await world.call(customer, 'GET', `/orders/${order._id}`)).json();
    expect(shown).toMatchObject({ status: 'cancelled', cancelReason: 'payment_expired', isPaid: false });
    const [cancelled] = (await world.published('commerce.order.cancelled')).filter(
      (event) => event.key === order._id,
    );
    expect(cancelled!.payload).toMatchObject({ reason: 'payment_expired' });
  });

  it('a customer who pays and closes the page is confirmed by the webhook, and the order is not cancelled', async () => {
    const product = await world.product({ name: 'Neroli Mist', price: 560, stock: 3 });
    const { customer, address } = await readyShopper('Closed Tab', product._id, 1);
    const { order, razorpayOrder } = (await checkout(customer, address._id, 'ONLINE')).json();
    // Placed after it and never paid: once the sweeper has cancelled this one, it has swept past the
    // paid order's hold too.
    const later = await readyShopper('Walked Away Later', product._id, 1);
    const unpaid = (await checkout(later.customer, later.address._id, 'ONLINE')).json().order;
    // What the modal's Pay button does; the page is gone, so nobody calls verify-payment.
    const result = await world.sandbox!.pay(razorpayOrder.id);
    expect('razorpay_payment_id' in result).toBe(true);
    await eventually(async () => {
      if ((await orderStatus(order._id)) !== 'paid') throw new Error('not paid yet');
    });
    await eventually(
      async () => {
        if ((await orderStatus(unpaid._id)) !== 'cancelled')
          throw new Error('the later order is not swept yet');
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    // Past its hold: still paid, and its stock stays sold (the swept order's unit is back).
    expect(await orderStatus(order._id)).toBe('paid');
    expect(await world.catalogue.productStock(product._id)).toBe(2);
  });

  it('a checkout that died after reserving is undone: its stock goes back and it never shows', async () => {
    const product = await world.product({ name: 'Vetiver Balm', price: 320, stock: 6 });
    const customer = await world.customer('Crashed Checkout');
    const orderId = randomUUID();
    // What a process dying between the reservation and the order's second transaction leaves behind.
    await insertReservingOrder(world.deps.db, {
      id: orderId,
      userId: customer.id,
      userName: customer.name,
      userEmail: customer.email,
      paymentMethod: 'COD',
      totals: { itemsPricePaise: 64_000, shippingPricePaise: 0, taxPricePaise: 0, totalPricePaise: 64_000 },
      shipping: {
        fullName: customer.name,
        address: '1 Test Street',
        city: 'Indore',
        state: 'Madhya Pradesh',
        postalCode: '452010',
        country: 'India',
        phone: '+91 98765 43210',
        label: 'Home',
      },
      items: [
        {
          id: randomUUID(),
          productId: product._id,
          name: product.name,
          image: '',
          quantity: 2,
          unitPricePaise: 32_000,
        },
      ],
    });
    await world.deps.catalogue.reserve(orderId, [{ productId: product._id, quantity: 2 }]);
    expect(await world.catalogue.productStock(product._id)).toBe(4);
    expect((await world.call(customer, 'GET', '/orders')).json()).toEqual([]);

    // Only once it is older than ABANDONED_CHECKOUT_SECONDS (120 s by default).
    expect((await sweepOnce(world.deps)).abandoned).toBe(0);
    const result = await sweepOnce(world.deps, new Date(Date.now() + 121_000));
    expect(result.abandoned).toBe(1);
    expect(await world.catalogue.productStock(product._id)).toBe(6);
    expect(await orderStatus(orderId)).toBeUndefined();
    // A reservation still in flight for it can no longer take the stock.
    await expect(
      world.deps.catalogue.reserve(orderId, [{ productId: product._id, quantity: 2 }]),
    ).rejects.toThrow();
    expect(await world.catalogue.productStock(product._id)).toBe(6);
  });
});
