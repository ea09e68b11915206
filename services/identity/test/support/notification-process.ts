import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testInfra, testServiceKeyEnv, uniqueName } from '@spa/kit/testing';

const notificationMain = fileURLToPath(new URL('../../../notification/dist/main.js', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real notification service (its built bundle, `npm run build -w @spa/notification`; `npm test`
 * builds it first) as its own process, on a fresh database, in the caller's Kafka namespace, sending
 * to the SMTP sink. Identity's emails then travel exactly as in production: outbox, relay, Kafka,
 * notification's consumer, its BullMQ worker, SMTP. Its output is kept and shown if it fails to start.
 */
export async function startNotification(options: {
  namespace: string;
  appUrl: string;
}): Promise<{ output(): string; stop(): Promise<void> }> {
  if (!existsSync(notificationMain))
    throw new Error(`${notificationMain} is missing: run npm run build -w @spa/notification first`);
  const database = await createTestDatabase('identity_notification');
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [notificationMain], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...testServiceKeyEnv('notification'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL:
        process.env.TEST_LOG_LEVEL === 'silent' || !process.env.TEST_LOG_LEVEL
          ? 'warn'
          : process.env.TEST_LOG_LEVEL,
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: options.namespace,
      REDIS_URL: testInfra.redisUrl,
      SMTP_URL: testInfra.smtpUrl,
      APP_URL: options.appUrl,
      EMAIL_QUEUE: uniqueName('identity.notification.email'),
      // Nothing here asks for an invoice or checks a token: addresses that answer nothing.
      BILLING_URL: 'http://127.0.0.1:9',
      JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`notification exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`notification was not ready within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await database.drop();
    },
  };
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
