import { readBaseConfig, readConfig } from '@spa/kit';

export const DEFAULT_MAIL_FROM = 'Aranya Spa & Wellness <no-reply@aranyaspa.in>';

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  return readConfig(
    (env) => ({
      ...readBaseConfig(env, 'notification', 4006),
      /** The SPA's public address: the home link and logo in every email point here. */
      appUrl: env.url('APP_URL', 'http://localhost:8080'),
      smtpUrl: env.url('SMTP_URL', 'smtp://127.0.0.1:1025'),
      mailFrom: env.string('MAIL_FROM', DEFAULT_MAIL_FROM),
      email: {
        queueName: env.string('EMAIL_QUEUE', 'notification.email'),
        attempts: env.int('EMAIL_ATTEMPTS', 5),
        /** First retry delay; each further retry waits twice as long (10 s, 20 s, 40 s, 80 s). */
        backoffMs: env.int('EMAIL_BACKOFF_MS', 10_000),
        concurrency: env.int('EMAIL_CONCURRENCY', 4),
      },
    }),
    source,
  );
}

export type NotificationConfig = ReturnType<typeof loadConfig>;
