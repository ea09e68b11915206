import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { create, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import {
  connectBus,
  connectDatabase,
  EventConsumer,
  inbox,
  migrateDatabase,
  type Bus,
  type BusProducer,
} from '@spa/kit';
import { createTestDatabase, eventually, testInfra, uniqueName } from '@spa/kit/testing';
import { bookingV1, commerceV1, envelopeV1, events, identityV1, type EventDefinition } from '@spa/proto';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeRoles, erasedUsers, reviewEligibility } from '../src/db/schema.js';
import { startReadModelConsumer } from '../src/events/consumers.js';
import { subscriptions } from '../src/events/subscriptions.js';
import { logger } from './support/catalogue-world.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
// Its own namespace: the real topic names, and the service's real group names, met by nobody else.
const namespace = uniqueName('catalogue-readmodels');

/**
 * Catalogue's consumers as main.ts runs them, on the database at `url`: the service's own group (its
 * identity.user.erased handler) and the read-model group of this database.
 */
async function startCatalogueConsumers(url: string) {
  const database = connectDatabase(url);
  await migrateDatabase(database.db, migrationsFolder);
  const bus = connectBus({ brokers: testInfra.kafkaBrokers, clientId: 'catalogue', namespace, logger });
  const own = new EventConsumer({ name: 'catalogue', db: database.db, bus, logger, subscriptions });
  await own.start();
  const stopReadModels = await startReadModelConsumer({ db: database.db, bus, logger });
  return {
    db: database.db,
    async stop() {
      await stopReadModels();
      await own.stop();
      await bus.close();
      await database.close();
    },
  };
}

type Catalogue = Awaited<ReturnType<typeof startCatalogueConsumers>>;

let others: Bus;
let producer: BusProducer;
beforeAll(async () => {
  // Identity, booking and commerce: their topics as their starts create them, and their relays' sends.
  others = connectBus({ brokers: testInfra.kafkaBrokers, clientId: 'others-test', namespace, logger });
  await others.ensureTopics(
    [
      events.employeeRoleUpserted,
      events.userDeleted,
      events.userErased,
      events.appointmentCompleted,
      events.orderDelivered,
    ].map(({ topic, compacted }) => ({ topic, compacted })),
  );
  producer = await others.producer();
});
afterAll(async () => {
  await producer?.disconnect();
  await others?.close();
});

/** What a relay puts on Kafka: the envelope with the payload, keyed by the aggregate. Answers the event id. */
async function send<S extends DescMessage>(
  definition: EventDefinition<S>,
  key: string,
  payload: MessageShape<S>,
  occurredAtMs: number,
): Promise<string> {
  const id = randomUUID();
  const envelope = create(envelopeV1.EventEnvelopeSchema, {
    id,
    type: definition.type,
    occurredAt: timestampFromMs(occurredAtMs),
    aggregateId: key,
    producer: definition.type.split('.')[0] ?? 'test',
    payload: toBinary(definition.schema, payload),
  });
  await producer.send([
    {
      topic: definition.topic,
      key,
      value: Buffer.from(toBinary(envelopeV1.EventEnvelopeSchema, envelope)),
      headers: { 'event-id': id },
    },
  ]);
  return id;
}

const role = (id: string, name: string) =>
  create(identityV1.EmployeeRoleUpsertedSchema, {
    role: { id, name, description: '', permissions: [], isActive: true },
  });

const completedVisit = (customerId: string, customerName: string, serviceId: string) =>
  create(bookingV1.AppointmentCompletedSchema, {
    appointment: {
      id: randomUUID(),
      status: 'Completed',
      customerId,
      customerName,
      customerEmail: `${customerName.split(' ')[0]!.toLowerCase()}@example.com`,
      serviceId,
      serviceName: 'Swedish Massage',
      completedAtMs: BigInt(Date.now() - 86_400_000),
    },
  });

