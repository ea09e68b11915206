import { AppError, requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { parseReturnMonth, returnPeriod, type Gstr1Section } from '../domain/gstr1.js';
import type { BillingContext } from '../use-cases/context.js';
import { gstr1AsCsv, gstr1AsJson } from '../use-cases/gstr1.js';
import { gstr1ErrorResponses, gstr1JsonSchema, gstr1QuerySchema } from './gstr1.schemas.js';

interface Gstr1Query {
  month?: string;
  format: 'json' | 'csv';
  section?: Gstr1Section;
}

/** GSTR-1 for the accountant: admins only (a customer or an employee 403, no token 401). */
export function gstr1Routes(app: FastifyInstance, deps: BillingContext): void {
  app.get<{ Querystring: Gstr1Query }>(
    '/admin/reports/gstr1',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['reports'],
        security: [{ bearer: [] }],
        summary: 'GSTR-1 of a month: the GST portal’s JSON, or one offline-tool CSV sheet',
        querystring: gstr1QuerySchema,
        produces: ['application/json', 'text/csv'],
        response: {
          200: {
            description:
              'format=json: the portal’s JSON; format=csv: text/csv, the sheet named by section (attachment)',
            content: {
              'application/json': { schema: gstr1JsonSchema },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          ...gstr1ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const month = parseReturnMonth(request.query.month);
      const name = `GSTR1_${deps.config.business.gstin}_${returnPeriod(month)}`;
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'csv') {
        const section = request.query.section;
        if (!section) {
          const message = 'Choose the sheet to download (section)';
          throw new AppError(422, 'SECTION_REQUIRED', message, [{ field: 'section', message }]);
        }
        const csv = await gstr1AsCsv(deps, month, section);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}_${section}.csv"`)
          .send(csv);
      }
      const json = await gstr1AsJson(deps, month);
      return reply.header('content-disposition', `attachment; filename="${name}.json"`).send(json);
    },
  );
}
