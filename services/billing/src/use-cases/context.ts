import type { ServiceDeps } from '@spa/kit';
import type { BillingConfig } from '../config.js';
import type { PdfRenderer } from '../integrations/pdf-renderer.js';
import type { DocumentPdfQueue } from '../document-worker.js';
import type { InvoicePdfQueue } from '../worker.js';
import type { InvoiceSeries } from './invoice-series.js';

/**
 * What billing's use cases, routes and workers are handed (built by billingContext in app.ts): the
 * kit's deps, the process's PDF renderer and the PDF job queue. A use case names the part it uses
 * (`Pick<BillingContext, …>`), so a caller that has only that part can call it.
 */
export interface BillingContext extends ServiceDeps {
  config: BillingConfig;
  renderer: PdfRenderer;
  invoicePdfs: InvoicePdfQueue;
  /** The tax documents' PDF jobs (document-worker.ts); absent in tests that render on download only. */
  documentPdfs?: DocumentPdfQueue;
  /** Whether new invoice numbers may be handed out (invoice-series.ts); absent in some tests. */
  invoiceSeries?: InvoiceSeries;
  /** The current time; tests may pin it. */
  now?: () => Date;
}
