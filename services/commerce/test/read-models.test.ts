import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { connectDatabase, createLogger, migrateDatabase } from '@spa/kit';
import { createTestDatabase, eventually } from '@spa/kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markProductDeleted, upsertProducts, type ProductState } from '../src/db/products.repository.js';
import { products } from '../src/db/schema.js';
import { startReadModelConsumer } from '../src/events/consumers.js';
import { startCommerceWorld, type CommerceWorld } from './support/commerce-world.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

let world: CommerceWorld;
beforeAll(async () => {
  world = await startCommerceWorld('readmodels');
});
afterAll(async () => world?.close());

describe('the products mirror', () => {
  it('applies a run of announcements in one statement as applying each in turn would', async () => {
    const mirrored = async (id: string) => {
      const [row] = await world.deps.db.select().from(products).where(eq(products.id, id));
      return row && { name: row.name, stock: row.stock, at: row.sourceUpdatedAtMs, deleted: row.deleted };
    };
    const state = (id: string, at: number, name: string, stock: number): ProductState => ({
      id,
      name,
      pricePaise: 45_000,
      stock,
      images: [],
      sourceUpdatedAtMs: at,
    });
    const runs: ProductState[][] = [];
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    // Newer then older (the older is no change), a tie (the later wins), upper-case ids of the same product.
    runs.push([state(a, 5, 'A5', 5), state(a, 3, 'A3', 3), state(b, 7, 'B7', 7), state(b, 7, 'B7 again', 6)]);
    runs.push([state(a.toUpperCase(), 9, 'A9', 9), state(c, 1, 'C1', 1), state(a, 8, 'A8', 8)]);
    // Older than what is mirrored: nothing changes.
    runs.push([state(b, 6, 'B6', 1)]);
    for (const run of runs) await upsertProducts(world.deps.db, run);
    expect(await mirrored(a)).toEqual({ name: 'A9', stock: 9, at: 9, deleted: false });
    expect(await mirrored(b)).toEqual({ name: 'B7 again', stock: 6, at: 7, deleted: false });
    expect(await mirrored(c)).toEqual({ name: 'C1', stock: 1, at: 1, deleted: false });
    // The same announcements one at a time leave the same mirror.
    const [a2, b2, c2] = [randomUUID(), randomUUID(), randomUUID()];
    const renamed = new Map([
      [a, a2],
      [a.toUpperCase(), a2],
      [b, b2],
      [c, c2],
    ]);
    for (const run of runs)
      for (const one of run) await upsertProducts(world.deps.db, [{ ...one, id: renamed.get(one.id)! }]);
    for (const [original, copy] of [
      [a, a2],
      [b, b2],
      [c, c2],
    ] as const)
      expect(await mirrored(copy)).toEqual(await mirrored(original));
    // A deleted product stays deleted whatever is announced after.
    await markProductDeleted(world.deps.db, c);
    await upsertProducts(world.deps.db, [state(c, Date.now() + 60_000, 'C back', 4)]);
    expect(await mirrored(c)).toMatchObject({ deleted: true, stock: 0 });
  });

  it('rebuilds from catalogue.product.v1 on a wiped database (a new read-model generation)', async () => {
    const product = await world.product({ name: 'Sandalwood oil', price: 450, stock: 7 });
    const fresh = await createTestDatabase('commerce_rebuild');
    const database = connectDatabase(fresh.url);
    try {
      await migrateDatabase(database.db, migrationsFolder);
      const stop = await startReadModelConsumer({
        db: database.db,
        bus: world.deps.bus,
        logger: createLogger('commerce-rebuild', process.env.TEST_LOG_LEVEL ?? 'silent'),
      });
      try {
        const row = await eventually(
          async () => {
            const [found] = await database.db.select().from(products).where(eq(products.id, product._id));
            if (!found) throw new Error('not mirrored yet');
            return found;
          },
          { timeoutMs: 30_000 },
        );
        expect(row).toMatchObject({ name: 'Sandalwood oil', stock: 7, deleted: false });
      } finally {
        await stop();
      }
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
