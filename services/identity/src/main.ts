import { fileURLToPath } from 'node:url';
import { runService } from '@spa/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { identityTopics } from './events/publishes.js';

await runService({
  config: loadConfig(),
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  topics: identityTopics,
  buildApp,
});
