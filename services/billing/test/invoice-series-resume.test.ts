import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  connectServiceDeps,
  createLogger,
  createTokenVerifier,
  OutboxRelay,
  revocationCheck,
} from '@spa/kit';
import { outboxSent, testJwks, uniqueName } from '@spa/kit/testing';
import { events } from '@spa/proto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContext, buildApp, closeBillingContext } from '../src/app.js';
import type { BillingContext } from '../src/use-cases/context.js';
import { findBill, raiseInvoiceCounters } from '../src/db/bills.repository.js';
import type { Bill } from '../src/domain/bill.js';
import { billEventPayload, billingTopics } from '../src/events/publishes.js';
import { recoverBills } from '../src/use-cases/recover-bills.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

let world: BillingWorld;
let relay: OutboxRelay;
beforeAll(async () => {
  // A namespace of its own: the bill topic read back holds this file's bills only.
  world = await startBillingWorld('resume', { env: { KAFKA_NAMESPACE: uniqueName('bl-resume') } });
  await world.deps.bus.ensureTopics(billingTopics);
  relay = new OutboxRelay({
    pool: world.deps.database.pool,
    bus: world.deps.bus,
    logger: world.deps.logger,
    pollIntervalMs: 50,
  });
  relay.start();
});
afterAll(async () => {
  await relay?.stop({ flush: false });
  await world?.close();
});

