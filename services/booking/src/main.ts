import { fileURLToPath } from 'node:url';
import { runService } from '@spa/kit';
import { bookingContext, buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startConsumers } from './events/consumers.js';
import { bookingTopics } from './events/publishes.js';
import { startPaymentHoldWorker } from './worker.js';

const config = loadConfig();

await runService({
  config,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: bookingTopics,
  // Booking's consumers need the service's context, so they start with the workers (events/consumers.ts).
  subscriptions: [],
  buildApp,
  async startWorkers(deps) {
    const context = { ...bookingContext(deps), bus: deps.bus };
    const stopConsumers = await startConsumers(context);
    const stopHolds = await startPaymentHoldWorker(context);
    return async () => {
      await stopHolds();
      await stopConsumers();
    };
  },
});
