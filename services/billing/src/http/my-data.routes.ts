import { AppError, currentUser, errorResponseSchema, requireAuth } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { invoiceFileName } from '../domain/invoice-number.js';
import type { BillingContext } from '../use-cases/context.js';
import { exportMyBills, myBillPdf } from '../use-cases/my-data.js';
import { presentBill } from './bill-presenter.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const security = [{ bearer: [] }];

/** Billing's part of "Download my data": the bills issued to the caller, and each one's PDF. */
export function myDataRoutes(app: FastifyInstance, deps: BillingContext): void {
  app.get(
    '/bills/me/export',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['bills'],
        security,
        summary: 'Download my data: the bills issued to my verified email (billing’s part)',
        response: {
          200: {
            type: 'object',
            required: ['bills', 'matchedBy'],
            properties: {
              bills: { type: 'array', items: { type: 'object', additionalProperties: true } },
              matchedBy: { type: 'string', nullable: true },
            },
          },
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { bills, matchedBy } = await exportMyBills(deps, currentUser(request));
      return { bills: bills.map((bill) => presentBill(bill)), matchedBy };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bills/me/export/:id/pdf',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['bills'],
        security,
        summary: 'The PDF of one bill issued to my verified email',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 64 } },
        },
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'application/pdf',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!UUID.test(id)) throw new AppError(400, 'VALIDATION_ERROR', 'Invalid bill id');
      const { bill, pdf } = await myBillPdf(deps, currentUser(request), id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(bill.invoiceNumber)}"`)
        .send(pdf);
    },
  );
}
