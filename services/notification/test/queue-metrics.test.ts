import { fileURLToPath } from 'node:url';
import { connectServiceDeps, createLogger } from '@spa/kit';
import { createTestDatabase, testInfra, testServiceKeyEnv, uniqueName } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, closeNotificationContext, notificationContext } from '../src/app.js';
import type { NotificationContext } from '../src/use-cases/context.js';
import { loadConfig } from '../src/config.js';

// The email queue's depth on notification's /metrics, where the HPA's metrics adapter reads
// it (infra/deploy). The context and app as main.ts builds them, on the real Redis; no worker runs, so
// the jobs added stay waiting (or delayed).
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: NotificationContext;
let app: FastifyInstance;
let queueName: string;

beforeAll(async () => {
  database = await createTestDatabase('notification_queue_metrics');
  queueName = uniqueName('notification.email.metrics');
  const config = loadConfig({
    NODE_ENV: 'test',
    ...testServiceKeyEnv('notification'),
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    SMTP_URL: testInfra.smtpUrl,
    APP_URL: 'http://127.0.0.1:18080',
    EMAIL_QUEUE: queueName,
  });
  const logger = createLogger('notification-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const deps = await connectServiceDeps(config, logger, migrationsFolder);
  context = notificationContext({ ...deps, config });
  app = await buildApp(context);
});

afterAll(async () => {
  await app?.close();
  if (context) {
    await context.emailQueue.obliterate({ force: true }).catch(() => undefined);
    await closeNotificationContext(context);
    await context.bus.close();
    context.redis.disconnect();
    await context.database.close();
  }
  await database?.drop();
});

/** The value of one series on /metrics, or undefined when it is not there. */
async function scraped(metric: string): Promise<number | undefined> {
  const response = await app.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  const line = response.body
    .split('\n')
    .find((candidate) => candidate.startsWith(`${metric}{queue="${queueName}"} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe("the email queue's depth on /metrics", () => {
  it('reports the jobs waiting and delayed in the queue, as they change', async () => {
    expect(await scraped('bullmq_queue_waiting_jobs')).toBe(0);

    const payload = { eventId: 'e', eventType: 't', occurredAt: new Date().toISOString(), payload: {} };
    await context.emailQueue.addBulk(
      Array.from({ length: 5 }, (_, index) => ({
        name: 'email',
        data: { ...payload, eventId: `e${index}` },
      })),
    );
    await context.emailQueue.add('email', payload, { delay: 60_000 });

    // A read is reused for a second (the three gauges of one scrape share it).
    await expect.poll(() => scraped('bullmq_queue_waiting_jobs'), { timeout: 5_000 }).toBe(5);
    expect(await scraped('bullmq_queue_delayed_jobs')).toBe(1);
    expect(await scraped('bullmq_queue_active_jobs')).toBe(0);

    await context.emailQueue.drain(true);
    await expect.poll(() => scraped('bullmq_queue_waiting_jobs'), { timeout: 5_000 }).toBe(0);
    expect(await scraped('bullmq_queue_delayed_jobs')).toBe(0);
  });

  it('stops reporting the queue once untracked (as closing the context does)', async () => {
    context.untrackEmailQueue();
    expect(await scraped('bullmq_queue_waiting_jobs')).toBeUndefined();
  });
});
