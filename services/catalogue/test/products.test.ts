import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createProductCategory,
  createSubcategory,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
let oils: { _id: string; name: string };
let skin: { _id: string; name: string };
let blends: { _id: string; name: string };
let faceCare: { _id: string; name: string };
beforeAll(async () => {
  world = await startCatalogue('products');
  oils = await createProductCategory(world, 'Essential Oils');
  skin = await createProductCategory(world, 'Skin Care');
  blends = await createSubcategory(world, 'Blends', oils._id);
  faceCare = await createSubcategory(world, 'Face Care', skin._id);
});
afterAll(async () => world?.close());

const images = (count: number) => Array.from({ length: count }, (_, index) => `/uploads/image-${index}.webp`);

describe('product categories and subcategories', () => {
  it('lists them publicly with the category populated', async () => {
    const categories = (await world.request('GET', '/product-categories')).json();
    expect(categories.map((c: { name: string }) => c.name)).toEqual(['Essential Oils', 'Skin Care']);
    expect(categories[0]).toMatchObject({ _id: oils._id, id: oils._id });
    const subcategories = (await world.request('GET', '/subcategories')).json();
    expect(subcategories).toEqual([
      expect.objectContaining({
        name: 'Blends',
        productCategory: { _id: oils._id, id: oils._id, name: 'Essential Oils' },
      }),
      expect.objectContaining({
        name: 'Face Care',
        productCategory: { _id: skin._id, id: skin._id, name: 'Skin Care' },
      }),
    ]);
    const ofSkin = (await world.request('GET', `/subcategories?category=${skin._id}`)).json();
    expect(ofSkin.map((s: { name: string }) => s.name)).toEqual(['Face Care']);
  });

  it.each([
    [{ name: '  ' }, 'Product category name is required'],
    [{}, 'Product category name is required'],
  ])('refuses product category %o with "%s"', async (body, message) => {
    const response = await world.request('POST', '/product-categories', { token: world.tokens.admin, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [{ name: '', productCategory: 'PC' }, 'Please enter subcategory name and select a category'],
    [{ name: 'Serums' }, 'Please enter subcategory name and select a category'],
    [{ name: 'Serums', productCategory: ' ' }, 'Please enter subcategory name and select a category'],
    [
      { name: 'Serums', productCategory: '0d6c0e0e-8a55-4b0e-9f1e-0c5e5b1e9a11' },
      'The selected product category does not exist',
    ],
  ])(
    'refuses subcategory %o with "%s"',
    async (body: { name?: string; productCategory?: string }, message) => {
      const sent = { ...body, ...(body.productCategory === 'PC' ? { productCategory: skin._id } : {}) };
      const response = await world.request('POST', '/subcategories', {
        token: world.tokens.admin,
        body: sent,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    },
  );

  it('refuses duplicates with 409', async () => {
    const category = await world.request('POST', '/product-categories', {
      token: world.tokens.admin,
      body: { name: 'essential oils' },
    });
    expect(category.statusCode).toBe(409);
    expect(category.json().message).toBe('A product category named "essential oils" already exists');
    const subcategory = await world.request('POST', '/subcategories', {
      token: world.tokens.admin,
      body: { name: 'BLENDS', productCategory: oils._id },
    });
    expect(subcategory.statusCode).toBe(409);
    // The same name under another category is fine.
    await createSubcategory(world, 'Blends', skin._id);
  });

  it('lets only admins write', async () => {
    expect((await world.request('POST', '/product-categories', { body: { name: 'X' } })).statusCode).toBe(
      401,
    );
    expect(
      (await world.request('POST', '/product-categories', { token: world.tokens.user, body: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await world.request('POST', '/subcategories', {
          token: world.tokens.employee,
          body: { name: 'X', productCategory: oils._id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await world.request('DELETE', `/product-categories/${oils._id}`, { token: world.tokens.user }))
        .statusCode,
    ).toBe(403);
    expect((await world.request('DELETE', `/subcategories/${blends._id}`)).statusCode).toBe(401);
  });

  it('refuses to delete a category with subcategories or products and a subcategory with products', async () => {
    const candles = await createProductCategory(world, 'Candles');
    const jars = await createSubcategory(world, 'Jar Candles', candles._id);
    const withSub = await world.request('DELETE', `/product-categories/${candles._id}`, {
      token: world.tokens.admin,
    });
    expect(withSub.statusCode).toBe(409);
    expect(withSub.json().message).toBe(
      'Cannot delete the product category "Candles": it still has 1 subcategory. Move or delete them first.',
    );
    const product = await createProduct(world, candles._id, {
      name: 'Jasmine Candle',
      subcategory: jars._id,
    });
    const subInUse = await world.request('DELETE', `/subcategories/${jars._id}`, {
      token: world.tokens.admin,
    });
    expect(subInUse.statusCode).toBe(409);
    expect(subInUse.json().message).toBe(
      'Cannot delete the subcategory "Jar Candles": 1 product still uses it. Move or delete them first.',
    );
    const both = await world.request('DELETE', `/product-categories/${candles._id}`, {
      token: world.tokens.admin,
    });
    expect(both.json().message).toBe(
      'Cannot delete the product category "Candles": it still has 1 product and 1 subcategory. Move or delete them first.',
    );
    await world.admin('DELETE', `/products/${product._id}`);
    expect(await world.admin('DELETE', `/subcategories/${jars._id}`)).toEqual({
      message: 'Subcategory deleted successfully',
    });
    expect(await world.admin('DELETE', `/product-categories/${candles._id}`)).toEqual({
      message: 'Product category deleted successfully',
    });
    expect(
      (await world.request('DELETE', `/subcategories/${jars._id}`, { token: world.tokens.admin })).statusCode,
    ).toBe(404);
    expect(
      (await world.request('DELETE', `/product-categories/${candles._id}`, { token: world.tokens.admin }))
        .statusCode,
    ).toBe(404);
  });
});

describe('products', () => {
  it('creates a product with money in rupees and populated references', async () => {
    const response = await world.request('POST', '/products', {
      token: world.tokens.admin,
      body: {
        name: 'Deep Sleep Blend',
        description: 'Lavender and vetiver',
        price: 799.5,
        stock: 26,
        images: images(2),
        sku: 'EO-BLD-SLP',
        weight: '15 ml',
        productCategory: oils._id,
        subcategory: blends._id,
      },
    });
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toMatchObject({
      name: 'Deep Sleep Blend',
      price: 799.5,
      stock: 26,
      images: images(2),
      sku: 'EO-BLD-SLP',
      weight: '15 ml',
      productCategory: { _id: oils._id, name: 'Essential Oils' },
      subcategory: { _id: blends._id, name: 'Blends' },
    });
    expect((await world.request('GET', `/products/${product._id}`)).json()).toEqual(product);
  });

  it('answers nulls for a product without SKU, weight or subcategory', async () => {
    const product = await createProduct(world, skin._id, { name: 'Rose Toner', sku: '', weight: null });
    expect(product).toMatchObject({ sku: null, weight: null, subcategory: null });
  });

  it.each([
    [{ name: '' }, 'Product name is required'],
    [{ price: null }, 'Price is required'],
    [{ price: -10 }, 'Price cannot be negative'],
    [{ price: 12.345 }, 'Price can have at most 2 decimal places'],
    [{ price: '12' }, 'price must be number,null'],
    [{ productCategory: '' }, 'Product category is required'],
    [{ stock: null }, 'Stock is required'],
    [{ stock: -1 }, 'Stock cannot be negative'],
    [{ stock: 2.5 }, 'Stock must be a whole number'],
    [{ description: ' ' }, 'Description is required'],
    [{ images: images(5) }, 'Maximum 4 images allowed'],
    [
      { productCategory: '0d6c0e0e-8a55-4b0e-9f1e-0c5e5b1e9a11' },
      'The selected product category does not exist',
    ],
    [{ subcategory: '0d6c0e0e-8a55-4b0e-9f1e-0c5e5b1e9a11' }, 'The selected subcategory does not exist'],
    [{ rating: 4 }, 'rating is not an allowed field'],
  ])('refuses %o with "%s"', async (change, message) => {
    const body = {
      name: 'Oil',
      description: 'Nice',
      price: 10,
      stock: 1,
      productCategory: oils._id,
      ...change,
    };
    const response = await world.request('POST', '/products', { token: world.tokens.admin, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a subcategory of another category', async () => {
    const response = await world.request('POST', '/products', {
      token: world.tokens.admin,
      body: {
        name: 'Serum',
        description: 'Glow',
        price: 1299,
        stock: 3,
        productCategory: oils._id,
        subcategory: faceCare._id,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The subcategory "Face Care" does not belong to the category "Essential Oils"',
    );
  });

  it('keeps SKUs unique, ignoring case', async () => {
    await createProduct(world, oils._id, { name: 'Eucalyptus Oil', sku: 'EO-EUC-15' });
    const response = await world.request('POST', '/products', {
      token: world.tokens.admin,
      body: {
        name: 'Copy',
        description: 'x',
        price: 1,
        stock: 1,
        productCategory: oils._id,
        sku: 'eo-euc-15',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Another product already has the SKU "eo-euc-15"');
    // Many products may have no SKU.
    await createProduct(world, oils._id, { name: 'No SKU 1' });
    await createProduct(world, oils._id, { name: 'No SKU 2' });
  });

  it('updates what is sent, clears a subcategory that no longer fits, refuses a fifth image', async () => {
    const product = await createProduct(world, oils._id, {
      name: 'Tea Tree Oil',
      subcategory: blends._id,
      images: images(4),
    });
    const restocked = await world.admin('PUT', `/products/${product._id}`, { stock: 40, price: 499.99 });
    expect(restocked).toMatchObject({
      name: 'Tea Tree Oil',
      stock: 40,
      price: 499.99,
      subcategory: { _id: blends._id },
    });
    const moved = await world.admin('PUT', `/products/${product._id}`, { productCategory: skin._id });
    expect(moved).toMatchObject({ productCategory: { _id: skin._id }, subcategory: null });
    const mismatched = await world.request('PUT', `/products/${product._id}`, {
      token: world.tokens.admin,
      body: { subcategory: blends._id },
    });
    expect(mismatched.statusCode).toBe(400);
    const fifth = await world.request('PUT', `/products/${product._id}`, {
      token: world.tokens.admin,
      body: { images: images(5) },
    });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe('Maximum 4 images allowed');
    const negative = await world.request('PUT', `/products/${product._id}`, {
      token: world.tokens.admin,
      body: { stock: -5 },
    });
    expect(negative.json().message).toBe('Stock cannot be negative');
    expect((await world.request('GET', `/products/${product._id}`)).json().stock).toBe(40);
  });

  it('lets only admins write', async () => {
    const product = await createProduct(world, oils._id, { name: 'Guarded' });
    const body = { name: 'Changed' };
    expect((await world.request('POST', '/products', { body })).statusCode).toBe(401);
    expect((await world.request('POST', '/products', { token: world.tokens.user, body })).statusCode).toBe(
      403,
    );
    expect(
      (await world.request('PUT', `/products/${product._id}`, { token: world.tokens.employee, body }))
        .statusCode,
    ).toBe(403);
    expect(
      (await world.request('DELETE', `/products/${product._id}`, { token: world.tokens.user })).statusCode,
    ).toBe(403);
  });

  it('filters and pages when asked and answers the plain array otherwise', async () => {
    const all = (await world.request('GET', '/products')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const inBlends = (
      await world.request('GET', `/products?category=${oils._id}&subcategory=${blends._id}`)
    ).json();
    expect(inBlends.length).toBeGreaterThan(0);
    expect(inBlends.every((p: { subcategory: { _id: string } }) => p.subcategory._id === blends._id)).toBe(
      true,
    );
    const searched = (await world.request('GET', '/products?search=EUC-15')).json();
    expect(searched.map((p: { name: string }) => p.name)).toEqual(['Eucalyptus Oil']);

    const first = (await world.request('GET', '/products?page=1')).json();
    expect(first).toMatchObject({ total: all.length, page: 1, pageSize: 8 });
    expect(first.items).toEqual(all.slice(0, 8));
    const second = (await world.request('GET', '/products?page=2&pageSize=3')).json();
    expect(second.items).toEqual(all.slice(3, 6));
    const beyond = (await world.request('GET', '/products?page=99')).json();
    expect(beyond).toMatchObject({ items: [], total: all.length });
    const ofOils = (await world.request('GET', `/products?category=${oils._id}&page=1&pageSize=100`)).json();
    expect(ofOils.total).toBe(
      all.filter((p: { productCategory: { _id: string } }) => p.productCategory._id === oils._id).length,
    );
    expect((await world.request('GET', '/products?pageSize=500')).statusCode).toBe(400);
  });

  it('deletes a product', async () => {
    const product = await createProduct(world, oils._id, { name: 'Temporary' });
    expect(await world.admin('DELETE', `/products/${product._id}`)).toEqual({
      message: 'Product deleted successfully',
    });
    const gone = await world.request('GET', `/products/${product._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    expect((await world.request('GET', '/products/123')).statusCode).toBe(404);
  });
});

describe('catalogue counts for the admin dashboard', () => {
  it('counts products, those out of stock, and services', async () => {
    const stats = async () => (await world.request('GET', '/internal/stats')).json();
    const before = await stats();
    await createProduct(world, oils._id, { name: `Counted Oil ${Date.now()}`, stock: 0 });
    const after = await stats();
    expect(after.totalProducts).toBe(before.totalProducts + 1);
    expect(after.outOfStockProducts).toBe(before.outOfStockProducts + 1);
    expect(typeof after.totalServices).toBe('number');
  });
});
