// Starts a throwaway stack for the browser tests (every service on free ports with fresh, empty
// databases, and the gateway serving the built SPA); stopped, and its databases dropped, when the run
// ends.
import { RELAXED_RATE_LIMITS, startThrowawayStack } from '../../infra/local/throwaway-stack.mjs';

export default async function setup({ provide }) {
  const stack = await startThrowawayStack({ name: 'e2e', env: { ...RELAXED_RATE_LIMITS } });
  console.log(
    `browser-test stack: ${stack.url} (services ${stack.services.join(', ') || 'none'}; logs .data/logs/${stack.prefix})`,
  );
  provide('baseUrl', stack.url);
  return stack.dispose;
}
