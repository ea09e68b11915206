import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { resolveReportRange } from '../domain/reports.js';
import type { BillingContext } from '../use-cases/context.js';
import { ownerReport } from '../use-cases/reports.js';
import { reportErrorResponses, reportQuerySchema, reportSchema } from './reports.schemas.js';

/** The owner's reports: admins only (a customer or an employee 403, no token 401). */
export function reportsRoutes(app: FastifyInstance, deps: BillingContext): void {
  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/admin/reports',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['reports'],
        security: [{ bearer: [] }],
        summary:
          'Revenue by day, treatment, product and employee, room and therapist utilisation and no-shows',
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...reportErrorResponses },
      },
    },
    async (request) => {
      const range = resolveReportRange(request.query, deps.now?.() ?? new Date());
      return ownerReport(deps.db, deps.config.openingHours, range);
    },
  );
}
