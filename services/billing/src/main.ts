import { fileURLToPath } from 'node:url';
import { runService } from '@spa/kit';
import { billingContext, buildApp, closeBillingContext } from './app.js';
import { loadConfig } from './config.js';
import { startReadModelConsumer } from './events/consumers.js';
import { billingTopics } from './events/publishes.js';
import { subscriptions } from './events/subscriptions.js';
import { startInvoiceRetentionSweep } from './use-cases/retention.js';
import { startInvoicePdfWorker } from './worker.js';

await runService({
  config: loadConfig(),
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: billingTopics,
  // One renderer (one warm Chromium) and one queue per process, shared by the HTTP routes and the worker.
  context: billingContext,
  subscriptions,
  buildApp,
  async startWorkers(context) {
    // The reports' read models, under their own consumer group (events/consumers.ts).
    const stopReadModels = await startReadModelConsumer(context);
    const stopWorker = startInvoicePdfWorker(context);
    const stopRetention = startInvoiceRetentionSweep(context);
    return async () => {
      await stopRetention();
      await stopWorker();
      await stopReadModels();
    };
  },
  close: closeBillingContext,
});
