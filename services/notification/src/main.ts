import { fileURLToPath } from 'node:url';
import { runService } from '@spa/kit';
import { buildApp, closeNotificationContext, notificationContext } from './app.js';
import { loadConfig } from './config.js';
import { emailTemplates } from './domain/templates/index.js';
import { startReadModelConsumer } from './events/consumers.js';
import { subscriptions } from './events/subscriptions.js';
import { startEmailWorker } from './worker.js';

await runService({
  config: loadConfig(),
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  context: notificationContext,
  subscriptions: ({ emailQueue, config }) =>
    subscriptions({ emailQueue, templates: emailTemplates, jobSettings: config.email }),
  buildApp,
  async startWorkers({ config, db, bus, logger, mailer, serviceAuth }) {
    // The suppression list of erased addresses, under its own consumer group (events/consumers.ts).
    const stopReadModels = await startReadModelConsumer({ db, bus, logger });
    const stopWorker = startEmailWorker({
      db,
      logger,
      mailer,
      templates: emailTemplates,
      appUrl: config.appUrl,
      billingUrl: config.billingUrl,
      serviceAuth,
      mailFrom: config.mailFrom,
      queueName: config.email.queueName,
      queuePrefix: config.email.queuePrefix,
      redisUrl: config.redisUrl,
      concurrency: config.email.concurrency,
    });
    return async () => {
      await stopWorker();
      await stopReadModels();
    };
  },
  close: closeNotificationContext,
});
