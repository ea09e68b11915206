import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../use-cases/context.js';
import { users } from '../db/schema.js';

/**
 * Account counts for the admin dashboard, which the gateway composes from several services. Internal:
 * the gateway routes nothing under /internal, and the docs leave it out.
 */
export function internalStatsRoutes(context: IdentityContext) {
  return (app: FastifyInstance) => {
    app.get('/internal/stats', async () => {
      const [counts] = await context.db
        .select({
          totalUsers: sql<number>`count(*) filter (where ${users.role} = 'user')::int`,
          totalEmployees: sql<number>`count(*) filter (where ${users.role} = 'employee')::int`,
          totalAdmins: sql<number>`count(*) filter (where ${users.role} = 'admin')::int`,
        })
        .from(users);
      return counts;
    });
  };
}
