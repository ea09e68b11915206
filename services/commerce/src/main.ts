import { fileURLToPath } from 'node:url';
import { runService } from '@spa/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { withIntegrations } from './use-cases/context.js';
import { startReadModelConsumer } from './events/consumers.js';
import { commerceTopics } from './events/publishes.js';
import { subscriptionsFor } from './events/subscriptions.js';
import { startSweeper } from './worker.js';

await runService({
  config: loadConfig(),
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: commerceTopics,
  // One set of clients (catalogue, payment provider) per process, shared by consumers, routes and the sweeper.
  context: withIntegrations,
  subscriptions: subscriptionsFor,
  buildApp,
  async startWorkers(context) {
    // The products mirror, under its own consumer group (events/consumers.ts).
    const stopReadModels = await startReadModelConsumer(context);
    const stopSweeper = startSweeper(context);
    return async () => {
      await stopSweeper();
      await stopReadModels();
    };
  },
});
