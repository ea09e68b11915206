import { readFile } from 'node:fs/promises';
import { fromBinary } from '@bufbuild/protobuf';
import { outbox } from '@spa/kit';
import { envelopeV1, events } from '@spa/proto';
import { hsnCodeFor, sacCodeFor } from '@spa/rules';
import { asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, services } from '../src/db/schema.js';
import { announceAllOnce } from '../src/use-cases/announcements.js';
import {
  createCategory,
  createProduct,
  createProductCategory,
  createService,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
let categoryId: string;
let productCategoryId: string;
beforeAll(async () => {
  world = await startCatalogue('tax_codes');
  categoryId = (await createCategory(world, 'Treatments'))._id;
  productCategoryId = (await createProductCategory(world, 'Shop'))._id;
});
afterAll(async () => world?.close());

async function lastSeq(): Promise<number> {
  const [last] = await world.deps.db
    .select({ seq: outbox.seq })
    .from(outbox)
    .orderBy(desc(outbox.seq))
    .limit(1);
  return last?.seq ?? 0;
}

async function outboxRowsSince(seq: number, type: string) {
  const rows = await world.deps.db.select().from(outbox).where(gt(outbox.seq, seq)).orderBy(asc(outbox.seq));
  return rows
    .filter((row) => row.eventType === type)
    .map((row) => fromBinary(envelopeV1.EventEnvelopeSchema, row.payload).payload);
}

/** The service states announced since `seq`, as booking reads them. */
async function serviceEventsSince(seq: number) {
  const payloads = await outboxRowsSince(seq, events.serviceUpserted.type);
  return payloads.map((payload) => fromBinary(events.serviceUpserted.schema, payload).service!);
}

/** The product states announced since `seq`, as commerce reads them. */
async function productEventsSince(seq: number) {
  const payloads = await outboxRowsSince(seq, events.productUpserted.type);
  return payloads.map((payload) => fromBinary(events.productUpserted.schema, payload).product!);
}

describe('a treatment’s SAC code and GST rate', () => {
  it('defaults to 999723 at 18% and shows both to the admin and the public', async () => {
    const created = await createService(world, categoryId, 'Swedish Massage');
    expect(created).toMatchObject({ sacCode: '999723', gstBp: 500 });
    const publicView = await world.request('GET', `/admin/services/${created._id}`);
    expect(publicView.json()).toMatchObject({ sacCode: '999723', gstBp: 500 });
  });

  it('keeps what the admin sets, on create and on update, and an update without them keeps them', async () => {
    const created = await createService(world, categoryId, 'Gold Facial', {
      sacCode: ' 999722 ',
      gstBp: 500,
    });
    expect(created).toMatchObject({ sacCode: '999722', gstBp: 500 });
    const renamed = await world.admin('PUT', `/admin/services/${created._id}`, { name: 'Gold Glow Facial' });
    expect(renamed).toMatchObject({ sacCode: '999722', gstBp: 500 });
    const changed = await world.admin('PUT', `/admin/services/${created._id}`, { gstBp: 1800 });
    expect(changed).toMatchObject({ sacCode: '999722', gstBp: 1800 });
    const list = (await world.request('GET', '/admin/services')).json() as Array<Record<string, unknown>>;
    expect(list.find((service) => service._id === created._id)).toMatchObject({
      sacCode: '999722',
      gstBp: 1800,
    });
  });

  it.each([
    [
      { sacCode: '99972' },
      'sacCode',
      'INVALID_TAX_CODE',
      'SAC code must be 6 digits starting with 99, e.g. 999723',
    ],
    [
      { sacCode: '' },
      'sacCode',
      'INVALID_TAX_CODE',
      'SAC code must be 6 digits starting with 99, e.g. 999723',
    ],
    [
      { sacCode: '489723' },
      'sacCode',
      'INVALID_TAX_CODE',
      'SAC code must be 6 digits starting with 99, e.g. 999723',
    ],
    [{ gstBp: 18 }, 'gstBp', 'INVALID_GST_RATE', 'GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%'],
    [{ gstBp: 1850 }, 'gstBp', 'INVALID_GST_RATE', 'GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%'],
  ])(
    'refuses %o with 422 naming %s, on create and update, changing nothing',
    async (change, field, code, message) => {
      const existing = await createService(world, categoryId, `Kept ${field} ${JSON.stringify(change)}`);
      const since = await lastSeq();
      const create = await world.request('POST', '/admin/services', {
        token: world.tokens.admin,
        body: {
          name: 'Refused',
          category: categoryId,
          pricing: [{ duration: '60 min', durationMinutes: 60, price: 100 }],
          ...change,
        },
      });
      expect(create.statusCode).toBe(422);
      expect(create.json()).toEqual({ message, code, details: [{ field, message }] });
      const update = await world.request('PUT', `/admin/services/${existing._id}`, {
        token: world.tokens.admin,
        body: change,
      });
      expect(update.statusCode).toBe(422);
      expect(update.json()).toMatchObject({ code, details: [{ field }] });
      const [row] = await world.deps.db.select().from(services).where(eq(services.id, existing._id));
      expect(row).toMatchObject({ sacCode: '999723', gstBp: 500 });
      expect(await lastSeq()).toBe(since);
    },
  );

  it('puts the code and rate on catalogue.service.upserted', async () => {
    const since = await lastSeq();
    const created = await createService(world, categoryId, 'Haircut', { sacCode: '999721', gstBp: 500 });
    await world.admin('PUT', `/admin/services/${created._id}`, { gstBp: 1800 });
    expect(await serviceEventsSince(since)).toMatchObject([
      { id: created._id, sacCode: '999721', gstBp: 500 },
      { id: created._id, sacCode: '999721', gstBp: 1800 },
    ]);
  });
});

describe('a product’s HSN code and GST rate', () => {
  it('defaults to no HSN code at 18% and shows both to the admin and the public', async () => {
    const created = await createProduct(world, productCategoryId, { sku: 'TAX-1' });
    expect(created).toMatchObject({ hsnCode: null, gstBp: 1800 });
    expect((await world.request('GET', `/products/${created._id}`)).json()).toMatchObject({
      hsnCode: null,
      gstBp: 1800,
    });
  });

  it('keeps what the admin sets, keeps it through an update without it, and clears it with null', async () => {
    const created = await createProduct(world, productCategoryId, {
      sku: 'TAX-2',
      hsnCode: '33049990',
      gstBp: 500,
    });
    expect(created).toMatchObject({ hsnCode: '33049990', gstBp: 500 });
    expect(await world.admin('PUT', `/products/${created._id}`, { stock: 4 })).toMatchObject({
      hsnCode: '33049990',
      gstBp: 500,
    });
    expect(await world.admin('PUT', `/products/${created._id}`, { hsnCode: '3304' })).toMatchObject({
      hsnCode: '3304',
    });
    expect(await world.admin('PUT', `/products/${created._id}`, { hsnCode: null })).toMatchObject({
      hsnCode: null,
      gstBp: 500,
    });
    const list = (await world.request('GET', '/products')).json() as Array<Record<string, unknown>>;
    expect(list.find((product) => product._id === created._id)).toMatchObject({ hsnCode: null, gstBp: 500 });
  });

  it.each([
    [{ hsnCode: '33049' }, 'hsnCode', 'INVALID_TAX_CODE', 'HSN code must be 4, 6 or 8 digits, e.g. 3304'],
    [{ hsnCode: '330A' }, 'hsnCode', 'INVALID_TAX_CODE', 'HSN code must be 4, 6 or 8 digits, e.g. 3304'],
    [{ gstBp: 2500 }, 'gstBp', 'INVALID_GST_RATE', 'GST rate must be one of 0%, 5%, 12%, 18%, 28% or 40%'],
  ])(
    'refuses %o with 422 naming %s, on create and update, changing nothing',
    async (change, field, code, message) => {
      const existing = await createProduct(world, productCategoryId, {
        sku: `TAX-${field}-${JSON.stringify(change)}`,
        hsnCode: '3301',
      });
      const since = await lastSeq();
      const create = await world.request('POST', '/products', {
        token: world.tokens.admin,
        body: {
          name: 'Refused',
          description: 'd',
          price: 10,
          stock: 1,
          productCategory: productCategoryId,
          ...change,
        },
      });
      expect(create.statusCode).toBe(422);
      expect(create.json()).toEqual({ message, code, details: [{ field, message }] });
      const update = await world.request('PUT', `/products/${existing._id}`, {
        token: world.tokens.admin,
        body: change,
      });
      expect(update.statusCode).toBe(422);
      const [row] = await world.deps.db.select().from(products).where(eq(products.id, existing._id));
      expect(row).toMatchObject({ hsnCode: '3301', gstBp: 1800 });
      expect(await lastSeq()).toBe(since);
    },
  );

  it('puts the code and rate on catalogue.product.upserted, no code as empty', async () => {
    const since = await lastSeq();
    const created = await createProduct(world, productCategoryId, {
      sku: 'TAX-3',
      hsnCode: '3401',
      gstBp: 500,
    });
    await world.admin('PUT', `/products/${created._id}`, { hsnCode: null, gstBp: 1800 });
    expect(await productEventsSince(since)).toMatchObject([
      { id: created._id, hsnCode: '3401', gstBp: 500 },
      { id: created._id, hsnCode: '', gstBp: 1800 },
    ]);
  });
});

describe('the codes of what was listed before the tax codes migration', () => {
  const serviceNames = [
    'Deep Tissue Massage',
    'Chair Massage',
    'Hydrating Glow Facial',
    'Spa Pedicure',
    'Full Arm Waxing',
    'De-Tan Pack',
    'Clean-up',
    'Haircut & Blow Dry',
    'Beard Shaping',
    'Hairstyling',
    'Royal Kerala Ritual',
  ];
  const productNames = [
    'Lavender Essential Oil',
    'Virgin Coconut Oil',
    'Tulsi Green Tea',
    'Jasmine Soy Candle',
    'Neem & Tulsi Soap',
    'Herbal Hair Oil',
    'Rose Eau de Parfum',
    'Himalayan Pink Bath Salts',
    'Reed Diffuser Set',
    'Kumkumadi Face Serum',
    'Beeswax Lip Balm',
    'Moisturiser SPF 30',
    'Ceramic Aroma Diffuser',
    'Chamomile Sleep Tea',
  ];

  it('are filled by the migration exactly as @spa/rules guesses them', async () => {
    const fresh = await startCatalogue('tax_backfill');
    try {
      const category = await createCategory(fresh, 'Everything');
      for (const name of serviceNames) await createService(fresh, category._id, name);
      const shop = await createProductCategory(fresh, 'Shop');
      for (const [index, name] of productNames.entries())
        await createProduct(fresh, shop._id, { name, sku: `BACKFILL-${index}` });
      // The rows as they stood before the migration: every treatment at the column default, no HSN codes.
      await fresh.deps.db.update(services).set({ sacCode: '999723' });
      await fresh.deps.db.update(products).set({ hsnCode: null });

      const migration = await readFile(new URL('../drizzle/0006_tax_codes.sql', import.meta.url), 'utf8');
      const backfill = migration
        .split('--> statement-breakpoint')
        .filter((part) => /^\s*UPDATE /m.test(part));
      expect(backfill).toHaveLength(2);
      for (const statement of backfill) await fresh.deps.database.pool.query(statement);

      const filledServices = await fresh.deps.db.select().from(services).orderBy(asc(services.name));
      expect(filledServices.map((row) => [row.name, row.sacCode])).toEqual(
        filledServices.map((row) => [row.name, sacCodeFor(row.name)]),
      );
      expect(new Set(filledServices.map((row) => row.sacCode))).toEqual(
        new Set(['999721', '999722', '999723']),
      );
      const filledProducts = await fresh.deps.db.select().from(products).orderBy(asc(products.name));
      expect(filledProducts.map((row) => [row.name, row.hsnCode])).toEqual(
        filledProducts.map((row) => [row.name, hsnCodeFor(row.name) ?? null]),
      );
      expect(filledProducts.filter((row) => row.hsnCode === null)).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });

  it('reach booking and commerce: every service and product is announced again, once', async () => {
    const service = await createService(world, categoryId, 'Announced Facial', { sacCode: '999722' });
    const product = await createProduct(world, productCategoryId, { sku: 'TAX-4', hsnCode: '3304' });
    const since = await lastSeq();
    const context = { db: world.deps.db, publish: world.deps.publish };
    const [first, second] = await Promise.all([
      announceAllOnce(context, 'tax-codes-test'),
      announceAllOnce(context, 'tax-codes-test'),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    const serviceCount = (await world.deps.db.select({ id: services.id }).from(services)).length;
    const productCount = (await world.deps.db.select({ id: products.id }).from(products)).length;
    const announcedServices = await serviceEventsSince(since);
    const announcedProducts = await productEventsSince(since);
    expect(announcedServices).toHaveLength(serviceCount);
    expect(announcedProducts).toHaveLength(productCount);
    expect(announcedServices.find((event) => event.id === service._id)).toMatchObject({ sacCode: '999722' });
    expect(announcedProducts.find((event) => event.id === product._id)).toMatchObject({ hsnCode: '3304' });
    expect(await announceAllOnce(context, 'tax-codes-test')).toBe(false);
  });
});
