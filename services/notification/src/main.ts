import { fileURLToPath } from 'node:url';
import { bullConnection, runService } from '@spa/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { emailTemplates } from './domain/templates/index.js';
import { createEmailQueue } from './email/email-jobs.js';
import { createMailer } from './email/mailer.js';
import { subscriptions } from './events/subscriptions.js';
import { startEmailWorker } from './worker.js';

const config = loadConfig();
const queueConnection = bullConnection(config.redisUrl);
const emailQueue = createEmailQueue(config.email.queueName, queueConnection, config.email.queuePrefix);
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });

await runService({
  config,
  migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  subscriptions: subscriptions({ emailQueue, templates: emailTemplates, jobSettings: config.email }),
  buildApp,
  async startWorkers(deps) {
    const stopWorker = startEmailWorker({
      db: deps.db,
      logger: deps.logger,
      mailer,
      templates: emailTemplates,
      appUrl: config.appUrl,
      billingUrl: config.billingUrl,
      serviceAuth: deps.serviceAuth,
      mailFrom: config.mailFrom,
      queueName: config.email.queueName,
      queuePrefix: config.email.queuePrefix,
      redisUrl: config.redisUrl,
      concurrency: config.email.concurrency,
    });
    return async () => {
      await stopWorker();
      await emailQueue.close();
      queueConnection.disconnect();
      mailer.close();
    };
  },
});
