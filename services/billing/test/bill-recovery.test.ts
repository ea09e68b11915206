import { fileURLToPath } from 'node:url';
import { create } from '@bufbuild/protobuf';
import {
  connectServiceDeps,
  createLogger,
  createTokenVerifier,
  OutboxRelay,
  revocationCheck,
} from '@spa/kit';
import { outboxSent, testJwks, uniqueName } from '@spa/kit/testing';
import { identityV1 } from '@spa/proto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContext, buildApp, closeBillingContext } from '../src/app.js';
import type { BillingContext } from '../src/use-cases/context.js';
import { userErased } from '../src/events/handlers/user-erased.handler.js';
import { billingTopics } from '../src/events/publishes.js';
import { recoverBills, RESTORED_NOTE } from '../src/use-cases/recover-bills.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

let world: BillingWorld;
let relay: OutboxRelay;
beforeAll(async () => {
  // A namespace of its own: the bill topic read back holds this file's bills only.
  world = await startBillingWorld('recovery', { env: { KAFKA_NAMESPACE: uniqueName('bl-recovery') } });
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

const sql = <R extends Record<string, unknown> = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
) => world.deps.database.pool.query<R>(text, values);

interface Issued {
  _id: string;
  invoiceNumber: string;
}

async function issue(overrides: Record<string, unknown>): Promise<Issued> {
  const response = await world.call({ method: 'POST', url: '/bills', payload: billForm(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Issued;
}

async function edit(id: string, overrides: Record<string, unknown>): Promise<void> {
  const response = await world.call({ method: 'PUT', url: `/bills/${id}`, payload: billForm(overrides) });
  expect(response.statusCode, response.body).toBe(200);
}

const outboxCount = async () =>
  (await sql<{ n: number }>('select count(*)::int as n from outbox')).rows[0]!.n;
const outboxSeq = async () =>
  (await sql<{ seq: string }>('select coalesce(max(seq), 0)::text as seq from outbox')).rows[0]!.seq;

/** Everything a bill is: its row (every column) and its lines (every column), as the database has them. */
async function billsOf(ids: string[]) {
  const bills = (await sql('select * from bills where id = any($1::uuid[]) order by invoice_number', [ids]))
    .rows;
  const services = (
    await sql('select * from bill_service_lines where bill_id = any($1::uuid[]) order by bill_id, position', [
      ids,
    ])
  ).rows;
  const products = (
    await sql('select * from bill_product_lines where bill_id = any($1::uuid[]) order by bill_id, position', [
      ids,
    ])
  ).rows;
  return { bills, services, products };
}

/** A bill as a backup holds it, to put it back as it was (what restoring that backup does to it). */
async function backupOf(id: string) {
  const json = async (table: string, column: string) =>
    (
      await sql<{ rows: unknown }>(
        `select coalesce(json_agg(t), '[]'::json) as rows from ${table} t where ${column} = $1`,
        [id],
      )
    ).rows[0]!.rows;
  const saved = {
    bill: await json('bills', 'id'),
    services: await json('bill_service_lines', 'bill_id'),
    products: await json('bill_product_lines', 'bill_id'),
    history: await json('bill_history', 'bill_id'),
  };
  return async () => {
    await sql('delete from bills where id = $1', [id]);
    await sql('insert into bills select * from json_populate_recordset(null::bills, $1::json)', [
      JSON.stringify(saved.bill),
    ]);
    for (const [table, rows] of [
      ['bill_service_lines', saved.services],
      ['bill_product_lines', saved.products],
      ['bill_history', saved.history],
    ] as const) {
      await sql(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
        JSON.stringify(rows),
      ]);
    }
  };
}

const historyOf = async (id: string) =>
  (
    await sql(
      'select revision, changed_by_id, changed_by_role, changes from bill_history where bill_id = $1 order by revision',
      [id],
    )
  ).rows;

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

const SERVICES = [
  {
    serviceName: 'Deep Tissue Massage',
    duration: '45 Min',
    staffAssigned: 'Meera',
    price: 3200,
    gst: 18,
    discount: 10,
  },
  {
    serviceName: 'Foot Reflexology',
    duration: '30 Min',
    staffAssigned: '',
    price: 900.5,
    gst: 5,
    discount: 0,
  },
];
const PRODUCTS = [
  { productName: 'Lavender Essential Oil', quantity: 2, unitPrice: 649.99, gst: 5, discount: 5 },
  { productName: 'Bath Salts', quantity: 3, unitPrice: 120, gst: 12, discount: 0 },
];

describe('the bills after billing’s database is restored alone', () => {
  it('come back from billing’s own events, exactly at their newest revision, without publishing again', async () => {
    // Before the backup: one bill.
    const edited = await issue({ date: '2026-11-21' });
    const backup = { outboxSeq: await outboxSeq(), putBack: await backupOf(edited._id) };
    // After it: that bill edited (another payment method, a line more), two bills issued, one of them
    // edited twice (new lines, a discount, an email and a gender of none).
    await edit(edited._id, {
      date: '2026-11-21',
      paymentMethod: 'UPI',
      products: [...(billForm().products as object[]), PRODUCTS[1]],
    });
    const issued = await issue({
      name: 'Kabir Rao',
      phone: '+91 90000 55555',
      email: 'kabir@billing.test',
      customerId: 'CUST-0077',
      gender: 'Male',
      date: '2026-11-22',
      roomNo: 'D-4',
      services: SERVICES,
      products: PRODUCTS,
      discountPercent: 7.5,
      paymentMethod: 'Card',
      advanceAmount: 500,
    });
    const twice = await issue({ date: '2026-11-22', services: [SERVICES[0]], products: [] });
    await edit(twice._id, { date: '2026-11-22', services: SERVICES, products: [PRODUCTS[0]] });
    await edit(twice._id, {
      date: '2026-11-23',
      email: 'asha@billing.test',
      gender: null,
      services: [SERVICES[1], SERVICES[0]],
      products: PRODUCTS,
      discountPercent: 0,
      advanceAmount: 150.25,
    });
    const ids = [edited._id, issued._id, twice._id];
    // Published as normal: the relay has sent every event to Kafka.
    await outboxSent(world.deps.database.pool);
    const expected = await billsOf(ids);
    expect(expected.bills.map((bill) => [bill.invoice_number, bill.revision])).toEqual([
      ['INV/26-27/000001', 2],
      ['INV/26-27/000002', 1],
      ['INV/26-27/000003', 3],
    ]);
    expect(expected.services).toHaveLength(1 + 2 + 2);
    expect(expected.products).toHaveLength(2 + 2 + 2);

    // What a restore of the backup does to the database: the later bills, their history and events are
    // forgotten, the edited one is back at its first revision, the counter where it was.
    await sql('delete from outbox where seq > $1', [backup.outboxSeq]);
    await sql('delete from bills where id = any($1::uuid[])', [[issued._id, twice._id]]);
    await backup.putBack();
    await sql(`update invoice_counters set last_sequence = 1 where financial_year = '2026-27'`);
    expect((await billsOf(ids)).bills.map((bill) => bill.revision)).toEqual([1]);
    const outboxBefore = await outboxCount();

    const restarted = await restartBilling();
    try {
      expect(restarted.context.invoiceSeries?.confirmed()).toBe(true);
      // Back as they were: every column of every bill and of every line.
      expect(await billsOf(ids)).toEqual(expected);
      // One history entry each, by the system, saying so (an edit's own entries are not on any event).
      const restored = (from: number | null, to: number) => ({
        revision: to,
        changed_by_id: 'system',
        changed_by_role: 'system',
        changes: [{ field: 'restored', from, to, note: RESTORED_NOTE }],
      });
      expect(await historyOf(edited._id)).toEqual([restored(1, 2)]);
      expect(await historyOf(issued._id)).toEqual([restored(null, 1)]);
      expect(await historyOf(twice._id)).toEqual([restored(null, 3)]);
      // Nothing published again (the events are on the bus already), so nobody is emailed either.
      expect(await outboxCount()).toBe(outboxBefore);
      // No PDF was rendered at start; a download renders one of the bill as restored.
      expect((await sql('select count(*)::int as n from invoice_pdfs')).rows[0]!.n).toBe(0);
      const auth = { authorization: `Bearer ${world.tokens.admin}` };
      const pdf = await restarted.app.inject({
        method: 'GET',
        url: `/bills/${twice._id}/download`,
        headers: auth,
      });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The API shows the bill as it was, with its lines.
      const shown = await restarted.app.inject({ method: 'GET', url: `/bills/${issued._id}`, headers: auth });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({
        name: 'Kabir Rao',
        email: 'kabir@billing.test',
        gender: 'Male',
        roomNo: 'D-4',
        discountPercent: 7.5,
        paymentMethod: 'Card',
        advanceAmount: 500,
        services: SERVICES.map((line) => expect.objectContaining(line)),
        products: PRODUCTS.map((line) => expect.objectContaining(line)),
      });
      // The next bill gets the next number: after the highest ever issued, never a repeat.
      const next = await restarted.app.inject({
        method: 'POST',
        url: '/bills',
        headers: auth,
        payload: billForm({ date: '2026-11-24' }),
      });
      expect(next.statusCode, next.body).toBe(201);
      expect((next.json() as Issued).invoiceNumber).toBe('INV/26-27/000004');
    } finally {
      await restarted.close();
    }

    // A plain restart reads only the events since the newest change and writes nothing.
    await outboxSent(world.deps.database.pool);
    const again = await recoverBills(world.deps);
    expect(again).toMatchObject({ raised: [], inserted: 0, updated: 0, skipped: 0 });
    expect(again.messages).toBeLessThan(10);
  });

  it('never brings back what an erasure after the backup removed', async () => {
    const contact = { phone: '+91 90000 66666', email: 'neha@billing.test' };
    // Before the backup: one bill of the customer. After it: another, then the customer is erased.
    const kept = await issue({ name: 'Neha Kapoor', ...contact, date: '2026-11-25' });
    const backup = { outboxSeq: await outboxSeq(), putBack: await backupOf(kept._id) };
    const later = await issue({ name: 'Neha Kapoor', ...contact, date: '2026-11-25' });
    const payload = create(identityV1.UserErasedSchema, {
      userId: 'c0000000-0000-4000-8000-000000000042',
      email: contact.email,
      phone: contact.phone,
      reason: 'self',
    });
    const meta = {
      id: 'd0000000-0000-4000-8000-000000000042',
      type: 'identity.user.erased',
      aggregateId: payload.userId,
      occurredAt: new Date(),
      producer: 'identity',
      topic: 'identity.user-erasure.v1',
      partition: 0,
      offset: '0',
    };
    const handle = userErased(world.deps);
    await world.deps.db.transaction((tx) => handle(tx, payload, meta));
    await outboxSent(world.deps.database.pool);
    const ids = [kept._id, later._id];
    const expected = await billsOf(ids);
    expect(expected.bills.map((bill) => [bill.name, bill.phone, bill.email, bill.revision])).toEqual([
      ['Neha Kapoor', '', null, 2],
      ['Neha Kapoor', '', null, 2],
    ]);

    // The restore: the later bill forgotten, the kept one back with the phone and email, the erasure
    // forgotten (billing's consumer group is past it: it is not handed to billing again).
    await sql('delete from outbox where seq > $1', [backup.outboxSeq]);
    await sql('delete from bills where id = $1', [later._id]);
    await backup.putBack();
    expect((await billsOf([kept._id])).bills[0]).toMatchObject({
      phone: contact.phone,
      email: contact.email,
    });

    const recovered = await recoverBills(world.deps);
    expect(recovered).toMatchObject({ inserted: 1, updated: 1, skipped: 0 });
    // Both as the erasure left them: the erased bill is the newest event of each.
    expect(await billsOf(ids)).toEqual(expected);
    const phones = await sql(`select count(*)::int as n from bills where phone = $1 or email = $2`, [
      contact.phone,
      contact.email,
    ]);
    expect(phones.rows[0]!.n).toBe(0);
  });
});
