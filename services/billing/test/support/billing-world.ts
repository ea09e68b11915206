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
  type PublishedEvent,
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
import type { EventDefinition } from '@spa/proto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { BillingContext } from '../../src/use-cases/context.js';
import { startReadModelConsumer } from '../../src/events/consumers.js';
import { internalCallers } from '../../src/http/internal.routes.js';
import { loadConfig } from '../../src/config.js';
import { PdfRenderer } from '../../src/integrations/pdf-renderer.js';
import { createInvoicePdfQueue, startInvoicePdfWorker } from '../../src/worker.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The services whose events billing's read models are built from. */
type Producer = 'booking' | 'commerce' | 'catalogue' | 'identity';

interface Upstream {
  /** This world's Kafka namespace (another world may join it to rebuild from the same topics). */
  namespace: string;
  /** Publishes an event as `producer` does: through an outbox and a real relay onto Kafka. */
  emit<E extends EventDefinition>(
    producer: Producer,
    event: E,
    key: string,
    payload: MessageInitShape<E['schema']>,
  ): Promise<PublishedEvent>;
  /** Waits until billing's read-model consumer has handled every event emitted so far (or `ids`). */
  settled(ids?: string[]): Promise<void>;
}

export interface BillingWorld {
  app: FastifyInstance;
  deps: BillingContext;
  tokens: { admin: string; employee: string; customer: string };
  staff: { admin: { id: string; name: string }; employee: { id: string; name: string } };
  /** Only with `readModels`: the other services' side of the bus. */
  upstream: Upstream;
  /** An authorised request as the given role (admin by default). */
  call(
    options: InjectOptions & { as?: 'admin' | 'employee' | 'customer' | 'nobody' },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The billing service as it runs, against a fresh database of its own, the real Redis (its own BullMQ
 * prefix) and the system Chromium; only the token verifier is the test key set. With `readModels`, its
 * read-model consumer runs too, in a Kafka namespace of its own (or `namespace`), fed by a throwaway
 * "upstream" database whose outbox a real relay sends to Kafka: booking, commerce, catalogue and
 * identity events arrive exactly as those services publish them.
 */
export async function startBillingWorld(
  label: string,
  options: { worker?: boolean; env?: Record<string, string>; readModels?: boolean; namespace?: string } = {},
): Promise<BillingWorld> {
  const database = await createTestDatabase(`billing_${label}`);
  const namespace = options.namespace ?? uniqueName(`bl-${label}`);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    ...testServiceKeyEnv('billing'),
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    BULLMQ_PREFIX: uniqueName(`billing-test-${label}`),
    // Most files date bills across financial years (invoice numbers, history, income); the date
    // window itself is tested with the defaults in bill-dates.test.ts.
    BILL_DATE_DAYS_BACK: '36500',
    BILL_DATE_DAYS_AHEAD: '366',
    ...(options.readModels ? { KAFKA_NAMESPACE: namespace } : {}),
    ...options.env,
  });
  const logger = createLogger('billing-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const base = await connectServiceDeps(config, logger, migrationsFolder);
  const deps: BillingContext = {
    ...base,
    config,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(base.redis) }),
    renderer: new PdfRenderer(config.pdf, logger),
    invoicePdfs: createInvoicePdfQueue(config, logger),
  };
  const app = await buildApp(deps);
  const stopWorker = options.worker ? await startInvoicePdfWorker(deps) : undefined;
  const upstream = options.readModels ? await startUpstream(label, namespace, deps) : undefined;

  const staff = {
    admin: { id: 'a0000000-0000-4000-8000-000000000001', name: 'Riya Admin' },
    employee: { id: 'e0000000-0000-4000-8000-000000000002', name: 'Kabir Reception' },
  };
  const tokens = {
    admin: await signTestToken({ role: 'admin', sub: staff.admin.id, name: staff.admin.name }),
    employee: await signTestToken({ role: 'employee', sub: staff.employee.id, name: staff.employee.name }),
    customer: await signTestToken({ role: 'user', name: 'A Customer' }),
  };

  return {
    app,
    deps,
    tokens,
    staff,
    get upstream() {
      if (!upstream) throw new Error('start the world with readModels: true to emit events');
      return upstream;
    },
    async call({ as = 'admin', ...request }) {
      const headers: Record<string, unknown> = {
        ...(await allowedCallerHeaders(internalCallers, 'billing', String(request.url ?? ''))),
        ...request.headers,
      };
      if (as !== 'nobody') headers.authorization = `Bearer ${tokens[as]}`;
      return app.inject({ ...request, headers: headers as InjectOptions['headers'] });
    },
    async close() {
      await app.close();
      await upstream?.stop();
      await stopWorker?.();
      await deps.invoicePdfs.close();
      await deps.renderer.close();
      await removeKeys(deps, `${config.queuePrefix}:*`);
      await deps.bus.close();
      deps.redis.disconnect();
      await deps.database.close();
      await database.drop();
    },
  };
}

