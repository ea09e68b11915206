import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { create } from '@bufbuild/protobuf';
import { connectServiceDeps, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { createTestDatabase, signTestToken, testInfra, testJwks } from '@spa/kit/testing';
import { identityV1 } from '@spa/proto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { userErased } from '../src/events/handlers/user-erased.handler.js';
import { toJson } from '@bufbuild/protobuf';
import { commerceV1 } from '@spa/proto';
import type { Job } from 'bullmq';
import { emailTemplates } from '../src/domain/templates/index.js';
import type { EmailJobData } from '../src/use-cases/email-jobs.js';
import { createMailer } from '../src/integrations/mailer.js';
import { emailJobProcessor } from '../src/worker.js';
import { emailsTo } from './support/inbox.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: Awaited<ReturnType<typeof connectServiceDeps>>;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase('notification_my_data');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    SMTP_URL: testInfra.smtpUrl,
  });
  const logger = createLogger('notification-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  deps = await connectServiceDeps(config, logger, migrationsFolder);
  app = await buildApp({
    ...deps,
    config,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(deps.redis) }),
  });
});
afterAll(async () => {
  await app?.close();
  await deps?.bus.close();
  deps?.redis.disconnect();
  await deps?.database.close();
  await database?.drop();
});

async function sent(recipient: string, subject: string) {
  await deps.database.pool.query(
    `insert into sent_emails (event_id, purpose, event_type, recipient, subject) values ($1, 'email', 'booking.appointment.booked', $2, $3)`,
    [randomUUID(), recipient, subject],
  );
}

const exportAs = async (token?: string) =>
  app.inject({
    method: 'GET',
    url: '/notifications/me/export',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('a customer’s sent emails', () => {
  it('exports the emails sent to a verified address only, and erases the address on identity.user.erased', async () => {
    await sent('neha@notify.test', 'Your appointment, Neha');
    await sent('Neha@Notify.test', 'Your receipt');
    await sent('arjun@notify.test', 'Your appointment, Arjun');
    const neha = await signTestToken({ email: 'neha@notify.test', emailVerified: true });

    const exported = await exportAs(neha);
    expect(exported.statusCode).toBe(200);
    expect(
      exported
        .json()
        .emails.map((email: { subject: string }) => email.subject)
        .sort(),
    ).toEqual(['Your appointment, Neha', 'Your receipt']);
    const unverified = await signTestToken({ email: 'neha@notify.test', emailVerified: false });
    expect((await exportAs(unverified)).json()).toEqual({ emails: [] });
    expect((await exportAs()).statusCode).toBe(401);

    const payload = create(identityV1.UserErasedSchema, { userId: randomUUID(), email: 'NEHA@notify.test' });
    const meta = {
      id: randomUUID(),
      type: 'identity.user.erased',
      aggregateId: payload.userId,
      occurredAt: new Date(),
      producer: 'identity',
      topic: 'identity.user-erasure.v1',
      partition: 0,
      offset: '0',
    };
    for (let run = 0; run < 2; run++) await deps.db.transaction((tx) => userErased(tx, payload, meta));

    // What notification's database keeps: that two emails were sent (the send-once record), to no one named.
    const { rows } = await deps.database.pool.query(
      'select recipient, subject from sent_emails order by recipient, subject',
    );
    expect(rows).toEqual([
      { recipient: '', subject: '(erased)' },
      { recipient: '', subject: '(erased)' },
      { recipient: 'arjun@notify.test', subject: 'Your appointment, Arjun' },
    ]);
    expect((await exportAs(neha)).json()).toEqual({ emails: [] });
  });

  it('sends nothing after an erasure about what happened before it, and writes to a new account at the address', async () => {
    const address = `leaving.${randomUUID().slice(0, 8)}@notify.test`;
    const erasedAt = new Date();
    const payload = create(identityV1.UserErasedSchema, { userId: randomUUID(), email: address });
    await deps.db.transaction((tx) =>
      userErased(tx, payload, {
        id: randomUUID(),
        type: 'identity.user.erased',
        aggregateId: payload.userId,
        occurredAt: erasedAt,
        producer: 'identity',
        topic: 'identity.user-erasure.v1',
        partition: 0,
        offset: '0',
      }),
    );
    const mailer = createMailer({ smtpUrl: testInfra.smtpUrl, from: 'Aranya Spa <hello@aranya.test>' });
    const process = emailJobProcessor({
      db: deps.db,
      logger: createLogger('notification-test', 'silent'),
      mailer,
      templates: emailTemplates,
      appUrl: 'http://127.0.0.1:18080',
      billingUrl: 'http://127.0.0.1:9',
      mailFrom: 'Aranya Spa <hello@aranya.test>',
    });
    const orderPlaced = (occurredAt: Date) =>
      ({
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
      }) as unknown as Job<EmailJobData>;
    try {
      // Placed a moment before the account was erased, its confirmation still in the queue: not sent.
      expect(await process(orderPlaced(new Date(erasedAt.getTime() - 2_000)))).toBe('skipped-erased');
      // A new account at the same address orders later: written to as usual.
      expect(await process(orderPlaced(new Date(erasedAt.getTime() + 2_000)))).toBe('sent');
    } finally {
      mailer.close();
    }
    const { rows } = await deps.database.pool.query('select 1 from sent_emails where recipient = $1', [
      address,
    ]);
    expect(rows).toHaveLength(1);
    expect(await emailsTo(address)).toHaveLength(1);
    const { rows: kept } = await deps.database.pool.query('select email_hash from erased_recipients');
    expect(kept.map((row: { email_hash: string }) => row.email_hash)).not.toContain(address);
  });
});
