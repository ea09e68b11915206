import type { Redis } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { platformHealth } from '../health.js';

export interface HealthOptions {
  config: Pick<GatewayConfig, 'enabledServices' | 'upstreams' | 'infra'>;
  redis: Redis;
}

/**
 * GET /healthz: every component the platform needs (health.ts). 200 while the platform serves, also
 * `degraded` with only Kafka down; 503 when a required component (a service, Postgres, Redis, SMTP) is not up.
 */
export function healthRoute(app: FastifyInstance, { config, redis }: HealthOptions) {
  app.get('/healthz', async (_request, reply) => {
    const health = await platformHealth(config, redis);
    return reply.code(health.status === 'unavailable' ? 503 : 200).send(health);
  });
}
