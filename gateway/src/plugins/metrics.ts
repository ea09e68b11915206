import { metricsRegistry, notFound } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { cacheLookupMetrics } from '../cache-lookups.js';
import type { GatewayConfig } from '../config.js';
import { metricsAllowed } from '../metrics-access.js';

export interface MetricsOptions {
  config: Pick<GatewayConfig, 'metricsToken' | 'production'>;
}

/** GET /metrics: the gateway's Prometheus figures, for the scraper holding METRICS_TOKEN (metrics-access.ts). */
export function metricsRoute(app: FastifyInstance, { config }: MetricsOptions) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request.headers.authorization, config)) throw notFound('Not found');
    return reply
      .type(metricsRegistry.contentType)
      .send(`${await metricsRegistry.metrics()}${cacheLookupMetrics()}`);
  });
}
