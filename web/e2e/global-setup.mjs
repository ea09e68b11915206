// Starts a throwaway stack for the browser tests (every service on free ports with fresh, empty
// databases, and the gateway serving the built SPA); stopped, and its databases dropped, when the run
// ends.
import { infraEnv } from '../../infra/local/env.mjs';
import { RELAXED_RATE_LIMITS, startThrowawayStack } from '../../infra/local/throwaway-stack.mjs';

export default async function setup({ provide }) {
  const stack = await startThrowawayStack({
    name: 'e2e',
    // Review requests go out at once (not a day later), so a journey can follow the email's link.
    env: { ...RELAXED_RATE_LIMITS, REVIEW_REQUEST_DELAY_MINUTES: '0', REVIEW_REQUEST_SWEEP_MS: '1000' },
  });
  console.log(
    `browser-test stack: ${stack.url} (services ${stack.services.join(', ') || 'none'}; logs .data/logs/${stack.prefix})`,
  );
  provide('baseUrl', stack.url);
  // Where each service's database of this stack lives (<prefix>_<service>), for tests that look at
  // what a journey left behind, database by database.
  provide('databaseUrlPattern', infraEnv().PG_ADMIN_URL.replace(/\/[^/]+$/, `/${stack.prefix}_{service}`));
  return stack.dispose;
}
