import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Whether this replica is leaving: set on SIGTERM, before it stops taking connections. */
export interface GatewayLifecycle {
  draining: boolean;
}

/**
 * GET /readyz: whether a load balancer should send this replica requests. Only the replica itself
 * decides it (not the services behind it, which /healthz reports): one service down must not take every
 * gateway out of rotation. It answers 503 while the replica drains after a SIGTERM, so the balancer
 * stops sending before the replica stops listening (a rolling restart drops no request).
 */
export const readinessRoute = fp<{ lifecycle: GatewayLifecycle }>(
  (app: FastifyInstance, { lifecycle }) => {
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) =>
      lifecycle.draining ? reply.code(503).send({ status: 'draining' }) : reply.send({ status: 'ready' }),
    );
  },
  { name: 'gateway-readiness', fastify: '5.x' },
);
