import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductCategory, startCatalogue, type CatalogueWorld } from './support/catalogue-world.js';

/** Every list answers in pages: never the whole table. */
let world: CatalogueWorld;

beforeAll(async () => {
  world = await startCatalogue('boundedlists');
});
afterAll(async () => world?.close());

const get = async (url: string, token?: string) => world.request('GET', url, token ? { token } : {});

describe('bounded lists', () => {
  it('pages the rooms: the plain array without `page`, { items, total, page, pageSize } with it', async () => {
    for (const roomNumber of ['1', '2', '10'])
      await world.admin('POST', '/admin/rooms', {
        roomNumber,
        type: 'Silver',
        capacity: 'Single Bed',
        status: 'Available',
        location: 'Ground Floor',
      });
    const all = await get('/admin/rooms');
    expect(all.statusCode).toBe(200);
    expect((all.json() as Array<{ roomNumber: string }>).map((room) => room.roomNumber)).toEqual([
      '1',
      '2',
      '10',
    ]);

    const first = (await get('/admin/rooms?page=1&pageSize=2')).json();
    expect({ ...first, items: first.items.map((room: { roomNumber: string }) => room.roomNumber) }).toEqual({
      items: ['1', '2'],
      total: 3,
      page: 1,
      pageSize: 2,
    });
    const second = (await get('/admin/rooms?page=2&pageSize=2')).json();
    expect(second.items.map((room: { roomNumber: string }) => room.roomNumber)).toEqual(['10']);
    // Without `page`, `pageSize` bounds the plain array.
    expect(await (await get('/admin/rooms?pageSize=1')).json()).toHaveLength(1);

    for (const query of ['pageSize=101', 'page=0', 'page=x']) {
      const refused = await get(`/admin/rooms?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('pages product categories and products the same way', async () => {
    const made = [];
    for (const name of ['Oils', 'Candles', 'Teas'])
      made.push(await createProductCategory(world, `${name} bounded`));
    const page = (await get('/product-categories?page=2&pageSize=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((category: { name: string }) => category.name)).toEqual(['Teas bounded']);

    for (const name of ['Lavender', 'Rose', 'Jasmine'])
      await world.admin('POST', '/products', {
        name: `${name} oil`,
        description: 'x',
        price: 100,
        stock: 5,
        productCategory: made[0]!._id,
      });
    const bounded = (await get('/products?pageSize=2')).json();
    expect(bounded).toHaveLength(2);
    const paged = (await get('/products?page=1')).json();
    expect(paged).toMatchObject({ total: 3, page: 1, pageSize: 8 });
    expect((await get('/products?pageSize=101')).statusCode).toBe(400);
  });

  it('pages a user’s favorites', async () => {
    const favorites = await get('/favorites?page=1&pageSize=5', world.tokens.user);
    expect(favorites.statusCode, favorites.body).toBe(200);
    expect(favorites.json()).toEqual([]);
    expect((await get('/favorites?pageSize=500', world.tokens.user)).statusCode).toBe(400);
  });
});
