import { fileURLToPath } from 'node:url';
import { runService } from '@spa/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startReviewRequestSweep } from './use-cases/review-requests.js';
import { startReadModelConsumer } from './events/consumers.js';
import { catalogueTopics } from './events/publishes.js';
import { subscriptions } from './events/subscriptions.js';
import { seedDemoCatalogue } from './seed/seed.js';
import { announceAllOnce, TAX_CODES_ANNOUNCEMENT } from './use-cases/announcements.js';

const config = loadConfig();

await runService({
  config,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: catalogueTopics,
  subscriptions,
  buildApp,
  async startWorkers(deps) {
    // The employee roles mirror and review eligibility, under their own group (events/consumers.ts).
    const stopReadModels = await startReadModelConsumer(deps);
    // Booking and commerce learn the tax codes the migration filled in. A failure is logged and tried
    // again at the next start (the claim rolls back with it).
    await announceAllOnce(deps, TAX_CODES_ANNOUNCEMENT).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'could not announce the catalogue again'),
    );
    // Runs once before the service listens: the demo catalogue goes in through the same writes (and
    // events) as an admin's, so booking and commerce mirror it like any other data.
    if (config.seedDemoData) {
      // Demo data is a convenience: a failure is logged and the service still starts.
      await seedDemoCatalogue(deps, config.uploadDir).catch((error: unknown) =>
        deps.logger.error({ err: error }, 'could not seed the demo catalogue'),
      );
    }
    // A day after a visit or a delivery, the customer is asked once for a review (every replica
    // sweeps; each eligibility is asked once).
    const stopReviewRequests = startReviewRequestSweep(deps);
    return async () => {
      await stopReviewRequests();
      await stopReadModels();
    };
  },
});
