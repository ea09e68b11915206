import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { create, toJson } from '@bufbuild/protobuf';
import {
  connectBus,
  connectDatabase,
  connectServiceDeps,
  createLogger,
  createPublisher,
  emailHash,
  EventConsumer,
  migrateDatabase,
  on,
  OutboxRelay,
  type Bus,
} from '@spa/kit';
import { createTestDatabase, eventually, testInfra, testServiceKeyEnv, uniqueName } from '@spa/kit/testing';
import { commerceV1, events } from '@spa/proto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { emailTemplates } from '../src/domain/templates/index.js';
import { startReadModelConsumer } from '../src/events/consumers.js';
import { userErased } from '../src/events/handlers/user-erased.handler.js';
import { createMailer } from '../src/integrations/mailer.js';
import type { EmailJobData } from '../src/use-cases/email-jobs.js';
import { emailJobProcessor } from '../src/worker.js';
import { emailsTo, uniqueAddress } from './support/inbox.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
const logger = createLogger('notification-test', process.env.TEST_LOG_LEVEL ?? 'silent');
// Its own namespace: the real topic names, and the service's real group names, met by nobody else.
const namespace = uniqueName('erasure');

type Deps = Awaited<ReturnType<typeof connectServiceDeps>>;

/**
 * Notification as main.ts runs it, on the database at `url`: the service's own group (here only its
 * identity.user.erased handler, the one that matters) and the read-model group of this database.
 */
async function startNotification(url: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    ...testServiceKeyEnv('notification'),
    DATABASE_URL: url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    REDIS_URL: testInfra.redisUrl,
    SMTP_URL: testInfra.smtpUrl,
  });
  const deps = await connectServiceDeps(config, logger, migrationsFolder);
  const consumer = new EventConsumer({
    name: config.serviceName,
    db: deps.db,
    bus: deps.bus,
    logger,
    subscriptions: [on(events.userErased, userErased)],
  });
  await consumer.start();
  const stopReadModels = await startReadModelConsumer(deps);
  return {
    deps,
    async stop() {
      await stopReadModels();
      await consumer.stop();
      await deps.bus.close();
      deps.redis.disconnect();
      await deps.database.close();
    },
  };
}

async function suppressionList(deps: Deps) {
  const { rows } = await deps.database.pool.query<{ email_hash: string; erased_at: Date }>(
    'select email_hash, erased_at from erased_recipients order by email_hash',
  );
  return rows;
}

let identityDb: Awaited<ReturnType<typeof createTestDatabase>>;
let identity: ReturnType<typeof connectDatabase>;
let identityBus: Bus;
let relay: OutboxRelay;

beforeAll(async () => {
  // "identity": a throwaway database whose outbox a real relay sends to Kafka.
  identityDb = await createTestDatabase('notification_erasure_identity');
  identity = connectDatabase(identityDb.url);
  await migrateDatabase(identity.db);
  identityBus = connectBus({ brokers: testInfra.kafkaBrokers, clientId: 'identity-test', namespace, logger });
  // What identity's start does (its topics, with their cleanup policy).
  await identityBus.ensureTopics([
    { topic: events.userErased.topic, compacted: events.userErased.compacted },
    { topic: events.recipientErased.topic, compacted: events.recipientErased.compacted },
  ]);
  relay = new OutboxRelay({ pool: identity.pool, bus: identityBus, logger, pollIntervalMs: 50 });
  relay.start();
});
afterAll(async () => {
  await relay?.stop({ flush: false });
  await identityBus?.close();
  await identity?.close();
  await identityDb?.drop();
});

/** What identity does when an account is erased (use-cases/erasure.ts): both events, one transaction. */
async function eraseAccount(address: string) {
  const publish = createPublisher('identity');
  const userId = randomUUID();
  const hash = emailHash(address);
  await identity.db.transaction(async (tx) => {
    await publish(tx, events.userErased, userId, { userId, email: address, phone: '', reason: 'self' });
    await publish(tx, events.recipientErased, hash, { emailSha256: hash });
  });
}

function orderPlacedJob(address: string, occurredAt: Date): Job<EmailJobData> {
  return {
    name: 'email',
    attemptsMade: 0,
    data: {
      eventId: randomUUID(),
      eventType: 'commerce.order.placed',
      occurredAt: occurredAt.toISOString(),
      payload: toJson(
        commerceV1.OrderPlacedSchema,
        create(commerceV1.OrderPlacedSchema, {
          order: {
            orderId: randomUUID(),
            customerEmail: address,
            customerName: 'Leaving Customer',
            paymentMethod: 'COD',
            status: 'placed',
            totalPricePaise: 99_900n,
          },
        }),
      ),
    },
  } as unknown as Job<EmailJobData>;
}

describe('the suppression list of erased addresses', () => {
  it('is rebuilt from identity.erased-recipient.v1 on a wiped database, and the erased address gets no email', async () => {
    // One record per address stays on the topic for good: log compaction, not retention.
    expect(await identityBus.cleanupPolicies([events.recipientErased.topic])).toEqual({
      [events.recipientErased.topic]: 'compact',
    });
    const address = uniqueAddress('erased');
    const hash = emailHash(address);
    const firstDb = await createTestDatabase('notification_erasure');
    const first = await startNotification(firstDb.url);
    const placedBefore = new Date(Date.now() - 2_000);
    let known: Awaited<ReturnType<typeof suppressionList>>;
    try {
      await eraseAccount(address);
      known = await eventually(
        async () => {
          const rows = await suppressionList(first.deps);
          expect(rows.map((row) => row.email_hash)).toEqual([hash]);
          return rows;
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
    } finally {
      await first.stop();
      // The wipe: the database is gone, the Kafka groups' committed offsets are not.
      await firstDb.drop();
    }

    const freshDb = await createTestDatabase('notification_erasure_wiped');
    const again = await startNotification(freshDb.url);
    const mailer = createMailer({ smtpUrl: testInfra.smtpUrl, from: 'Aranya Spa <hello@aranya.test>' });
    try {
      // The service's own group has consumed identity.user.erased already; the new generation's
      // read-model group reads the compacted topic from the beginning and knows the address again,
      // erased at the same moment.
      await eventually(async () => expect(await suppressionList(again.deps)).toEqual(known), {
        timeoutMs: 30_000,
        intervalMs: 200,
      });
      const process = emailJobProcessor({
        db: again.deps.db,
        logger,
        mailer,
        templates: emailTemplates,
        appUrl: 'http://127.0.0.1:18080',
        billingUrl: 'http://127.0.0.1:9',
        mailFrom: 'Aranya Spa <hello@aranya.test>',
      });
      // An order placed before the erasure, its confirmation still in the queue: not sent.
      expect(await process(orderPlacedJob(address, placedBefore))).toBe('skipped-erased');
      expect(await emailsTo(address)).toEqual([]);
    } finally {
      mailer.close();
      await again.stop();
      await freshDb.drop();
    }
  });
});
