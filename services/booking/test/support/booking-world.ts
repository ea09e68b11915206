import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  connectDatabase,
  connectServiceDeps,
  createLogger,
  createPublisher,
  createTokenVerifier,
  migrateDatabase,
  OutboxRelay,
  revocationCheck,
} from '@spa/kit';
import {
  allowedCallerHeaders,
  createTestDatabase,
  eventually,
  signTestToken,
  testInfra,
  testJwks,
  testServiceKeyEnv,
  uniqueName,
} from '@spa/kit/testing';
import { events, type catalogueV1, type EventDefinition, type identityV1 } from '@spa/proto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { bookingContext, buildApp, type BookingDeps } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { internalCallers } from '../../src/http/internal.routes.js';
import { startConsumers } from '../../src/events/consumers.js';
import { bookingTopics } from '../../src/events/publishes.js';
import { startPaymentHoldWorker } from '../../src/worker.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const logger = createLogger('booking-test', process.env.TEST_LOG_LEVEL ?? 'silent');

type Body = InjectOptions['payload'];
type Payload<E extends EventDefinition> = MessageInitShape<E['schema']>;
type Fields<M> = Partial<Omit<M, '$typeName' | '$unknown'>>;
export type UserFields = Fields<identityV1.User>;
export type RoomFields = Fields<catalogueV1.Room>;
export type ServiceFields = Fields<catalogueV1.Service>;

