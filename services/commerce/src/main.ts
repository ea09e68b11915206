import { fileURLToPath } from 'node:url';
import { runService, type ServiceDeps } from '@spa/kit';
import { buildApp } from './app.js';
import { loadConfig, type CommerceConfig } from './config.js';
import { withIntegrations, type CommerceDeps } from './deps.js';
import { commerceTopics } from './events/publishes.js';
import { subscriptionsFor } from './events/subscriptions.js';
import { startSweeper } from './worker.js';

const config = loadConfig();

// One set of clients (catalogue, payment provider) per process, shared by routes and the sweeper.
let shared: CommerceDeps | undefined;
const withShared = (deps: ServiceDeps & { config: CommerceConfig }) => (shared ??= withIntegrations(deps));

await runService({
  config,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: commerceTopics,
  subscriptions: subscriptionsFor(() => shared),
  buildApp: (deps) => buildApp(withShared(deps)),
  async startWorkers(deps) {
    return startSweeper(withShared(deps));
  },
});
