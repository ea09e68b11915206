// Starts a throwaway stack for the browser tests: every service on its own ports with fresh,
// empty databases, and the gateway serving the built SPA. Stopped again when the run ends.
import path from 'node:path';
import { dataDir } from '../../infra/local/env.mjs';
import { startStack } from '../../infra/local/stack.mjs';

export default async function setup({ provide }) {
  const stack = await startStack({
    portBase: 14000,
    gatewayPort: 18080,
    freshDatabases: 'e2e',
    logDir: path.join(dataDir(), 'logs', 'e2e'),
    quiet: true,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '1000',
      PASSWORD_RATE_LIMIT_MAX: '1000',
    },
  });
  provide('baseUrl', stack.url);
  return async () => stack.stop();
}
