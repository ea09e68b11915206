import { notFound } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { findDocument } from '../db/documents.repository.js';
import { invoiceFileName } from '../domain/invoice-number.js';
import { documentFileName } from '../domain/tax-document.js';
import type { BillingContext } from '../use-cases/context.js';
import { invoicePdfForDownload } from '../use-cases/invoice-pdf.js';
import { documentPdf } from '../use-cases/tax-document-pdf.js';
import { billIdParamsSchema } from './bills.schemas.js';
import { documentIdParamsSchema } from './tax-documents.routes.js';

/**
 * The invoice PDF for the notification service, which attaches it to the customer's email. Internal:
 * the gateway routes nothing under /internal, so only services inside the deployment reach it, and it
 * stays out of the API docs.
 */
/** Who may call each internal route (the kit's guard refuses everyone else with 401). */
export const internalCallers = {
  '/internal/bills/:id/invoice.pdf': ['notification'],
  '/internal/tax-documents/:id/document.pdf': ['notification'],
} as const;

export function internalRoutes(app: FastifyInstance, deps: BillingContext) {
  app.get<{ Params: { id: string } }>(
    '/internal/bills/:id/invoice.pdf',
    { schema: { params: billIdParamsSchema } },
    async (request, reply) => {
      const { bill, pdf, source } = await invoicePdfForDownload(deps, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(bill.invoiceNumber)}"`)
        .header('x-invoice-number', bill.invoiceNumber)
        .header('x-bill-revision', String(bill.revision))
        .header('x-invoice-pdf', source)
        .send(pdf);
    },
  );

  // A tax invoice's or credit note's PDF, for the email that announces it.
  app.get<{ Params: { id: string } }>(
    '/internal/tax-documents/:id/document.pdf',
    { schema: { params: documentIdParamsSchema } },
    async (request, reply) => {
      const document = await findDocument(deps.db, request.params.id);
      if (!document) throw notFound('Tax document not found');
      const { pdf, source } = await documentPdf(deps, document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(document)}"`)
        .header('x-document-number', document.number)
        .header('x-document-pdf', source)
        .send(pdf);
    },
  );
}
