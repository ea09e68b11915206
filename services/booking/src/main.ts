import { fileURLToPath } from 'node:url';
import { runService } from '@spa/kit';
import { bookingContext, bookingServiceContext, buildApp, closeBookingServiceContext } from './app.js';
import { loadConfig } from './config.js';
import { startConsumers } from './events/consumers.js';
import { bookingTopics } from './events/publishes.js';
import { startPaymentHoldWorker } from './worker.js';

await runService({
  config: loadConfig(),
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: bookingTopics,
  // Appointments recovered from booking's events first (after a restore of its database), then one
  // commerce client per process, shared by the routes, the consumers and the hold worker.
  context: bookingServiceContext,
  // Booking runs two consumer groups (payment facts, and read models per database generation), so its
  // consumers start with the workers (events/consumers.ts) rather than as the kit's single consumer.
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
  close: closeBookingServiceContext,
});
