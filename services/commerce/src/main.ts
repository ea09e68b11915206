import { fileURLToPath } from 'node:url';
import { createPublisher, runService, type ServiceDeps } from '@spa/kit';
import { buildApp } from './app.js';
import { loadConfig, type CommerceConfig } from './config.js';
import { withIntegrations, type CommerceDeps } from './deps.js';
import { commerceTopics } from './events/publishes.js';
import { erasureSubscriptions, subscriptions } from './events/subscriptions.js';
import { createCatalogueClient } from './integrations/catalogue-client.js';
import { startSweeper } from './worker.js';

const config = loadConfig();

// One set of clients (catalogue, payment provider, booking) per process, shared by routes and the sweeper.
let shared: CommerceDeps | undefined;
const withShared = (deps: ServiceDeps & { config: CommerceConfig }) => (shared ??= withIntegrations(deps));

await runService({
  config,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: commerceTopics,
  subscriptions: [
    ...subscriptions,
    // The consumer starts before the app, so the erasure handler gets its own catalogue client.
    ...erasureSubscriptions({
      catalogue: createCatalogueClient({
        baseUrl: config.catalogueUrl,
        timeoutMs: config.catalogueTimeoutMs,
      }),
      publish: createPublisher(config.serviceName),
    }),
  ],
  buildApp: (deps) => buildApp(withShared(deps)),
  async startWorkers(deps) {
    return startSweeper(withShared(deps));
  },
});
