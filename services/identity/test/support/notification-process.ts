import { fileURLToPath } from 'node:url';
import { startBuiltService, testInfra, uniqueName, type BuiltService } from '@spa/kit/testing';

const notificationMain = fileURLToPath(new URL('../../../notification/dist/main.js', import.meta.url));

/**
 * The real notification service (its built bundle, `npm run build -w @spa/notification`; `npm test`
 * builds it first) as its own process, on a fresh database, in the caller's Kafka namespace, sending
 * to the SMTP sink. Identity's emails then travel exactly as in production: outbox, relay, Kafka,
 * notification's consumer, its BullMQ worker, SMTP.
 */
export async function startNotification(options: {
  namespace: string;
  appUrl: string;
}): Promise<BuiltService> {
  return startBuiltService({
    service: 'notification',
    main: notificationMain,
    databaseLabel: 'identity_notification',
    namespace: options.namespace,
    readyPath: '/readyz',
    env: {
      SMTP_URL: testInfra.smtpUrl,
      APP_URL: options.appUrl,
      EMAIL_QUEUE: uniqueName('identity.notification.email'),
      // Nothing here asks for an invoice or checks a token: addresses that answer nothing.
      BILLING_URL: 'http://127.0.0.1:9',
      JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    },
  });
}

/** An email as the SMTP sink (maildev) answers it on GET /email. */
export interface InboxEmail {
  subject: string;
  html: string;
  text: string;
  to: Array<{ address: string; name: string }>;
}

/** The emails to one address (the sink is shared: tests use addresses of their own, never empty it). */
export async function emailsTo(address: string): Promise<InboxEmail[]> {
  const url = new URL('/email', testInfra.mailInboxUrl);
  url.searchParams.set('to.address', address);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as InboxEmail[];
}
