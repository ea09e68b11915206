/**
 * The cross-service erasure: a customer deletes their account in identity, identity's outbox relay puts
 * identity.user.erased on Kafka, and catalogue's, billing's and notification's real handlers, each in
 * its own consumer group with its own database and inbox, erase what they hold. Then, database by
 * database, what remains. (Booking's and commerce's handlers are proven the same way in their own
 * suites: booking through Kafka, commerce with a real catalogue for the stock release.)
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  connectDatabase,
  EventConsumer,
  migrateDatabase,
  OutboxRelay,
  type DatabaseHandle,
  type Subscription,
} from '@spa/kit';
import { createTestDatabase, eventually, uniqueName } from '@spa/kit/testing';
import { events } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// A test wiring three services' real handlers together (as their main.ts files do, each against its
// own database); production code never imports another service.
/* eslint-disable no-restricted-imports */
import { subscriptions as billingSubscriptions } from '../../billing/src/events/subscriptions.js';
import { subscriptions as catalogueSubscriptions } from '../../catalogue/src/events/subscriptions.js';
import { userErased as notificationUserErased } from '../../notification/src/events/handlers/user-erased.handler.js';
import {
  createIdentityWorld,
  logger,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

const folder = (service: string) => fileURLToPath(new URL(`../../${service}/drizzle`, import.meta.url));

interface Downstream {
  name: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
  consumer: EventConsumer;
}

let world: IdentityWorld;
let relay: OutboxRelay;
const downstream: Downstream[] = [];

async function startDownstream(name: string, subscriptions: Subscription[]): Promise<Downstream> {
  const database = await createTestDatabase(`identity_erasure_${name}`);
  const handle = connectDatabase(database.url);
  await migrateDatabase(handle.db, folder(name));
  const consumer = new EventConsumer({
    name: uniqueName(name),
    db: handle.db,
    bus: world.deps.bus,
    logger,
    subscriptions: subscriptions.filter((subscription) => subscription.event.type === events.userErased.type),
  });
  await consumer.start();
  const started = { name, handle, consumer, drop: () => database.drop() };
  downstream.push(started);
  return started;
}

const db = (name: string) => downstream.find((service) => service.name === name)!.handle.pool;

beforeAll(async () => {
  world = await createIdentityWorld('erasure_across', { env: { KAFKA_NAMESPACE: uniqueName('erasure') } });
  await world.deps.bus.ensureTopics([{ topic: events.userErased.topic }]);
  relay = new OutboxRelay({
    pool: world.deps.database.pool,
    bus: world.deps.bus,
    logger,
    pollIntervalMs: 20,
  });
  relay.start();
  await startDownstream('catalogue', catalogueSubscriptions);
  await startDownstream('billing', billingSubscriptions);
  await startDownstream('notification', [
    { event: events.userErased, handle: notificationUserErased as never },
  ]);
});

afterAll(async () => {
  for (const service of downstream) {
    await service.consumer.stop();
    await service.handle.close();
    await service.drop();
  }
  await relay?.stop({ flush: false });
  await world?.close();
});

describe('deleting an account erases the customer everywhere', () => {
  it('leaves, database by database, only what the law requires', async () => {
    const email = uniqueEmail('erased');
    const phone = '9812345678';
    const { token, user } = await world.register({ email, phone });
    const userId = String(user.id);
    // What the customer left in each service before leaving.
    const serviceId = randomUUID();
    const categoryId = randomUUID();
    await db('catalogue').query(
      `insert into service_categories (id, name, assigned_employee_role) values ($1, 'Massage', 'servicestaff')`,
      [categoryId],
    );
    await db('catalogue').query(
      `insert into services (id, name, category_id) values ($1, 'Swedish Massage', $2)`,
      [serviceId, categoryId],
    );
    await db('catalogue').query(`insert into favorites (user_id, service_id) values ($1, $2)`, [
      userId,
      serviceId,
    ]);
    const billId = randomUUID();
    await db('billing').query(
      `insert into bills (id, invoice_number, financial_year, invoice_sequence, name, phone, email, customer_id,
         bill_date, room_no, discount_percent_bp, payment_method, advance_paise, sub_total_paise, discount_paise,
         total_paise, revision, created_at, updated_at, created_by_id, created_by_name)
       values ($1, 'INV-2026-27-000001', '2026-27', 1, 'Asha Rao', '+91 98123 45678', $2, 'CUST-1', '2026-11-20',
         '12', 0, 'Cash', 0, 100000, 0, 100000, 1, now(), now(), 'staff', 'Riya')`,
      [billId, email.toUpperCase()],
    );
    await db('notification').query(
      `insert into sent_emails (event_id, purpose, event_type, recipient, subject)
       values ($1, 'email', 'identity.email-verification.requested', $2, 'Verify your email, Asha')`,
      [randomUUID(), email],
    );

    const response = await world.call({
      method: 'DELETE',
      url: '/auth/me',
      token,
      payload: { password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);

    // identity: no user, only the fact of the erasure.
    expect(
      (await world.deps.database.pool.query('select 1 from users where id = $1', [userId])).rows,
    ).toEqual([]);
    expect(
      (await world.deps.database.pool.query('select reason from user_erasures where user_id = $1', [userId]))
        .rows,
    ).toEqual([{ reason: 'self' }]);
    await eventually(
      async () => {
        // catalogue: nothing.
        expect(
          (await db('catalogue').query('select 1 from favorites where user_id = $1', [userId])).rows,
        ).toEqual([]);
        // billing: the GST invoice, with the name only.
        expect(
          (await db('billing').query('select name, phone, email from bills where id = $1', [billId])).rows,
        ).toEqual([{ name: 'Asha Rao', phone: '', email: null }]);
        // notification: that an email was sent, to no one named.
        expect((await db('notification').query('select recipient, subject from sent_emails')).rows).toEqual([
          { recipient: '', subject: '(erased)' },
        ]);
      },
      { timeoutMs: 45_000 },
    );
    // Each handled it once, through its inbox.
    for (const name of ['catalogue', 'billing', 'notification'])
      expect((await db(name).query('select count(*)::int as n from inbox')).rows).toEqual([{ n: 1 }]);
  });
});
