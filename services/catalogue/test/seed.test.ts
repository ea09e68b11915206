import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeRoles } from '../src/db/schema.js';
import { seedDemoCatalogue } from '../src/seed/seed.js';
import { startCatalogue, type CatalogueWorld } from './support/catalogue-world.js';

let world: CatalogueWorld;
beforeAll(async () => {
  world = await startCatalogue('seed');
});
afterAll(async () => world?.close());

interface Service {
  name: string;
  pricing: unknown[];
  benefits: string[];
  tags: string[];
  images: string[];
  category: { name: string };
  depositPolicy: { kind: string; value: number };
  sacCode: string;
  gstBp: number;
}

describe('demo catalogue seed', () => {
  it('fills an empty catalogue once, with local artwork for every item', { timeout: 180_000 }, async () => {
    // Identity's role events arrive one by one: only the first has arrived when the seed runs.
    await world.deps.db.insert(employeeRoles).values({ id: 'role-manager', name: 'manager' });
    const [first, second] = await Promise.all([
      seedDemoCatalogue(world.deps, world.uploadDir),
      seedDemoCatalogue(world.deps, world.uploadDir),
    ]);
    expect([first, second].sort()).toEqual([false, true]);

    const categories = (await world.request('GET', '/admin/categories')).json();
    expect(categories).toHaveLength(8);
    for (const category of categories)
      expect(category.assignedEmployeeRole, category.name).toBe('servicestaff');
    const services: Service[] = (await world.request('GET', '/admin/services')).json();
    expect(services).toHaveLength(24);
    for (const service of services) {
      expect(service.pricing.length, service.name).toBeGreaterThanOrEqual(2);
      expect(service.pricing.length, service.name).toBeLessThanOrEqual(4);
      expect(service.benefits.length, service.name).toBeGreaterThan(0);
      expect(service.tags.length, service.name).toBeGreaterThan(0);
      expect(service.images.length, service.name).toBeGreaterThan(0);
    }
    expect(new Set(services.map((service) => service.category.name)).size).toBe(8);
    // Two signature treatments show the deposit policy; the rest take no deposit.
    const withDeposit = services.filter((service) => service.depositPolicy.kind !== 'none');
    expect(withDeposit.map((service) => [service.name, service.depositPolicy])).toEqual([
      [
        'Bridal Glow Package',
        { kind: 'fixed', value: 2000, lateCancellationHours: 48, lateCancellationFeePercent: 50 },
      ],
      [
        'Royal Kerala Ritual',
        { kind: 'percent', value: 50, lateCancellationHours: 24, lateCancellationFeePercent: 100 },
      ],
    ]);
    // Facials and nail care are cosmetic treatment (999722); massages and rituals physical well-being.
    const sacOf = (name: string) => services.find((service) => service.name === name)?.sacCode;
    expect([sacOf('Hydrating Glow Facial'), sacOf('Spa Pedicure'), sacOf('Swedish Massage')]).toEqual([
      '999722',
      '999722',
      '999723',
    ]);
    expect(services.every((service) => service.gstBp === 500)).toBe(true);

    const rooms = (await world.request('GET', '/admin/rooms')).json() as Array<{
      type: string;
      capacity: string;
      price: number;
    }>;
    expect(rooms).toHaveLength(9);
    expect(new Set(rooms.map((room) => room.type))).toEqual(new Set(['Silver', 'Gold', 'Diamond']));
    expect(new Set(rooms.map((room) => room.capacity))).toEqual(new Set(['Single Bed', 'Double Bed']));
    expect(rooms.find((room) => room.type === 'Diamond' && room.capacity === 'Double Bed')!.price).toBe(3500);

    expect((await world.request('GET', '/product-categories')).json()).toHaveLength(4);
    const subcategories = (await world.request('GET', '/subcategories')).json();
    expect(subcategories.length).toBeGreaterThanOrEqual(8);
    const products = (await world.request('GET', '/products')).json() as Array<{
      sku: string;
      weight: string;
      stock: number;
      images: string[];
      subcategory: unknown;
      name: string;
      hsnCode: string | null;
    }>;
    expect(products.length).toBeGreaterThanOrEqual(28);
    expect(products.every((product) => product.sku && product.weight && product.subcategory)).toBe(true);
    expect(products.some((product) => product.stock === 0)).toBe(true);
    expect(products.some((product) => product.stock > 0 && product.stock < 5)).toBe(true);
    // Most demo products have a name that makes their HSN heading clear; the rest stay unclassified.
    const hsnOf = (name: string) => products.find((product) => product.name === name)?.hsnCode;
    expect([
      hsnOf('Lavender Essential Oil'),
      hsnOf('Neem & Tulsi Soap'),
      hsnOf('Ceramic Aroma Diffuser'),
    ]).toEqual(['3301', '3401', null]);
    expect(products.filter((product) => product.hsnCode !== null).length).toBeGreaterThanOrEqual(20);

    const image = products[0]!.images[0]!;
    const file = path.join(world.uploadDir, path.basename(image));
    expect((await stat(file)).size).toBeGreaterThan(1000);
    const served = await world.request('GET', image);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    expect(await seedDemoCatalogue(world.deps, world.uploadDir)).toBe(false);
  });
});
