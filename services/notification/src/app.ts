import { bullConnection, createApp, trackQueueDepth, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { NotificationConfig } from './config.js';
import { myDataRoutes } from './http/my-data.routes.js';
import { createMailer } from './integrations/mailer.js';
import type { NotificationContext } from './use-cases/context.js';
import { createEmailQueue } from './use-cases/email-jobs.js';

export type NotificationDeps = ServiceDeps & { config: NotificationConfig };

/** Notification's context (runService's `context`): one email queue and one mailer per process. */
export function notificationContext(deps: NotificationDeps): NotificationContext {
  const { config } = deps;
  const queueConnection = bullConnection(config.redisUrl);
  const emailQueue = createEmailQueue(config.email.queueName, queueConnection, config.email.queuePrefix);
  return {
    ...deps,
    queueConnection,
    emailQueue,
    untrackEmailQueue: trackQueueDepth(emailQueue),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
  };
}

/** Closes what notification's context owns, once the email worker and the consumer have stopped. */
export async function closeNotificationContext(context: NotificationContext): Promise<void> {
  context.untrackEmailQueue();
  await context.emailQueue.close();
  context.queueConnection.disconnect();
  context.mailer.close();
}

/**
 * The notification service reacts to events. Its app serves health, readiness (database and Redis;
 * Kafka reported, not required), metrics (with the email queue's depth) and one public route:
 * GET /notifications/me/export (the caller's sent emails).
 */
export async function buildApp(deps: NotificationDeps): Promise<FastifyInstance> {
  const app = await createApp({
    name: 'notification',
    // No write of this service revokes a token (see AppOptions.writesMayRevokeTokens).
    writesMayRevokeTokens: false,
    description: 'Sends the emails other services ask for through their events.',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier: deps.verifier,
    openapiTags: [{ name: 'notifications', description: 'The emails sent to the signed-in user' }],
  });
  await app.register((scope) => myDataRoutes(scope, deps.db));
  return app;
}
