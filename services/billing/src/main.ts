import { fileURLToPath } from 'node:url';
import { runService, type ServiceDeps } from '@spa/kit';
import { buildApp } from './app.js';
import { loadConfig, type BillingConfig } from './config.js';
import { startReadModelConsumer } from './events/consumers.js';
import { billingTopics } from './events/publishes.js';
import { subscriptions } from './events/subscriptions.js';
import { PdfRenderer } from './pdf/pdf-renderer.js';
import { startInvoiceRetentionSweep } from './use-cases/retention.js';
import { createInvoicePdfQueue, startInvoicePdfWorker } from './worker.js';

const config = loadConfig();

// One renderer (one warm Chromium) and one queue per process, shared by the HTTP routes and the worker.
let shared: { renderer: PdfRenderer; invoicePdfs: ReturnType<typeof createInvoicePdfQueue> } | undefined;
const withShared = (deps: ServiceDeps & { config: BillingConfig }) => {
  shared ??= {
    renderer: new PdfRenderer(config.pdf, deps.logger),
    invoicePdfs: createInvoicePdfQueue(config, deps.logger),
  };
  return { ...deps, ...shared };
};

await runService({
  config,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: billingTopics,
  subscriptions,
  buildApp: (deps) => buildApp(withShared(deps)),
  async startWorkers(deps) {
    const full = withShared(deps);
    // The reports' read models, under their own consumer group (events/consumers.ts).
    const stopReadModels = await startReadModelConsumer(deps);
    const stopWorker = await startInvoicePdfWorker(full);
    const stopRetention = startInvoiceRetentionSweep(full);
    return async () => {
      stopRetention();
      await stopWorker();
      await stopReadModels();
      await full.invoicePdfs.close();
      await full.renderer.close();
    };
  },
});
