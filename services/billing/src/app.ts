import { createApp, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { BillingConfig } from './config.js';
import { billsRoutes } from './http/bills.routes.js';
import { internalCallers, internalRoutes } from './http/internal.routes.js';
import { myDataRoutes } from './http/my-data.routes.js';
import { reportsRoutes } from './http/reports.routes.js';
import { PdfRenderer } from './integrations/pdf-renderer.js';
import { createInvoicePdfQueue, type InvoicePdfQueue } from './worker.js';

/** What the billing app needs beyond the kit's deps: the process's PDF renderer and the PDF job queue. */
export interface BillingDeps extends ServiceDeps {
  config: BillingConfig;
  renderer: PdfRenderer;
  invoicePdfs: InvoicePdfQueue;
}

/** Billing's context (runService's `context`): one renderer (one warm Chromium) and one queue per process. */
export function billingContext(deps: ServiceDeps & { config: BillingConfig }): BillingDeps {
  return {
    ...deps,
    renderer: new PdfRenderer(deps.config.pdf, deps.logger),
    invoicePdfs: createInvoicePdfQueue(deps.config, deps.logger),
  };
}

/** Closes what billing's context owns, once its workers have stopped. */
export async function closeBillingContext(deps: BillingDeps): Promise<void> {
  await deps.invoicePdfs.close();
  await deps.renderer.close();
}

export async function buildApp(deps: BillingDeps): Promise<FastifyInstance> {
  const app = await createApp({
    name: 'billing',
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
    ],
  });
  await app.register((scope) => myDataRoutes(scope, deps));
  await app.register((scope) => billsRoutes(scope, deps));
  await app.register((scope) => internalRoutes(scope, deps));
  await app.register((scope) => reportsRoutes(scope, deps));
  return app;
}
