import { fileURLToPath } from 'node:url';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  bullConnection,
  connectDatabase,
  connectServiceDeps,
  createLogger,
  createPublisher,
  EventConsumer,
  migrateDatabase,
  OutboxRelay,
} from '@spa/kit';
import { createTestDatabase, testInfra, testServiceKeyEnv, uniqueName } from '@spa/kit/testing';
import { events, type EventDefinition } from '@spa/proto';
import { loadConfig } from '../../src/config.js';
import { createTemplateRegistry } from '../../src/domain/email-template.js';
import { emailTemplates } from '../../src/domain/templates/index.js';
import { createEmailQueue } from '../../src/use-cases/email-jobs.js';
import { createMailer } from '../../src/integrations/mailer.js';
import { subscriptions } from '../../src/events/subscriptions.js';
import { startEmailWorker } from '../../src/worker.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
export const APP_URL = 'http://127.0.0.1:18080';

/**
 * The notification service as main.ts wires it (consumer, email queue, worker, real SMTP sink), fed
 * by a throwaway "identity" database whose outbox a real relay sends to Kafka. Topic and queue names
 * are unique to the run, so nothing here meets another test or a running stack.
 */
export async function createNotificationWorld(label: string) {
  const notificationDb = await createTestDatabase(`notification_${label}`);
  const identityDb = await createTestDatabase(`notification_${label}_identity`);
  const topic = uniqueName(`identity.account-email.${label}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    ...testServiceKeyEnv('notification'),
    DATABASE_URL: notificationDb.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    SMTP_URL: testInfra.smtpUrl,
    APP_URL,
    EMAIL_QUEUE: uniqueName(`notification.email.${label}`),
    EMAIL_BACKOFF_MS: '300',
  });
  const logger = createLogger('notification-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const deps = await connectServiceDeps(config, logger, migrationsFolder);
  const templates = createTemplateRegistry(
    emailTemplates.all().map((template) => ({ ...template, event: { ...template.event, topic } })),
  );
  const queueConnection = bullConnection(config.redisUrl);
  const emailQueue = createEmailQueue(config.email.queueName, queueConnection, config.email.queuePrefix);

  const identity = connectDatabase(identityDb.url);
  await migrateDatabase(identity.db);
  const publish = createPublisher('identity');
  await deps.bus.ensureTopics([{ topic }]);
  const relay = new OutboxRelay({ pool: identity.pool, bus: deps.bus, logger, pollIntervalMs: 50 });
  relay.start();
  const consumer = new EventConsumer({
    name: uniqueName('notification'),
    db: deps.db,
    bus: deps.bus,
    logger,
    subscriptions: subscriptions({ emailQueue, templates, jobSettings: config.email }),
    maxAttempts: 3,
    retryBackoffMs: 20,
  });
  await consumer.start();
  const stops: Array<() => Promise<void>> = [];

  const retargeted = <E extends EventDefinition>(event: E): E => ({ ...event, topic });

  return {
    config,
    deps,
    topic,
    emailQueue,

    /** Starts the email worker against the given SMTP server (the real sink unless told otherwise). */
    startWorker(smtpUrl = config.smtpUrl) {
      const mailer = createMailer({ smtpUrl, from: config.mailFrom });
      const stop = startEmailWorker({
        db: deps.db,
        logger,
        mailer,
        templates,
        appUrl: config.appUrl,
        billingUrl: config.billingUrl,
        serviceAuth: deps.serviceAuth,
        mailFrom: config.mailFrom,
        queueName: config.email.queueName,
        queuePrefix: config.email.queuePrefix,
        redisUrl: config.redisUrl,
        concurrency: 2,
      });
      stops.push(async () => {
        await stop();
        mailer.close();
      });
    },

    /** What identity does on sign-up or "resend": the event goes out through its outbox. */
    async requestVerification(
      payload: MessageInitShape<typeof events.emailVerificationRequested.schema> & { userId: string },
    ) {
      return identity.db.transaction((tx) =>
        publish(tx, retargeted(events.emailVerificationRequested), payload.userId, payload),
      );
    },

    async requestPasswordReset(
      payload: MessageInitShape<typeof events.passwordResetRequested.schema> & { userId: string },
    ) {
      return identity.db.transaction((tx) =>
        publish(tx, retargeted(events.passwordResetRequested), payload.userId, payload),
      );
    },

    /** What identity does when the front desk creates an account for a walk-in customer with an email. */
    async inviteToClaim(
      payload: MessageInitShape<typeof events.accountClaimInvited.schema> & { userId: string },
    ) {
      return identity.db.transaction((tx) =>
        publish(tx, retargeted(events.accountClaimInvited), payload.userId, payload),
      );
    },

    /** What identity does when an admin approves or rejects a self-registered employee. */
    async decideApplication(
      decision: 'approved' | 'rejected',
      payload: MessageInitShape<typeof events.employeeApplicationApproved.schema> & { userId: string },
    ) {
      const event =
        decision === 'approved' ? events.employeeApplicationApproved : events.employeeApplicationRejected;
      return identity.db.transaction((tx) => publish(tx, retargeted(event), payload.userId, payload));
    },

    /** What another service does (catalogue hiding a review...): any event goes out through an outbox. */
    async publish<E extends EventDefinition>(event: E, key: string, payload: MessageInitShape<E['schema']>) {
      return identity.db.transaction((tx) => publish(tx, retargeted(event), key, payload));
    },

    async close() {
      await Promise.allSettled(stops.map((stop) => stop()));
      await consumer.stop();
      await relay.stop({ flush: false });
      await emailQueue.obliterate({ force: true }).catch(() => undefined);
      await emailQueue.close();
      queueConnection.disconnect();
      await deps.bus.close();
      deps.redis.disconnect();
      await deps.database.close();
      await identity.close();
      await notificationDb.drop();
      await identityDb.drop();
    },
  };
}

export type NotificationWorld = Awaited<ReturnType<typeof createNotificationWorld>>;
