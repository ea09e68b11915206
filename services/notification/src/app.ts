import { createApp, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { NotificationConfig } from './config.js';
import { myDataRoutes } from './http/my-data.routes.js';

/**
 * The notification service reacts to events. Its app serves health, readiness (database, Kafka,
 * Redis), metrics and one public route: GET /notifications/me/export (the caller's sent emails).
 */
export async function buildApp(deps: ServiceDeps & { config: NotificationConfig }): Promise<FastifyInstance> {
  const app = await createApp({
    name: 'notification',
    description: 'Sends the emails other services ask for through their events.',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier: deps.verifier,
    openapiTags: [{ name: 'notifications', description: 'The emails sent to the signed-in user' }],
  });
  await app.register(async (scope) => myDataRoutes(scope, deps.db));
  return app;
}
