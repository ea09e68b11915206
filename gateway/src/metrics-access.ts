import { timingSafeEqual } from 'node:crypto';
import type { GatewayConfig } from './config.js';

/**
 * The gateway's figures are for the operator's scraper, not for visitors: with METRICS_TOKEN set they
 * need that bearer token, and in production they are not served without one. A stranger gets the same
 * 404 as for any unknown path.
 */
export function metricsAllowed(
  authorization: string | undefined,
  config: Pick<GatewayConfig, 'metricsToken' | 'production'>,
): boolean {
  if (config.metricsToken === undefined) return !config.production;
  const expected = Buffer.from(`Bearer ${config.metricsToken}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
