import { eventually } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import {
  createCategory,
  createProduct,
  createProductCategory,
  createService,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
beforeAll(async () => {
  world = await startCatalogue('readcache');
});
afterAll(async () => world?.close());

describe('cached public reads', () => {
  it('answers an ETag and a bodyless 304 to a browser that already has the list', async () => {
    const categoryId = (await createProductCategory(world, 'Oils'))._id;
    await createProduct(world, categoryId, { name: 'Lavender Oil' });
    const first = await world.request('GET', '/products');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=1');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await world.request('GET', '/products', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await world.request('GET', '/products', { headers: { 'if-none-match': `W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    const stale = await world.request('GET', '/products', {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('shows a write on the very next read, and the old ETag no longer matches', async () => {
    const categoryId = (await createProductCategory(world, 'Candles'))._id;
    const product = await createProduct(world, categoryId, { name: 'Jasmine Candle', stock: 7 });
    const before = await world.request('GET', `/products/${product._id}`);
    expect(before.json().stock).toBe(7);
    await world.admin('PUT', `/products/${product._id}`, { stock: 3 });
    const after = await world.request('GET', `/products/${product._id}`, {
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().stock).toBe(3);

    const listBefore = (await world.request('GET', '/products?page=1')).json();
    await createProduct(world, categoryId, { name: 'Vetiver Candle' });
    const listAfter = (await world.request('GET', '/products?page=1')).json();
    expect(listAfter.total).toBe(listBefore.total + 1);
  });

  it('moves a renamed category into every cached service read', async () => {
    const category = await createCategory(world, 'Massage');
    const service = await createService(world, category._id, 'Swedish Massage');
    expect((await world.request('GET', `/admin/services/${service._id}`)).json().category.name).toBe(
      'Massage',
    );
    expect((await world.request('GET', '/admin/services')).json()[0].category.name).toBe('Massage');
    await world.admin('PUT', `/admin/categories/${category._id}`, { name: 'Massage Therapies' });
    expect((await world.request('GET', `/admin/services/${service._id}`)).json().category.name).toBe(
      'Massage Therapies',
    );
    expect((await world.request('GET', '/admin/services')).json()[0].category.name).toBe('Massage Therapies');
  });

  it('shows a write made through one replica on the next read through another', async () => {
    const replica = await buildApp(world.deps);
    try {
      const categoryId = (await createProductCategory(world, 'Teas'))._id;
      const product = await createProduct(world, categoryId, { name: 'Tulsi Tea', stock: 9 });
      const read = async () => (await replica.inject({ url: `/products/${product._id}` })).json().stock;
      expect(await read()).toBe(9);
      expect(await read()).toBe(9); // now from the replica's memory
      await world.admin('PUT', `/products/${product._id}`, { stock: 4 });
      expect(await read()).toBe(4);
    } finally {
      await replica.close();
    }
  });

  it('keeps what admins see apart from what the public sees', async () => {
    const category = await createCategory(world, 'Seasonal', { isActive: false });
    const publicList = await world.request('GET', '/admin/categories');
    const adminList = await world.request('GET', '/admin/categories', { token: world.tokens.admin });
    expect(adminList.headers['cache-control']).toBe('private, no-cache');
    expect(adminList.headers.vary).toBe('Authorization');
    expect(adminList.json().map((c: { _id: string }) => c._id)).toContain(category._id);
    expect(publicList.json().map((c: { _id: string }) => c._id)).not.toContain(category._id);
    expect(publicList.headers.etag).not.toBe(adminList.headers.etag);
  });

  it('really keeps the entries in Redis, under this database only', async () => {
    await world.request('GET', '/admin/rooms');
    const database = new URL(world.deps.config.databaseUrl);
    // The entry is stored after the answer leaves, so look for it until it is there.
    await eventually(async () => {
      const keys = await world.deps.redis.keys(`catalogue:read:${database.host}${database.pathname}:rooms:*`);
      expect(keys.length).toBeGreaterThan(0);
    });
    const room = await world.admin('POST', '/admin/rooms', { roomNumber: '1', location: 'Garden' });
    const rooms = (await world.request('GET', '/admin/rooms')).json();
    expect(rooms.map((r: { _id: string }) => r._id)).toContain(room._id);
  });
});
