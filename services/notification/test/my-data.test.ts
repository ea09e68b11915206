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
});