async function startUpstream(label: string, namespace: string, deps: BillingContext) {
  const stopConsumer = await startReadModelConsumer(deps);
  const upstreamDatabase = await createTestDatabase(`billing_${label}_upstream`);
  const upstream = connectDatabase(upstreamDatabase.url);
  await migrateDatabase(upstream.db);
  const relay = new OutboxRelay({
    pool: upstream.pool,
    bus: deps.bus,
    logger: deps.logger,
    pollIntervalMs: 20,
  });
  relay.start();
  const publishers = {
    booking: createPublisher('booking'),
    commerce: createPublisher('commerce'),
    catalogue: createPublisher('catalogue'),
    identity: createPublisher('identity'),
  };
  const emitted: string[] = [];
  const pool = deps.database.pool;
  return {
    namespace,
    async emit<E extends EventDefinition>(
      producer: Producer,
      event: E,
      key: string,
      payload: MessageInitShape<E['schema']>,
    ): Promise<PublishedEvent> {
      const published = await upstream.db.transaction((tx) => publishers[producer](tx, event, key, payload));
      emitted.push(published.id);
      return published;
    },
    async settled(ids: string[] = emitted) {
      await eventually(
        async () => {
          const { rows } = await pool.query<{ handled: number }>(
            `select count(*)::int as handled from inbox
             where consumer like 'billing.read-models.%' and event_id::text = any($1::text[])`,
            [ids],
          );
          if (rows[0]!.handled !== ids.length)
            throw new Error(`${rows[0]!.handled} of ${ids.length} events handled so far`);
        },
        { timeoutMs: 30_000, intervalMs: 50 },
      );
    },
    async stop() {
      await stopConsumer();
      await relay.stop({ flush: false });
      await upstream.close();
      await upstreamDatabase.drop();
    },
  };
}

/** This world's BullMQ keys, so test runs leave nothing behind in the shared Redis. */
async function removeKeys(deps: BillingContext, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await deps.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length > 0) await deps.redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** A valid bill form like the web sends it (the empty rows the form always shows included). */
export function billForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Asha Verma',
    phone: '+91 98765 43210',
    customerId: 'CUST-0042',
    gender: 'Female',
    date: '2026-11-21',
    roomNo: '12',
    services: [
      {
        serviceName: 'Swedish Massage',
        duration: '60 Min',
        staffAssigned: 'Meera',
        price: 2500,
        gst: 5,
        discount: 5,
      },
      { serviceName: '', duration: '60 Min', staffAssigned: '', price: 0, gst: 5, discount: 5 },
    ],
    products: [
      { productName: 'Lavender Essential Oil', quantity: 2, unitPrice: 649.99, gst: 5, discount: 5 },
    ],
    discountPercent: 5,
    paymentMethod: 'Cash',
    advanceAmount: 0,
    ...overrides,
  };
}
