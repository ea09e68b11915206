import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { EventConsumer, on, outbox } from '@spa/kit';
import { eventually, uniqueName } from '@spa/kit/testing';
import { envelopeV1, events, identityV1, type EventDefinition } from '@spa/proto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeRoles, serviceCategories } from '../src/db/schema.js';
import { employeeRoleDeleted } from '../src/events/handlers/employee-role-deleted.handler.js';
import { employeeRoleUpserted } from '../src/events/handlers/employee-role-upserted.handler.js';
import { catalogueTopics } from '../src/events/publishes.js';
import {
  createCategory,
  createProduct,
  createProductCategory,
  createService,
  createSubcategory,
  logger,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
beforeAll(async () => {
  world = await startCatalogue('events', {}, { booking: true });
});
afterAll(async () => world?.close());

interface OutboxEvent {
  topic: string;
  key: string;
  type: string;
  envelope: envelopeV1.EventEnvelope;
}

async function outboxSince(seq: number): Promise<Array<OutboxEvent & { seq: number }>> {
  const rows = await world.deps.db.select().from(outbox).orderBy(asc(outbox.seq));
  return rows
    .filter((row) => row.seq > seq)
    .map((row) => ({
      seq: row.seq,
      topic: row.topic,
      key: row.key,
      type: row.eventType,
      envelope: fromBinary(envelopeV1.EventEnvelopeSchema, row.payload),
    }));
}

async function lastSeq(): Promise<number> {
  const rows = await outboxSince(0);
  return rows.at(-1)?.seq ?? 0;
}

function payloadOf<S extends DescMessage>(
  event: OutboxEvent,
  definition: EventDefinition<S>,
): MessageShape<S> {
  expect(event.type).toBe(definition.type);
  expect(event.topic).toBe(definition.topic);
  return fromBinary(definition.schema, event.envelope.payload);
}

describe('catalogue events through the outbox', () => {
  it('declares one compacted topic per entity', () => {
    expect(catalogueTopics).toEqual([
      { topic: 'catalogue.service.v1', compacted: true },
      { topic: 'catalogue.category.v1', compacted: true },
      { topic: 'catalogue.room.v1', compacted: true },
      { topic: 'catalogue.product.v1', compacted: true },
      { topic: 'catalogue.review.v1', compacted: true },
    ]);
  });

  it('announces a category and its services, keyed by id, with pricing in paise and the assigned role', async () => {
    const since = await lastSeq();
    const category = await createCategory(world, 'Massage', { order: 2 });
    const service = await createService(world, category._id, 'Swedish Massage', { cleanupMinutes: 20 });
    const [categoryEvent, serviceEvent] = await outboxSince(since);
    expect(categoryEvent!.key).toBe(category._id);
    expect(payloadOf(categoryEvent!, events.categoryUpserted).category).toMatchObject({
      id: category._id,
      name: 'Massage',
      order: 2,
      isActive: true,
      assignedEmployeeRole: 'servicestaff',
    });
    expect(serviceEvent!.key).toBe(service._id);
    expect(serviceEvent!.envelope.producer).toBe('catalogue');
    const announced = payloadOf(serviceEvent!, events.serviceUpserted).service!;
    expect(announced).toMatchObject({
      id: service._id,
      name: 'Swedish Massage',
      categoryId: category._id,
      categoryName: 'Massage',
      assignedEmployeeRole: 'servicestaff',
      cleanupMinutes: 20,
      isActive: true,
    });
    expect(
      announced.pricing.map((option) => [option.durationMinutes, option.pricePaise, option.label]),
    ).toEqual([
      [60, 249900n, ''],
      [90, 349950n, 'Extended'],
    ]);

    // A category change travels into every service event too.
    const beforeRename = await lastSeq();
    await world.admin('PUT', `/admin/categories/${category._id}`, { assignedEmployeeRole: 'manager' });
    const renamed = await outboxSince(beforeRename);
    expect(renamed.map((event) => event.type)).toEqual([
      'catalogue.category.upserted',
      'catalogue.service.upserted',
    ]);
    expect(payloadOf(renamed[1]!, events.serviceUpserted).service!.assignedEmployeeRole).toBe('manager');

    const beforeDelete = await lastSeq();
    await world.admin('DELETE', `/admin/services/${service._id}`);
    await world.admin('DELETE', `/admin/categories/${category._id}`);
    const deleted = await outboxSince(beforeDelete);
    expect(payloadOf(deleted[0]!, events.serviceDeleted)).toMatchObject({ serviceId: service._id });
    expect(payloadOf(deleted[1]!, events.categoryDeleted)).toMatchObject({ categoryId: category._id });
  });

  it('announces rooms with their computed price in paise', async () => {
    const since = await lastSeq();
    const room = await world.admin('POST', '/admin/rooms', {
      roomNumber: '7',
      location: 'Garden',
      type: 'Gold',
    });
    await world.admin('DELETE', `/admin/rooms/${room._id}`);
    const [upserted, deleted] = await outboxSince(since);
    expect(payloadOf(upserted!, events.roomUpserted).room).toMatchObject({
      id: room._id,
      roomNumber: '7',
      type: 'Gold',
      capacity: 'Single Bed',
      status: 'Available',
      pricePaise: 200000n,
    });
    expect(upserted!.key).toBe(room._id);
    expect(payloadOf(deleted!, events.roomDeleted).roomId).toBe(room._id);
  });

  it('announces products with price in paise and stock, again on every stock change', async () => {
    const category = await createProductCategory(world, 'Oils');
    const blends = await createSubcategory(world, 'Blends', category._id);
    const since = await lastSeq();
    const product = await createProduct(world, category._id, {
      name: 'Sleep Blend',
      price: 799.5,
      stock: 3,
      sku: 'EO-1',
      subcategory: blends._id,
    });
    await world.request('POST', '/internal/reservations', {
      body: { orderId: `order-${randomUUID()}`, items: [{ productId: product._id, quantity: 2 }] },
    });
    const [created, reserved] = await outboxSince(since);
    expect(payloadOf(created!, events.productUpserted).product).toMatchObject({
      id: product._id,
      name: 'Sleep Blend',
      pricePaise: 79950n,
      stock: 3,
      sku: 'EO-1',
      productCategoryId: category._id,
      productCategoryName: 'Oils',
      subcategoryId: blends._id,
      subcategoryName: 'Blends',
    });
    expect(payloadOf(reserved!, events.productUpserted).product!.stock).toBe(1);
    const beforeDelete = await lastSeq();
    await world.admin('DELETE', `/products/${product._id}`);
    expect(payloadOf((await outboxSince(beforeDelete))[0]!, events.productDeleted).productId).toBe(
      product._id,
    );
  });

  it('stamps concurrent stock changes in the order they happened, so the newest copy is the final stock', async () => {
    const category = await createProductCategory(world, `Race Oils ${Date.now()}`);
    const product = await createProduct(world, category._id, { name: `Race Oil ${Date.now()}`, stock: 12 });
    const since = await lastSeq();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        world.request('POST', '/internal/reservations', {
          body: {
            orderId: `clock-${product._id}-${index}`,
            items: [{ productId: product._id, quantity: 1 }],
          },
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const copies = (await outboxSince(since))
      .filter((event) => event.key === product._id)
      .map((event) => payloadOf(event, events.productUpserted).product!);
    expect(copies.map((copy) => copy.stock)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const stamps = copies.map((copy) => Number(copy.updatedAtMs));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    // A consumer keeping the copy with the newest stamp (ties: the later one) ends where the catalogue is.
    const newest = copies.reduce((kept, copy) => (copy.updatedAtMs >= kept.updatedAtMs ? copy : kept));
    expect(newest.stock).toBe(0);
  });

  it('writes no event when a write is refused', async () => {
    const since = await lastSeq();
    await world.request('POST', '/admin/services', {
      token: world.tokens.admin,
      body: { name: 'No category' },
    });
    await world.request('POST', '/admin/rooms', { token: world.tokens.admin, body: { roomNumber: '1' } });
    expect(await outboxSince(since)).toEqual([]);
  });
});

describe("mirror of identity's employee roles, through Kafka", () => {
  it('keeps the roles, follows a rename into categories, and forgets a deleted role', async () => {
    const upsertTopic = uniqueName('identity.employee-role');
    const upserted = { ...events.employeeRoleUpserted, topic: upsertTopic };
    const deleted = { ...events.employeeRoleDeleted, topic: upsertTopic };
    const consumer = new EventConsumer({
      name: uniqueName('catalogue-test'),
      db: world.deps.db,
      bus: world.deps.bus,
      logger,
      subscriptions: [on(upserted, employeeRoleUpserted), on(deleted, employeeRoleDeleted)],
    });
    await world.deps.bus.ensureTopics([{ topic: upsertTopic, partitions: 1 }]);
    const producer = await world.deps.bus.producer();
    const send = async <S extends DescMessage>(
      definition: EventDefinition<S>,
      key: string,
      payload: MessageShape<S>,
    ) => {
      const id = randomUUID();
      const envelope = create(envelopeV1.EventEnvelopeSchema, {
        id,
        type: definition.type,
        occurredAt: timestampFromMs(Date.now()),
        aggregateId: key,
        producer: 'identity',
        payload: toBinary(definition.schema, payload),
      });
      await producer.send([
        {
          topic: upsertTopic,
          key,
          value: Buffer.from(toBinary(envelopeV1.EventEnvelopeSchema, envelope)),
          headers: { 'event-id': id },
        },
      ]);
    };
    const role = (name: string) =>
      create(identityV1.EmployeeRoleUpsertedSchema, {
        role: { id: 'role-therapist', name, description: '', permissions: [], isActive: true },
      });

    try {
      await consumer.start();
      await send(events.employeeRoleUpserted, 'role-therapist', role('Therapist'));
      await eventually(
        async () => {
          const roles = await world.request('GET', '/admin/categories/roles/list', {
            token: world.tokens.admin,
          });
          expect(roles.json().map((r: { name: string }) => r.name)).toEqual(['Therapist']);
        },
        { timeoutMs: 30_000 },
      );

      const category = await createCategory(world, 'Deep Work', { assignedEmployeeRole: 'therapist' });
      const service = await createService(world, category._id, 'Deep Tissue');
      const since = await lastSeq();
      await send(events.employeeRoleUpserted, 'role-therapist', role('Senior Therapist'));
      await eventually(
        async () => {
          const [row] = await world.deps.db
            .select()
            .from(serviceCategories)
            .where(eq(serviceCategories.id, category._id));
          expect(row!.assignedEmployeeRole).toBe('Senior Therapist');
        },
        { timeoutMs: 30_000 },
      );
      const announced = await outboxSince(since);
      expect(announced.map((event) => event.type)).toEqual([
        'catalogue.category.upserted',
        'catalogue.service.upserted',
      ]);
      expect(payloadOf(announced[1]!, events.serviceUpserted).service).toMatchObject({
        id: service._id,
        assignedEmployeeRole: 'Senior Therapist',
      });

      await send(
        events.employeeRoleDeleted,
        'role-therapist',
        create(identityV1.EmployeeRoleDeletedSchema, { roleId: 'role-therapist', name: 'Senior Therapist' }),
      );
      await eventually(
        async () => {
          expect(await world.deps.db.select().from(employeeRoles)).toEqual([]);
        },
        { timeoutMs: 30_000 },
      );
    } finally {
      await producer.disconnect();
      await consumer.stop();
    }
  });
});
