import { createApp, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { NotificationConfig } from './config.js';

/**
 * The notification service has no public API: it reacts to events. Its app serves health, readiness
 * (database, Kafka, Redis) and metrics.
 */
export async function buildApp(deps: ServiceDeps & { config: NotificationConfig }): Promise<FastifyInstance> {
  return createApp({
    name: 'notification',
    description: 'Sends the emails other services ask for through their events.',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier: deps.verifier,
  });
}