async function issue(date: string) {
  const response = await world.call({ method: 'POST', url: '/bills', payload: billForm({ date }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; invoiceNumber: string };
}

const sql = (text: string, values: unknown[] = []) => world.deps.database.pool.query(text, values);

/** Billing started again on the same database, as a process does: its context first, then its app. */
async function restartBilling(
  config = world.deps.config,
): Promise<{ context: BillingContext; app: FastifyInstance; close(): Promise<void> }> {
  const logger = createLogger('billing-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const base = await connectServiceDeps(config, logger, migrationsFolder);
  const context = await billingContext({
    ...base,
    config,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(base.redis) }),
  });
  const app = await buildApp(context);
  return {
    context,
    app,
    async close() {
      await app.close();
      await closeBillingContext(context);
      await base.bus.close();
      base.redis.disconnect();
      await base.database.close();
    },
  };
}

describe('the invoice series after billing’s database is restored alone', () => {
  it('resumes after the highest number ever issued, learnt from billing’s own events on Kafka', async () => {
    // Before the backup: one bill of 2025-26, two of 2026-27.
    const before = [await issue('2026-01-10'), await issue('2026-11-21'), await issue('2026-11-21')];
    expect(before.map((bill) => bill.invoiceNumber)).toEqual([
      'INV/25-26/000001',
      'INV/26-27/000001',
      'INV/26-27/000002',
    ]);
    // After the backup: two more of 2026-27, a back-dated one of 2025-26, and an edit of the newest.
    const after = [await issue('2026-11-22'), await issue('2026-11-22'), await issue('2026-02-01')];
    const edited = await world.call({
      method: 'PUT',
      url: `/bills/${after[1]!._id}`,
      payload: billForm({ date: '2026-11-22', paymentMethod: 'Card' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const issuedBefore = [...before, ...after].map((bill) => bill.invoiceNumber);
    // Published as normal: the relay has sent every event to Kafka.
    await outboxSent(world.deps.database.pool);

    // What a restore of the backup does to the database: the later bills, their events and their
    // numbers are forgotten.
    const laterIds = after.map((bill) => bill._id);
    await sql('delete from outbox where key = any($1::text[])', [laterIds]);
    await sql('delete from bills where id = any($1::uuid[])', [laterIds]);
    await sql(`update invoice_counters set last_sequence = 1 where financial_year = '2025-26'`);
    await sql(`update invoice_counters set last_sequence = 2 where financial_year = '2026-27'`);
    await relay.stop({ flush: false });

    const restarted = await restartBilling();
    try {
      const issue2026 = await restarted.app.inject({
        method: 'POST',
        url: '/bills',
        headers: { authorization: `Bearer ${world.tokens.admin}` },
        payload: billForm({ date: '2026-11-23' }),
      });
      const issue2025 = await restarted.app.inject({
        method: 'POST',
        url: '/bills',
        headers: { authorization: `Bearer ${world.tokens.admin}` },
        payload: billForm({ date: '2026-03-02' }),
      });
      expect(issue2026.statusCode, issue2026.body).toBe(201);
      expect(issue2025.statusCode, issue2025.body).toBe(201);
      const next2026 = (issue2026.json() as { invoiceNumber: string }).invoiceNumber;
      const next2025 = (issue2025.json() as { invoiceNumber: string }).invoiceNumber;
      // Right after the highest ever issued (gapless with the bills the restore forgot), never repeated.
      expect(next2026).toBe('INV/26-27/000005');
      expect(next2025).toBe('INV/25-26/000003');
      expect(issuedBefore).not.toContain(next2026);
      expect(issuedBefore).not.toContain(next2025);
    } finally {
      await restarted.close();
    }

    // A plain restart reads only the events since the newest bill (less the clock-skew margin) and
    // changes nothing when the counters are already past every number.
    const again = await recoverBills(world.deps);
    expect(again.raised).toEqual([]);
    expect(again.messages).toBeLessThan(50);
  });

  it('never lets a counter fall behind the database’s own bills', async () => {
    await sql(`update invoice_counters set last_sequence = 1 where financial_year = '2026-27'`);
    const raised = await raiseInvoiceCounters(world.deps.db, new Map([['2024-25', 7]]));
    expect(raised).toEqual(
      expect.arrayContaining([
        { financialYear: '2026-27', lastSequence: 5 },
        { financialYear: '2024-25', lastSequence: 7 },
      ]),
    );
    const { rows } = await sql('select financial_year, last_sequence from invoice_counters order by 1');
    expect(rows).toEqual([
      { financial_year: '2024-25', last_sequence: 7 },
      { financial_year: '2025-26', last_sequence: 3 },
      { financial_year: '2026-27', last_sequence: 5 },
    ]);
  });

  it('counts a number issued while the year was written long, and takes its bill back under it', async () => {
    const model = (await findBill(world.deps.db, (await issue('2026-11-25'))._id))!;
    expect(model.invoiceNumber).toBe('INV/26-27/000006');
    // A bill numbered with the year written long (INV/2026-27/…, 18 characters), as numbers issued
    // earlier stay, known only to Kafka: the highest number of its year.
    const older: Bill = {
      ...model,
      id: randomUUID(),
      invoiceNumber: 'INV/2026-27/000009',
      services: model.services.map((line) => ({ ...line, id: randomUUID() })),
      products: model.products.map((line) => ({ ...line, id: randomUUID() })),
    };
    await world.deps.db.transaction((tx) =>
      world.deps.publish(tx, events.billIssued, older.id, {
        bill: billEventPayload(older),
        issuedById: older.createdBy.id,
      }),
    );
    // The first test stopped this file's relay: a new one sends what the outbox holds.
    const sender = new OutboxRelay({
      pool: world.deps.database.pool,
      bus: world.deps.bus,
      logger: world.deps.logger,
      pollIntervalMs: 50,
    });
    sender.start();
    try {
      await outboxSent(world.deps.database.pool);
    } finally {
      await sender.stop({ flush: false });
    }

    const recovered = await recoverBills(world.deps);
    expect(recovered.raised).toContainEqual({ financialYear: '2026-27', lastSequence: 9 });
    expect(recovered.inserted).toBe(1);
    const { rows } = await sql(
      'select invoice_number, financial_year, invoice_sequence from bills where id = $1',
      [older.id],
    );
    expect(rows).toEqual([
      { invoice_number: 'INV/2026-27/000009', financial_year: '2026-27', invoice_sequence: 9 },
    ]);
    expect((await issue('2026-11-25')).invoiceNumber).toBe('INV/26-27/000010');
  });

  it('refuses new bills while Kafka cannot be read at start, and serves everything else', async () => {
    const restarted = await restartBilling({ ...world.deps.config, kafkaBrokers: ['127.0.0.1:1'] });
    try {
      const auth = { authorization: `Bearer ${world.tokens.admin}` };
      expect(restarted.context.invoiceSeries?.confirmed()).toBe(false);
      const refused = await restarted.app.inject({
        method: 'POST',
        url: '/bills',
        headers: auth,
        payload: billForm({ date: '2026-11-24' }),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'INVOICE_NUMBERING_UNCONFIRMED' });
      expect((await restarted.app.inject({ method: 'GET', url: '/bills', headers: auth })).statusCode).toBe(
        200,
      );
    } finally {
      await restarted.close();
    }
  });
});
