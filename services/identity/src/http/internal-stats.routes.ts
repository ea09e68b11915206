import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../use-cases/context.js';
import { accountCounts } from '../use-cases/stats.js';

/**
 * Account counts for the admin dashboard, which the gateway composes from several services. Internal:
 * the gateway routes nothing under /internal, and the docs leave it out.
 */
export function internalStatsRoutes(context: IdentityContext) {
  return (app: FastifyInstance) => {
    app.get('/internal/stats', () => accountCounts(context));
  };
}
