import { fromBinary } from '@bufbuild/protobuf';
import { OutboxRelay, type IncomingMessage } from '@spa/kit';
import { eventually, uniqueName } from '@spa/kit/testing';
import { billingV1, envelopeV1, events } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingTopics } from '../src/events/publishes.js';
import { billForm, startBillingWorld, type BillingWorld } from './support/billing-world.js';

let world: BillingWorld;
let relay: OutboxRelay;
beforeAll(async () => {
  // A namespace of its own: these bills must not reach the bill topic a local stack's billing reads its
  // invoice series back from at start (use-cases/invoice-series.ts).
  world = await startBillingWorld('events', { env: { KAFKA_NAMESPACE: uniqueName('bl-events') } });
  await world.deps.bus.ensureTopics(billingTopics);
  relay = new OutboxRelay({
    pool: world.deps.database.pool,
    bus: world.deps.bus,
    logger: world.deps.logger,
    pollIntervalMs: 100,
  });
  relay.start();
});
afterAll(async () => {
  await relay?.stop({ flush: false });
  await world?.close();
});

describe('bill events on the real broker', () => {
  it('publishes billing.bill.issued then billing.bill.updated, keyed by bill id, with what the invoice email needs', async () => {
    const created = (
      await world.call({ method: 'POST', url: '/bills', payload: billForm({ email: 'asha@example.com' }) })
    ).json();
    const updated = await world.call({
      method: 'PUT',
      url: `/bills/${created._id}`,
      payload: billForm({ email: 'asha@example.com', paymentMethod: 'Card' }),
    });
    expect(updated.statusCode).toBe(200);

    const received: IncomingMessage[] = [];
    const consumer = await world.deps.bus.consumer(uniqueName('billing-test-reader'));
    await consumer.run(
      [events.billIssued.topic],
      async (messages) => {
        received.push(...messages.filter((message) => message.key === created._id));
      },
      { fromBeginning: true },
    );
    try {
      await eventually(async () => expect(received).toHaveLength(2), { timeoutMs: 45_000 });
    } finally {
      await consumer.disconnect();
    }

    const envelopes = received.map((message) => fromBinary(envelopeV1.EventEnvelopeSchema, message.value!));
    expect(envelopes.map((envelope) => envelope.type)).toEqual([
      'billing.bill.issued',
      'billing.bill.updated',
    ]);
    expect(
      envelopes.every((envelope) => envelope.aggregateId === created._id && envelope.producer === 'billing'),
    ).toBe(true);
    expect(received[0]!.headers['event-type']).toBe('billing.bill.issued');

    const issued = fromBinary(billingV1.BillIssuedSchema, envelopes[0]!.payload);
    expect(issued.bill).toMatchObject({
      billId: created._id,
      invoiceNumber: created.invoiceNumber,
      email: 'asha@example.com',
      customerName: 'Asha Verma',
      paymentMethod: 'Cash',
      totalPaise: 360_096n,
      revision: 1,
      // The whole bill, lines included: what billing writes a bill back from after a restore.
      gender: 'Female',
      roomNo: '12',
      discountPercentBp: 500,
      createdAtMs: BigInt(Date.parse(created.createdAt)),
      createdById: world.staff.admin.id,
      createdByName: world.staff.admin.name,
      serviceLines: [
        expect.objectContaining({
          lineId: created.services[0]._id,
          position: 0,
          serviceName: 'Swedish Massage',
          duration: '60 Min',
          staffAssigned: 'Meera',
          pricePaise: 250_000n,
          gstBp: 500,
          discountBp: 500,
        }),
      ],
      productLines: [
        expect.objectContaining({
          lineId: created.products[0]._id,
          position: 0,
          productName: 'Lavender Essential Oil',
          quantity: 2,
          unitPricePaise: 64_999n,
        }),
      ],
    });
    const update = fromBinary(billingV1.BillUpdatedSchema, envelopes[1]!.payload);
    expect(update.changedFields).toEqual(['paymentMethod']);
    expect(update.updatedById).toBe(world.staff.admin.id);
    expect(update.bill).toMatchObject({
      invoiceNumber: created.invoiceNumber,
      paymentMethod: 'Card',
      revision: 2,
    });
  });
});
