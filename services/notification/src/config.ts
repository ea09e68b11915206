import { readBaseConfig, readConfig } from '@spa/kit';

export const DEFAULT_MAIL_FROM = 'Aranya Spa & Wellness <no-reply@aranyaspa.in>';

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  return readConfig((env) => {
    const base = readBaseConfig(env, 'notification', 4006);
    return {
      ...base,
      /** The SPA's public address: the home link and logo in every email point here. */
      appUrl: env.url('APP_URL', 'http://localhost:8080'),
      smtpUrl: env.url('SMTP_URL', 'smtp://127.0.0.1:1025'),
      mailFrom: env.string('MAIL_FROM', DEFAULT_MAIL_FROM),
      /** Where invoice PDFs come from (billing's internal API). */
      billingUrl: env.url('BILLING_URL', 'http://127.0.0.1:4005'),
      email: {
        queueName: env.string('EMAIL_QUEUE', 'notification.email'),
        /** BullMQ key prefix; parallel stacks and test runs each use their own so none takes another's jobs. */
        queuePrefix: env.string(
          'BULLMQ_PREFIX',
          base.kafkaNamespace ? `bull.${base.kafkaNamespace}` : 'bull',
        ),
        attempts: env.int('EMAIL_ATTEMPTS', 5),
        /** First retry delay; each further retry waits twice as long (10 s, 20 s, 40 s, 80 s). */
        backoffMs: env.int('EMAIL_BACKOFF_MS', 10_000),
        concurrency: env.int('EMAIL_CONCURRENCY', 4),
      },
    };
  }, source);
}

export type NotificationConfig = ReturnType<typeof loadConfig>;
