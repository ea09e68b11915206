import { createBaseApp, type Logger, type Redis, type TokenVerifier, type Tracer } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { adminStatsRoutes } from './admin-stats.js';
import type { GatewayConfig } from './config.js';
import { apiDocs } from './plugins/api-docs.js';
import { apiAuthentication } from './plugins/authentication.js';
import { bodyLimit } from './plugins/body-limit.js';
import { healthRoute } from './plugins/health.js';
import { metricsRoute } from './plugins/metrics.js';
import { rateLimits } from './plugins/rate-limits.js';
import { readinessRoute, type GatewayLifecycle } from './plugins/readiness.js';
import { securityHeaders } from './plugins/security-headers.js';
import { privateCache } from './plugins/private-cache.js';
import { sharedCache } from './plugins/shared-cache.js';
import { upstreamProxy } from './plugins/upstream-proxy.js';
import { webApp } from './plugins/web-app.js';
import { PrivateResponseCache } from './private-cache.js';
import { SharedResponseCache } from './shared-cache.js';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  verifier: TokenVerifier;
  /** Server and proxy spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
  /** The clock the shared cache expires its answers by; Date.now by default (tests move their own on). */
  now?: () => number;
  /** Set draining on SIGTERM: /readyz then answers 503 (main.ts). */
  lifecycle?: GatewayLifecycle;
}

/** The single public entry: /api/v1 routed to the owning service, the SPA, docs and health. */
export async function buildGateway({
  config,
  logger,
  redis,
  verifier,
  tracer,
  now,
  lifecycle = { draining: false },
}: GatewayDeps): Promise<FastifyInstance> {
  // TRUSTED_PROXIES decides request.ip: the address every limit keys on and every service is told.
  const app = createBaseApp({ logger, tracer, trustProxy: config.trustedProxies });
  const cache = new SharedResponseCache(config.sharedCacheEntries, now);
  const privateResponses = new PrivateResponseCache(config.privateCacheEntries, now);

  // Hooks on every request, run in this order: a request refused by one never reaches the next (an
  // oversized body is not token-checked, a bad token not counted, a limited address not served from
  // the cache).
  await app.register(securityHeaders, { config });
  await app.register(bodyLimit);
  await app.register(apiAuthentication, { verifier });
  await app.register(rateLimits, { config, redis });
  await app.register(sharedCache, { cache });
  await app.register(privateCache, { cache: privateResponses, redis });
  await app.register(upstreamProxy, { config, cache, privateCache: privateResponses, tracer });

  // Routes the gateway answers itself.
  await app.register(adminStatsRoutes, { config });
  await app.register(apiDocs, { config });
  await app.register(healthRoute, { config, redis });
  await app.register(readinessRoute, { lifecycle });
  await app.register(metricsRoute, { config });
  await app.register(webApp, { config, cache });
  return app;
}
