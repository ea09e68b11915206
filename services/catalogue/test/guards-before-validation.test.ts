import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type CatalogueWorld } from './support/catalogue-world.js';

// Roles are checked before the body is validated: otherwise a signed-out caller with a bad body gets
// 400 and the validation rules instead of 401, and a customer gets 400 instead of 403 (the security
// run's permission matrix expects 401 and 403).
let world: CatalogueWorld;
beforeAll(async () => {
  world = await startCatalogue('guardsfirst');
});
afterAll(async () => world?.close());

const protectedWrites: Array<['POST' | 'PUT' | 'DELETE', string]> = [
  ['POST', '/products'],
  ['PUT', '/products/not-an-id'],
  ['POST', '/admin/services'],
  ['POST', '/admin/categories'],
  ['PUT', '/admin/categories/not-an-id'],
  ['POST', '/admin/rooms'],
  ['POST', '/product-categories'],
  ['POST', '/subcategories'],
  ['POST', '/favorites'],
];

describe('guards run before body validation', () => {
  it.each(protectedWrites)('%s %s signed out with a bad body → 401', async (method, url) => {
    const response = await world.request(method, url, { body: { unexpected: true } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it.each(protectedWrites.filter(([, url]) => url !== '/favorites'))(
    '%s %s as a customer with a bad body → 403',
    async (method, url) => {
      const response = await world.request(method, url, {
        token: world.tokens.user,
        body: { unexpected: true },
      });
      expect(response.statusCode).toBe(403);
    },
  );
});
