import { fileURLToPath } from 'node:url';
import { connectDatabase, createLogger, migrateDatabase } from '@spa/kit';
import { createTestDatabase, eventually } from '@spa/kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
