import { fromJson } from '@bufbuild/protobuf';
import { bullConnection, type Database, type Logger, type ServiceAuth } from '@spa/kit';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { TemplateRegistry } from './domain/email-template.js';
import {
  BOOKING_REMINDER_PURPOSE,
  bookingReminderJob,
  bookingReminderTemplate,
} from './domain/templates/booking-reminder.template.js';
import { InvalidEmailData, NoRecipientAddress } from './domain/html.js';
import { erasedSince } from './db/erased-recipients.repository.js';
import { renderEmail } from './domain/render-email.js';
import { deliverOnce, type DeliveryOutcome } from './use-cases/deliver-email.js';
import { EMAIL_JOB_PURPOSE, type EmailJobData } from './use-cases/email-jobs.js';
import { senderDomain, type Mailer } from './integrations/mailer.js';
import { createBillingClient } from './integrations/billing-client.js';

export interface EmailWorkerDeps {
  db: Database;
  logger: Logger;
  mailer: Mailer;
  templates: TemplateRegistry;
  appUrl: string;
  billingUrl: string;
  /** Signs calls to billing's /internal routes. */
  serviceAuth?: ServiceAuth;
  mailFrom: string;
}

/**
 * What became of an email job: sent, found already sent, or skipped because the recipient has no email
 * address (a customer the front desk created with a phone number only). The job's return value in
 * BullMQ, and the `outcome` of the worker's log line.
 */
export type EmailJobOutcome = DeliveryOutcome | 'skipped-no-address' | 'skipped-erased';

/**
 * One email job: compose from the event, render, send once. Bad data fails for good, SMTP trouble
 * retries, and a recipient without an address is skipped (not sent, not retried).
 */
export function emailJobProcessor(deps: EmailWorkerDeps) {
  const domain = senderDomain(deps.mailFrom);
  const invoices = createBillingClient({ baseUrl: deps.billingUrl, serviceAuth: deps.serviceAuth });
  return async (job: Job<EmailJobData>): Promise<EmailJobOutcome> => {
    const { eventId, eventType } = job.data;
    // A booking reminder is a delayed job of its own, not an event's email (see booking-reminders.handler).
    const reminder = job.name === bookingReminderJob.type;
    const purpose = reminder ? BOOKING_REMINDER_PURPOSE : EMAIL_JOB_PURPOSE;
    const template = reminder ? bookingReminderTemplate : deps.templates.get(eventType);
    if (!template) throw new UnrecoverableError(`No email template for ${eventType}`);
    let email;
    let onceKey: string | undefined;
    try {
      const payload = fromJson(template.event.schema, job.data.payload);
      onceKey = template.sentOnceFor?.(payload);
      // Every email, from an event or a reminder, passes here before it is sent, so this is the one
      // place that decides there is nobody to write to. The recipient comes first, before composing
      // does any work (an invoice email fetches its PDF).
      template.recipient(payload);
      const context = { appUrl: deps.appUrl, invoices };
      email = renderEmail(await template.compose(payload, context), { appUrl: deps.appUrl });
    } catch (error) {
      if (error instanceof NoRecipientAddress) {
        deps.logger.info(
          { eventId, eventType, outcome: 'skipped-no-address', attempt: job.attemptsMade + 1 },
          'email skipped: the recipient has no email address',
        );
        return 'skipped-no-address';
      }
      if (error instanceof InvalidEmailData || error instanceof SyntaxError)
        throw new UnrecoverableError(error.message);
      throw error;
    }
    if (await erasedSince(deps.db, email.to.address, new Date(job.data.occurredAt))) {
      deps.logger.info(
        { eventId, eventType, outcome: 'skipped-erased', attempt: job.attemptsMade + 1 },
        'email skipped: the recipient erased their account after this happened',
      );
      return 'skipped-erased';
    }
    const outcome = await deliverOnce(deps.db, deps.mailer, {
      eventId,
      eventType,
      purpose,
      messageId: `<${eventId}.${purpose}@${domain}>`,
      email,
      ...(onceKey ? { onceKey } : {}),
    });
    deps.logger.info(
      { eventId, eventType, outcome, attempt: job.attemptsMade + 1, to: email.to.address },
      outcome === 'sent' ? 'email sent' : 'email already sent; nothing to do',
    );
    return outcome;
  };
}

export function startEmailWorker(
  deps: EmailWorkerDeps & { queueName: string; queuePrefix: string; redisUrl: string; concurrency: number },
): () => Promise<void> {
  const connection = bullConnection(deps.redisUrl);
  const worker = new Worker<EmailJobData, EmailJobOutcome>(deps.queueName, emailJobProcessor(deps), {
    connection,
    prefix: deps.queuePrefix,
    concurrency: deps.concurrency,
  });
  worker.on('failed', (job, error) => {
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
    deps.logger[final ? 'error' : 'warn'](
      { err: error, eventId: job?.data.eventId, attempt: job?.attemptsMade },
      final ? 'email could not be sent; giving up' : 'email send failed; will retry',
    );
  });
  worker.on('error', (error) => deps.logger.error({ err: error }, 'email worker error'));
  return async () => {
    await worker.close();
    connection.disconnect();
  };
}
