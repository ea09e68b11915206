import { createApp, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { BillingConfig } from './config.js';
import { createDocumentPdfQueue } from './document-worker.js';
import { billsRoutes } from './http/bills.routes.js';
import { gstr1Routes } from './http/gstr1.routes.js';
import { internalCallers, internalRoutes } from './http/internal.routes.js';
import { myDataRoutes } from './http/my-data.routes.js';
import { reportsRoutes } from './http/reports.routes.js';
import { taxDocumentsRoutes } from './http/tax-documents.routes.js';
import { PdfRenderer } from './integrations/pdf-renderer.js';
import type { BillingContext } from './use-cases/context.js';
import { startInvoiceSeries } from './use-cases/invoice-series.js';
import { createInvoicePdfQueue } from './worker.js';

/**
 * Billing's context (runService's `context`, built before the relay, the consumers and the app start):
 * first the bills a database restored from a backup forgot are written back from billing's own events
 * and the invoice series is brought past every number ever issued (use-cases/recover-bills.ts, started
 * by invoice-series.ts; until that succeeds new bills are refused), then one renderer (one warm
 * Chromium) and one queue per process.
 */
export async function billingContext(deps: ServiceDeps & { config: BillingConfig }): Promise<BillingContext> {
  const invoiceSeries = await startInvoiceSeries(deps);
  return {
    ...deps,
    invoiceSeries,
    renderer: new PdfRenderer(deps.config.pdf, deps.logger),
    invoicePdfs: createInvoicePdfQueue(deps.config, deps.logger),
    documentPdfs: createDocumentPdfQueue(deps.config, deps.logger),
  };
}

/** Closes what billing's context owns, once its workers have stopped. */
export async function closeBillingContext(deps: BillingContext): Promise<void> {
  deps.invoiceSeries?.stop();
  await deps.invoicePdfs.close();
  await deps.documentPdfs?.close();
  await deps.renderer.close();
}

export async function buildApp(deps: BillingContext): Promise<FastifyInstance> {
  const app = await createApp({
    name: 'billing',
    // No write of this service revokes a token (see AppOptions.writesMayRevokeTokens).
    writesMayRevokeTokens: false,
    description:
      'Bills (GST tax invoices), gapless invoice numbers, income summaries, invoice PDFs and the owner’s reports',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier: deps.verifier,
    serviceAuth: deps.serviceAuth,
    internalCallers,
    openapiTags: [
      { name: 'bills', description: 'Staff only (admin, employee)' },
      { name: 'reports', description: 'The owner’s reports, admins only' },
      {
        name: 'tax-documents',
        description: 'GST invoices and credit notes: staff all, a customer their own',
      },
    ],
  });
  await app.register((scope) => myDataRoutes(scope, deps));
  await app.register((scope) => billsRoutes(scope, deps));
  await app.register((scope) => internalRoutes(scope, deps));
  await app.register((scope) => reportsRoutes(scope, deps));
  await app.register((scope) => taxDocumentsRoutes(scope, deps));
  await app.register((scope) => gstr1Routes(scope, deps));
  return app;
}
