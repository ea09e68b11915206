import { create } from '@bufbuild/protobuf';
import { events } from '@spa/proto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../src/db/schema.js';
import { productsUpserted } from '../src/events/handlers/product-upserted.handler.js';
import { startCommerceWorld, type CommerceWorld } from './support/commerce-world.js';

/*
 * Store orders carry each product's HSN code and GST rate, as commerce's products mirror had them when
 * the order was placed, so billing's invoice uses the catalogue's tax data rather than guessing.
 */

let world: CommerceWorld;
beforeAll(async () => {
  world = await startCommerceWorld('order_tax_codes');
});
afterAll(async () => world?.close());

type EventItem = { productId: string; hsnCode: string; gstBp?: number };
const itemsOf = (payload: Record<string, unknown>) => (payload.order as { items: EventItem[] }).items;

/** The catalogue's announcement of a product with its tax data (newer than what the mirror holds). */
async function announceTax(product: { _id: string; name: string }, tax: { hsnCode: string; gstBp?: number }) {
  const announced = create(events.productUpserted.schema, {
    product: {
      id: product._id,
      name: product.name,
      pricePaise: 12_000n,
      stock: 5,
      updatedAtMs: BigInt(Date.now() + 60_000),
      ...tax,
    },
  });
  await world.deps.db.transaction((tx) => productsUpserted(tx, [announced], []));
}

describe('an order’s lines carry their tax data', () => {
  it('takes the HSN code and rate from the products mirror when placed, not from a later change', async () => {
    const scrub = await world.product({ name: 'Salt Scrub', price: 120, stock: 5 });
    const loofah = await world.product({ name: 'Loofah', price: 120, stock: 5 });
    await announceTax(scrub, { hsnCode: '33049910', gstBp: 500 });
    // A product the catalogue gives no code or rate: the mirror's defaults ('' and 18%).
    await announceTax(loofah, { hsnCode: '' });

    const customer = await world.customer('Asha Verma');
    const address = await world.address(customer);
    await world.addToCart(customer, scrub._id, 2);
    await world.addToCart(customer, loofah._id, 1);
    const placed = await world.call(customer, 'POST', '/orders', {
      paymentMethod: 'COD',
      shippingAddress: { _id: address._id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order._id as string;

    const [event] = (await world.published('commerce.order.placed')).filter((row) => row.key === orderId);
    expect(
      itemsOf(event!.payload).map(({ productId, hsnCode, gstBp }) => ({ productId, hsnCode, gstBp })),
    ).toEqual([
      { productId: scrub._id, hsnCode: '33049910', gstBp: 500 },
      { productId: loofah._id, hsnCode: '', gstBp: 1800 },
    ]);

    // The rate changes at the catalogue after the order was placed: the order keeps what it was sold at.
    await announceTax(scrub, { hsnCode: '33049990', gstBp: 1800 });
    const delivered = await world.call(world.admin, 'PATCH', `/orders/${orderId}/status`, {
      isDelivered: true,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [deliveredEvent] = (await world.published('commerce.order.delivered')).filter(
      (row) => row.key === orderId,
    );
    expect(itemsOf(deliveredEvent!.payload)[0]).toMatchObject({ hsnCode: '33049910', gstBp: 500 });
  });

  it('leaves the rate unset for an order placed before lines kept one (billing falls back)', async () => {
    const oil = await world.product({ name: 'Neroli Oil', price: 120, stock: 5 });
    const customer = await world.customer('Kabir Shah');
    const address = await world.address(customer);
    await world.addToCart(customer, oil._id, 1);
    const placed = await world.call(customer, 'POST', '/orders', {
      paymentMethod: 'COD',
      shippingAddress: { _id: address._id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order._id as string;
    // What the migration leaves on the rows of older orders.
    await world.deps.db
      .update(orderItems)
      .set({ hsnCode: '', gstBp: null })
      .where(eq(orderItems.orderId, orderId));

    const delivered = await world.call(world.admin, 'PATCH', `/orders/${orderId}/status`, {
      isDelivered: true,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [event] = (await world.published('commerce.order.delivered')).filter((row) => row.key === orderId);
    const [item] = itemsOf(event!.payload);
    expect(item!.hsnCode).toBe('');
    expect(item!.gstBp).toBeUndefined();
  });
});
