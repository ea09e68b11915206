import { create } from '@bufbuild/protobuf';
import { identityV1 } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userErased } from '../src/events/handlers/user-erased.handler.js';
import { startCommerceWorld, type CommerceWorld, type OrderJson } from './support/commerce-world.js';

let world: CommerceWorld;
let lavender: { _id: string; name: string; price: number };

beforeAll(async () => {
  world = await startCommerceWorld('my_data');
  lavender = await world.product({ name: 'Lavender Oil', price: 649.99, stock: 50 });
});
afterAll(async () => world?.close());

const meta = (id: string) => ({
  id,
  type: 'identity.user.erased',
  aggregateId: id,
  occurredAt: new Date(),
  producer: 'identity',
  topic: 'identity.user-erasure.v1',
  partition: 0,
  offset: '0',
});

async function query<T extends Record<string, unknown>>(text: string, values: unknown[]): Promise<T[]> {
  return (await world.deps.database.pool.query<T>(text, values)).rows;
}

describe('a customer’s own data in commerce', () => {
  it('exports only the caller’s orders, addresses and cart, then erases them on identity.user.erased', async () => {
    const leaving = await world.customer('Meera Iyer');
    const staying = await world.customer('Kabir Shah');
    const address = await world.address(leaving);
    await world.address(staying);
    await world.addToCart(leaving, lavender._id, 2);
    const placed = await world.call(leaving, 'POST', '/orders', {
      paymentMethod: 'COD',
      shippingAddress: { _id: address._id },
      taxPrice: 0,
      shippingPrice: 0,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderJson }).order;
    await world.addToCart(leaving, lavender._id, 1);
    const stockWhilePlaced = await world.catalogue.productStock(lavender._id);

    const exported = await world.call(leaving, 'GET', '/orders/me/export');
    expect(exported.statusCode).toBe(200);
    const body = exported.json() as Record<string, Array<Record<string, unknown>>>;
    expect(body.orders!.map((row) => row.id)).toEqual([order._id]);
    expect(body.orders![0]!.items).toHaveLength(1);
    expect(body.addresses!.map((row) => row.id)).toEqual([address._id]);
    expect(body.cart).toHaveLength(1);
    const theirs = (await world.call(staying, 'GET', '/orders/me/export')).json() as typeof body;
    expect(theirs.orders).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(leaving.id);
    expect((await world.call(null, 'GET', '/orders/me/export')).statusCode).toBe(401);

    const handle = userErased(world.deps);
    const payload = create(identityV1.UserErasedSchema, {
      userId: leaving.id,
      email: leaving.email,
      phone: '',
      reason: 'self',
    });
    for (let run = 0; run < 2; run++)
      await world.deps.db.transaction((tx) => handle(tx, payload, meta(leaving.id)));

    // What commerce's database keeps about them: the cancelled order as a sales record, anonymised.
    expect(
      await query(
        'select status, user_name, user_email, ship_full_name, ship_phone from orders where user_id = $1',
        [leaving.id],
      ),
    ).toEqual([
      { status: 'cancelled', user_name: 'Erased', user_email: '', ship_full_name: 'Erased', ship_phone: '' },
    ]);
    expect(await query('select id from addresses where user_id = $1', [leaving.id])).toEqual([]);
    expect(await query('select id from carts where user_id = $1', [leaving.id])).toEqual([]);
    expect(await world.catalogue.productStock(lavender._id)).toBe(stockWhilePlaced + 2);
    const cancelled = await world.published('commerce.order.cancelled');
    expect(cancelled.filter((event) => event.key === order._id)).toHaveLength(1);
    // The other customer's data is untouched.
    expect(await query('select id from addresses where user_id = $1', [staying.id])).toHaveLength(1);
  });
});
