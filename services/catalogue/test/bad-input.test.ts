import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createProduct,
  createProductCategory,
  createService,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
let ids: { category: string; service: string; productCategory: string; product: string; room: string };
beforeAll(async () => {
  world = await startCatalogue('badinput');
  const category = await createCategory(world, 'Massage');
  const service = await createService(world, category._id, 'Swedish');
  const productCategory = await createProductCategory(world, 'Oils');
  const product = await createProduct(world, productCategory._id);
  const room = await world.admin('POST', '/admin/rooms', { roomNumber: '1', location: 'Garden' });
  ids = {
    category: category._id,
    service: service._id,
    productCategory: productCategory._id,
    product: product._id,
    room: room._id as string,
  };
});
afterAll(async () => world?.close());

const strange: unknown[] = [
  null,
  [],
  'text',
  42,
  { name: 'A\u0000B' },
  { name: 'x'.repeat(10_000) },
  { name: ['array'] },
  { name: { nested: true } },
  { price: 1e308, stock: 1e308, order: 1e12 },
  { price: -0.001, stock: -1 },
  { pricing: [{}, {}, null] },
  { pricing: 'sixty minutes' },
  { images: [null] },
  { images: Array.from({ length: 100 }, () => '/uploads/a.webp') },
  { category: '\u0000', productCategory: "'; drop table products; --", subcategory: '%' },
  { roomNumber: -1, capacity: 7, type: [], status: {} },
  { __proto__: { isAdmin: true } },
  { constructor: { prototype: {} } },
];

describe('no input produces a 5xx', () => {
  it('answers every strange body to every write with a 4xx in the error shape', async () => {
    const writes: Array<['POST' | 'PUT', string]> = [
      ['POST', '/admin/categories'],
      ['PUT', `/admin/categories/${ids.category}`],
      ['POST', '/admin/services'],
      ['PUT', `/admin/services/${ids.service}`],
      ['POST', '/admin/rooms'],
      ['PUT', `/admin/rooms/${ids.room}`],
      ['POST', '/products'],
      ['PUT', `/products/${ids.product}`],
      ['POST', '/product-categories'],
      ['POST', '/subcategories'],
      ['POST', '/favorites'],
      ['POST', '/internal/reservations'],
    ];
    for (const [method, url] of writes) {
      for (const body of strange) {
        const response = await world.request(method, url, {
          token: world.tokens.admin,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        const label = `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(typeof response.json().message, label).toBe('string');
          expect(typeof response.json().code, label).toBe('string');
        }
      }
    }
  });

  it('answers strange paths and queries with 4xx', async () => {
    const urls = [
      '/products/%00',
      `/products?search=${encodeURIComponent('\u0000')}`,
      `/products?search=${encodeURIComponent('%_\\')}`,
      '/products?category=%27%20or%201%3D1',
      '/products?page=-1',
      '/products?page=abc',
      '/products?pageSize=0&page=1',
      `/admin/services/${'9'.repeat(500)}`,
      '/admin/services?category=%00',
      '/subcategories?category=nope',
      '/favorites/check/%00',
      '/internal/reservations/%00',
    ];
    for (const url of urls) {
      const response = await world.request('GET', url, { token: world.tokens.admin });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const search = await world.request('GET', `/products?search=${encodeURIComponent('%_\\')}`);
    expect(search.json()).toEqual([]);
    const nul = await world.request('POST', '/admin/categories', {
      token: world.tokens.admin,
      body: { name: 'Bad\u0000Name', assignedEmployeeRole: 'manager' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Text may not contain NUL characters');
  });

  it('answers a malformed token with 401 even on a public read', async () => {
    const response = await world.request('GET', '/products', { token: 'not-a-token' });
    expect(response.statusCode).toBe(401);
  });
});
