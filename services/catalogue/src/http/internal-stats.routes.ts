import type { FastifyInstance } from 'fastify';
import { catalogueCounts } from '../use-cases/stats.js';
import type { RouteDeps } from './route-deps.js';

/**
 * Catalogue counts for the admin dashboard, which the gateway composes from several services.
 * Internal: the gateway routes nothing under /internal, and the docs leave it out.
 */
export function internalStatsRoutes(app: FastifyInstance, { context }: RouteDeps) {
  app.get('/internal/stats', async () => catalogueCounts(context.db));
}
