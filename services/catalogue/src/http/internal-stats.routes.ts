import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products, services } from '../db/schema.js';
import type { RouteDeps } from './route-deps.js';

/**
 * Catalogue counts for the admin dashboard, which the gateway composes from several services.
 * Internal: the gateway routes nothing under /internal, and the docs leave it out.
 */
export async function internalStatsRoutes(app: FastifyInstance, { store }: RouteDeps) {
  app.get('/internal/stats', async () => {
    const [productCounts] = await store.db
      .select({
        totalProducts: sql<number>`count(*)::int`,
        outOfStockProducts: sql<number>`count(*) filter (where ${products.stock} <= 0)::int`,
      })
      .from(products);
    const [serviceCounts] = await store.db
      .select({ totalServices: sql<number>`count(*)::int` })
      .from(services);
    return { ...productCounts, ...serviceCounts };
  });
}