export interface Person {
  id: string;
  name: string;
  email: string;
  token: string;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The instant of a wall-clock time in Asia/Kolkata, `daysAhead` days after today's IST date. */
export function istTime(daysAhead: number, clock: string): Date {
  const [hours, minutes] = clock.split(':').map(Number);
  const todayIst = new Date(Date.now() + IST_OFFSET_MS);
  const utcMidnightOfIstDay = Date.UTC(
    todayIst.getUTCFullYear(),
    todayIst.getUTCMonth(),
    todayIst.getUTCDate(),
  );
  return new Date(
    utcMidnightOfIstDay + daysAhead * 86_400_000 + (hours! * 60 + minutes!) * 60_000 - IST_OFFSET_MS,
  );
}

/** The IST calendar date (YYYY-MM-DD) `daysAhead` days after today's IST date. */
export const istDate = (daysAhead: number) =>
  new Date(istTime(daysAhead, '12:00').getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** "14:30": the IST wall clock of an instant. */
export const istClock = (iso: string) =>
  new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(11, 16);

export interface StartOptions {
  env?: Record<string, string>;
  deps?: Partial<Pick<BookingDeps, 'commerce' | 'now'>>;
  /** Start the payment hold sweeper (BullMQ). */
  holdWorker?: boolean;
  /** Join another world's Kafka namespace (its topics), e.g. to rebuild read models from them. */
  namespace?: string;
  /** Listen on this port (0: any free one), for a real commerce process calling back; `url` is then set. */
  listen?: number;
}

/**
 * The booking service as main.ts wires it (app, relay, both consumers), on a fresh database and its
 * own Kafka namespace, fed by a throwaway "upstream" database whose outbox a real relay sends to
 * Kafka: catalogue, identity and commerce events go in exactly as those services publish them.
 */
export async function startBooking(label: string, options: StartOptions = {}) {
  const database = await createTestDatabase(`booking_${label}`);
  const upstreamDatabase = await createTestDatabase(`booking_${label}_upstream`);
  const namespace = options.namespace ?? uniqueName(`bk-${label}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    ...testServiceKeyEnv('booking'),
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    KAFKA_NAMESPACE: namespace,
    COMMERCE_URL: 'http://127.0.0.1:9',
    COMMERCE_TIMEOUT_MS: '2000',
    ...options.env,
  });
  const base = await connectServiceDeps(config, logger, migrationsFolder);
  const deps: BookingDeps = {
    ...base,
    config,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(base.redis) }),
    ...options.deps,
  };
  await base.bus.ensureTopics([...bookingTopics, { topic: events.paymentCaptured.topic }]);
  const app = await buildApp(deps);
  const url =
    options.listen === undefined ? undefined : await app.listen({ port: options.listen, host: '127.0.0.1' });
  const relay = new OutboxRelay({ pool: base.database.pool, bus: base.bus, logger, pollIntervalMs: 20 });
  relay.start();
  const context = { ...bookingContext(deps), bus: base.bus };
  const stops: Array<() => Promise<void>> = [await startConsumers(context)];
  if (options.holdWorker) stops.push(await startPaymentHoldWorker(context));

  const upstream = connectDatabase(upstreamDatabase.url);
  await migrateDatabase(upstream.db);
  const upstreamRelay = new OutboxRelay({ pool: upstream.pool, bus: base.bus, logger, pollIntervalMs: 20 });
  upstreamRelay.start();
  const publishers = {
    catalogue: createPublisher('catalogue'),
    identity: createPublisher('identity'),
    commerce: createPublisher('commerce'),
  };
  const emit = <E extends EventDefinition>(
    producer: keyof typeof publishers,
    event: E,
    key: string,
    payload: Payload<E>,
  ) => upstream.db.transaction((tx) => publishers[producer](tx, event, key, payload));

  const pool = base.database.pool;
  const rowExists = async (table: string, id: string) => {
    const { rowCount } = await pool.query(`select 1 from ${table} where id = $1`, [id]);
    return rowCount === 1;
  };

  const request = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    requestOptions: { token?: string; body?: Body; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      payload: requestOptions.body,
      headers: {
        ...(await allowedCallerHeaders(internalCallers, 'booking', url)),
        ...(requestOptions.token ? { authorization: `Bearer ${requestOptions.token}` } : {}),
        ...requestOptions.headers,
      },
    });

  const world = {
    app: app as FastifyInstance,
    url,
    deps,
    config,
    namespace,
    pool,
    request,
    emit,

    /** A customer, employee or admin known to identity (announced) with a token to act as them. */
    async person(
      role: 'user' | 'employee' | 'admin',
      fields: UserFields = {},
      announce = true,
    ): Promise<Person> {
      const id = randomUUID();
      const name = fields.name ?? `${role} ${id.slice(0, 6)}`;
      const email = fields.email ?? `${role}.${id.slice(0, 8)}@booking.test`;
      if (announce)
        await emit('identity', events.userRegistered, id, {
          user: {
            id,
            name,
            email,
            phone: '+91 98765 43210',
            role,
            status: 'free',
            ...(role === 'employee'
              ? {
                  employeeRole: 'servicestaff',
                  shift: 'morning',
                  workingLocation: 'Vijay Nagar',
                  employeeId: `EMP-${id.slice(0, 4)}`,
                }
              : {}),
            ...fields,
          },
        });
      return { id, name, email, token: await signTestToken({ role, sub: id, name, email }) };
    },

    async employee(fields: UserFields = {}) {
      return world.person('employee', fields);
    },

    async room(fields: RoomFields = {}) {
      const id = randomUUID();
      const room = {
        id,
        roomNumber: `${Math.floor(Math.random() * 900) + 100}`,
        capacity: 'Single Bed',
        type: 'Gold',
        status: 'Available',
        location: 'First Floor, Lotus Wing',
        pricePaise: 200_000n,
        updatedAtMs: BigInt(Date.now()),
        ...fields,
      };
      await emit('catalogue', events.roomUpserted, id, { room });
      return room;
    },

    /** A category (with its role) and one treatment in it, as catalogue announces them. */
    async service(fields: ServiceFields = {}, categoryRole = 'servicestaff') {
      const categoryId = randomUUID();
      await emit('catalogue', events.categoryUpserted, categoryId, {
        category: {
          id: categoryId,
          name: 'Massage Therapies',
          isActive: true,
          assignedEmployeeRole: categoryRole,
          updatedAtMs: BigInt(Date.now()),
        },
      });
      const id = randomUUID();
      const service = {
        id,
        name: 'Swedish Massage',
        description: 'Long, flowing strokes',
        categoryId,
        categoryName: 'Massage Therapies',
        assignedEmployeeRole: categoryRole,
        pricing: [
          { id: randomUUID(), duration: '60 min', durationMinutes: 60, pricePaise: 249_900n, label: '' },
          { id: randomUUID(), duration: '90 min', durationMinutes: 90, pricePaise: 349_900n, label: '' },
        ],
        cleanupMinutes: 15,
        isActive: true,
        updatedAtMs: BigInt(Date.now()),
        ...fields,
      };
      await emit('catalogue', events.serviceUpserted, id, { service });
      return { ...service, categoryId };
    },

    /** Waits until the read models hold every given id (table name → ids). */
    async mirrored(expected: Partial<Record<'services' | 'categories' | 'rooms' | 'users', string[]>>) {
      await eventually(
        async () => {
          for (const [table, ids] of Object.entries(expected))
            for (const id of ids ?? [])
              if (!(await rowExists(table, id))) throw new Error(`${table} ${id} not mirrored yet`);
        },
        { timeoutMs: 30_000, intervalMs: 50 },
      );
    },

    /** The events booking has written to its outbox for one appointment, oldest first. */
    async eventsOf(appointmentId: string): Promise<string[]> {
      const { rows } = await pool.query<{ event_type: string }>(
        'select event_type from outbox where key = $1 order by seq',
        [appointmentId],
      );
      return rows.map((row) => row.event_type);
    },

    async close() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      await app.close();
      await relay.stop({ flush: false });
      await upstreamRelay.stop({ flush: false });
      await base.bus.close();
      base.redis.disconnect();
      await base.database.close();
      await upstream.close();
      await database.drop();
      await upstreamDatabase.drop();
    },
  };
  return world;
}

export type BookingWorld = Awaited<ReturnType<typeof startBooking>>;

/** A booking body for the service's first option in a room of `type` priced at `roomPricePaise`. */
export function bookingBody(
  service: { id: string; pricing: Array<{ durationMinutes: number; pricePaise: bigint }> },
  start: Date,
  options: {
    type?: string;
    roomPricePaise?: number;
    paymentMethod?: 'cash' | 'online';
    optionIndex?: number;
  } = {},
) {
  const option = service.pricing[options.optionIndex ?? 0]!;
  const price = Number(option.pricePaise) / 100;
  const roomPrice = (options.roomPricePaise ?? 200_000) / 100;
  return {
    serviceId: service.id,
    durationMinutes: option.durationMinutes,
    price,
    roomPrice,
    totalPrice: Math.round((price + roomPrice) * 100) / 100,
    type: options.type ?? 'Gold',
    appointmentDateTime: start.toISOString(),
    paymentMethod: options.paymentMethod ?? 'cash',
  };
}
