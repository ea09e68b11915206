import type { bullConnection, ServiceDeps } from '@spa/kit';
import type { NotificationConfig } from '../config.js';
import type { Mailer } from '../integrations/mailer.js';
import type { EmailQueue } from './email-jobs.js';

/**
 * Notification's context (runService's `context`, built by notificationContext in app.ts): the kit's
 * deps, one email queue and one mailer per process.
 */
export interface NotificationContext extends ServiceDeps {
  config: NotificationConfig;
  queueConnection: ReturnType<typeof bullConnection>;
  emailQueue: EmailQueue;
  /** Stops reporting the email queue's depth on /metrics (the HPA scales on its waiting jobs). */
  untrackEmailQueue: () => void;
  mailer: Mailer;
}
