import { createInternalClient, createServiceAuth, z, type InternalClient, type ServiceAuth } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.js';
import { API_PREFIX, type ServiceName } from './routing.js';

/** The admin dashboard's figures, each from the service that owns it. */
export interface AdminStats {
  totalUsers: number | null;
  totalOrders: number | null;
  totalProducts: number | null;
  /** Rupees from paid orders. */
  revenue: number | null;
  /** This month's revenue against last month's, in percent. */
  growthRate: number | null;
  /** The services that did not answer in time; their figures are null rather than holding the page up. */
  unavailable: ServiceName[];
}

type Part = Record<string, unknown>;

const PARTS: ReadonlyArray<{ service: ServiceName; fields: ReadonlyArray<keyof AdminStats> }> = [
  { service: 'identity', fields: ['totalUsers'] },
  { service: 'catalogue', fields: ['totalProducts'] },
  { service: 'commerce', fields: ['totalOrders', 'revenue', 'growthRate'] },
];

/** Each owner's `GET /internal/stats`: figures by name; the ones this page shows are read below. */
const partSchema = z.record(z.string(), z.unknown());

function statsClients(config: Pick<GatewayConfig, 'upstreams' | 'statsPartTimeoutMs'>, auth: ServiceAuth) {
  const clients = new Map<ServiceName, InternalClient>();
  for (const { service } of PARTS)
    clients.set(
      service,
      // Signed as the gateway (the services refuse unsigned /internal calls); one attempt with a short
      // timeout, as the page shows what arrived rather than waiting for a retry.
      createInternalClient({
        callee: service,
        baseUrl: config.upstreams[service],
        auth,
        timeoutMs: config.statsPartTimeoutMs,
        retries: 0,
      }),
    );
  return clients;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Puts the parts together; a part that failed leaves its figures null and names its service. */
export function composeAdminStats(results: ReadonlyArray<{ service: ServiceName; part?: Part }>): AdminStats {
  const stats: AdminStats = {
    totalUsers: null,
    totalOrders: null,
    totalProducts: null,
    revenue: null,
    growthRate: null,
    unavailable: [],
  };
  for (const { service, part } of results) {
    const { fields } = PARTS.find((entry) => entry.service === service)!;
    if (!part) {
      stats.unavailable.push(service);
      continue;
    }
    for (const field of fields)
      (stats as unknown as Record<string, unknown>)[field] = numberOrNull(part[field]);
  }
  return stats;
}

export interface AdminStatsOptions {
  config: Pick<GatewayConfig, 'enabledServices' | 'serviceKey' | 'statsPartTimeoutMs' | 'upstreams'>;
}

/**
 * GET /api/v1/admin/stats: no one service owns these figures, so the gateway asks each owner at once,
 * with a short timeout each, and answers with what arrived.
 */
export async function adminStatsRoutes(app: FastifyInstance, { config }: AdminStatsOptions) {
  const auth = await createServiceAuth('gateway', { privateKey: config.serviceKey, publicKeys: {} });
  if (!auth.canSign) app.log.warn('SERVICE_KEY is not set: the admin figures will be missing');
  const clients = statsClients(config, auth);
  app.get(`${API_PREFIX}/admin/stats`, async (request, reply) => {
    if (!request.user)
      return reply.code(401).send({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    if (request.user.role !== 'admin')
      return reply
        .code(403)
        .send({ message: 'Only admins can see the dashboard figures.', code: 'FORBIDDEN' });
    const results = await Promise.all(
      PARTS.map(async ({ service }) => {
        try {
          if (!config.enabledServices.includes(service))
            throw new Error(`${service} is not part of this deployment`);
          const part = await clients.get(service)!.get('/internal/stats', partSchema, {
            headers: { 'x-request-id': request.id },
          });
          return { service, part };
        } catch (error) {
          request.log.warn({ service, err: error }, 'admin stats: a part is missing');
          return { service };
        }
      }),
    );
    return reply.header('cache-control', 'no-store').send(composeAdminStats(results));
  });
}