/** Waits until each of these events has been handled (the inbox) on this database. */
async function handled(catalogue: Catalogue, eventIds: string[]) {
  await eventually(
    async () => {
      const rows = await catalogue.db
        .select({ eventId: inbox.eventId })
        .from(inbox)
        .where(inArray(inbox.eventId, eventIds));
      expect(rows.map((row) => row.eventId).sort()).toEqual([...eventIds].sort());
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

async function readModels(catalogue: Catalogue, roleIds: string[], userIds: string[]) {
  const roles = await catalogue.db
    .select({ id: employeeRoles.id, name: employeeRoles.name, isActive: employeeRoles.isActive })
    .from(employeeRoles)
    .where(inArray(employeeRoles.id, roleIds))
    .orderBy(asc(employeeRoles.name));
  const eligibility = await catalogue.db
    .select({
      userId: reviewEligibility.userId,
      authorName: reviewEligibility.authorName,
      subjectKind: reviewEligibility.subjectKind,
      subjectId: reviewEligibility.subjectId,
      sourceId: reviewEligibility.sourceId,
    })
    .from(reviewEligibility)
    .where(inArray(reviewEligibility.userId, userIds))
    .orderBy(asc(reviewEligibility.sourceId));
  const erased = await catalogue.db
    .select({ userId: erasedUsers.userId })
    .from(erasedUsers)
    .where(inArray(erasedUsers.userId, userIds));
  return { roles, eligibility, erased: erased.map((row) => row.userId) };
}

describe("catalogue's read models", () => {
  it(
    'rebuild from the topics on a wiped database: roles (a deleted one stays deleted), review eligibility, never of an erased customer',
    { timeout: 180_000 },
    async () => {
      const therapist = randomUUID();
      const reflexologist = randomUUID();
      const customer = randomUUID();
      const leaving = randomUUID();
      const orderId = randomUUID();
      const t = Date.now();

      const firstDb = await createTestDatabase('catalogue_readmodels');
      const first = await startCatalogueConsumers(firstDb.url);
      let before: Awaited<ReturnType<typeof readModels>>;
      let userErasedId: string;
      const readModelEvents: string[] = [];
      try {
        readModelEvents.push(
          await send(events.employeeRoleUpserted, therapist, role(therapist, 'Therapist'), t - 3_000),
          await send(events.employeeRoleUpserted, therapist, role(therapist, 'Senior Therapist'), t - 2_000),
          // Identity's older word on the role, read after the newer one: it changes nothing.
          await send(events.employeeRoleUpserted, therapist, role(therapist, 'Old Therapist'), t - 2_500),
          await send(
            events.employeeRoleUpserted,
            reflexologist,
            role(reflexologist, 'Reflexologist'),
            t - 2_500,
          ),
          await send(
            events.employeeRoleDeleted,
            reflexologist,
            create(identityV1.EmployeeRoleDeletedSchema, { roleId: reflexologist, name: 'Reflexologist' }),
            t - 1_500,
          ),
        );
        const visit = completedVisit(customer, 'Priya Sharma', 'service-swedish');
        readModelEvents.push(
          await send(events.appointmentCompleted, visit.appointment!.id, visit, t - 1_000),
        );
        const delivered = create(commerceV1.OrderDeliveredSchema, {
          order: {
            orderId,
            customerId: customer,
            customerName: 'Priya Sharma',
            customerEmail: 'priya@example.com',
            status: 'delivered',
            isDelivered: true,
            deliveredAt: timestampFromMs(t - 1_000),
            items: [
              { id: randomUUID(), productId: 'product-lavender', name: 'Lavender Oil', quantity: 1 },
              { id: randomUUID(), productId: 'product-rose', name: 'Rose Oil', quantity: 2 },
            ],
          },
        });
        readModelEvents.push(await send(events.orderDelivered, orderId, delivered, t - 1_000));
        // A customer who then erases their account (identity: both events in one transaction).
        const leavingVisit = completedVisit(leaving, 'Leena Gone', 'service-swedish');
        readModelEvents.push(
          await send(events.appointmentCompleted, leavingVisit.appointment!.id, leavingVisit, t - 900),
        );
        userErasedId = await send(
          events.userErased,
          leaving,
          create(identityV1.UserErasedSchema, {
            userId: leaving,
            email: 'leena@example.com',
            reason: 'self',
          }),
          t - 500,
        );
        readModelEvents.push(
          await send(
            events.userDeleted,
            leaving,
            create(identityV1.UserDeletedSchema, { userId: leaving }),
            t - 500,
          ),
        );

        await handled(first, [...readModelEvents, userErasedId]);
        before = await readModels(first, [therapist, reflexologist], [customer, leaving]);
        expect(before).toEqual({
          roles: [{ id: therapist, name: 'Senior Therapist', isActive: true }],
          eligibility: [
            {
              userId: customer,
              authorName: 'Priya Sharma',
              subjectKind: 'service',
              subjectId: 'service-swedish',
              sourceId: `appointment:${visit.appointment!.id}`,
            },
            {
              userId: customer,
              authorName: 'Priya Sharma',
              subjectKind: 'product',
              subjectId: 'product-lavender',
              sourceId: `order:${orderId}:product-lavender`,
            },
            {
              userId: customer,
              authorName: 'Priya Sharma',
              subjectKind: 'product',
              subjectId: 'product-rose',
              sourceId: `order:${orderId}:product-rose`,
            },
          ],
          erased: [leaving],
        });
      } finally {
        await first.stop();
        // The wipe: the database is gone, the Kafka groups' committed offsets are not.
        await firstDb.drop();
      }

      const freshDb = await createTestDatabase('catalogue_readmodels_wiped');
      const again = await startCatalogueConsumers(freshDb.url);
      try {
        // The new generation's read-model group reads the topics from the beginning; the service's own
        // group has consumed identity.user.erased already and does not read it again.
        await handled(again, readModelEvents);
        expect(await readModels(again, [therapist, reflexologist], [customer, leaving])).toEqual(before);
        const [erasedAgain] = await again.db
          .select()
          .from(inbox)
          .where(inArray(inbox.eventId, [userErasedId]));
        expect(erasedAgain).toBeUndefined();
      } finally {
        await again.stop();
        await freshDb.drop();
      }
    },
  );
});
