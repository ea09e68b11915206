import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { fromBinary } from '@bufbuild/protobuf';
import {
  connectServiceDeps,
  createLogger,
  createTokenVerifier,
  EventConsumer,
  outbox,
  revocationCheck,
} from '@spa/kit';
import {
  allowedCallerHeaders,
  createTestDatabase,
  eventually,
  serveTestJwks,
  signTestToken,
  testInfra,
  testJwks,
  testRazorpayKeys,
  testSecretEnv,
  testServiceKeyEnv,
  uniqueName,
} from '@spa/kit/testing';
import { envelopeV1, eventByType } from '@spa/proto';
import { startRazorpaySandbox, type CheckoutSuccess, type RazorpaySandbox } from '@spa/razorpay-sandbox';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { internalCallers } from '../../src/http/internal.routes.js';
import { findProduct } from '../../src/db/products.repository.js';
import { withIntegrations, type CommerceContext } from '../../src/use-cases/context.js';
import { commerceTopics } from '../../src/events/publishes.js';
import { startReadModelConsumer } from '../../src/events/consumers.js';
import { subscriptionsFor } from '../../src/events/subscriptions.js';
import { startSweeper } from '../../src/worker.js';
import { freePort, startCatalogueProcess, type CatalogueProcess } from './catalogue-process.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface Customer {
  id: string;
  name: string;
  email: string;
  token: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CommerceWorld {
  app: FastifyInstance;
  deps: CommerceContext;
  /** Where the app listens (the sandbox sends its webhooks here). */
  url: string;
  catalogue: CatalogueProcess;
  sandbox?: RazorpaySandbox;
  admin: Customer;
  customer(name?: string): Promise<Customer>;
  /** A new customer's ONLINE order of `quantity` of a product: its provider order is waiting for payment. */
  onlineOrder(
    productId: string,
    name?: string,
    quantity?: number,
  ): Promise<{ customer: Customer; order: OrderJson; providerOrderId: string }>;
  /** The customer pays the provider order in the sandbox's checkout (captured). */
  pay(providerOrderId: string): Promise<CheckoutSuccess>;
  /** What the page does with the checkout's answer: POST /orders/verify-payment as the customer. */
  verify(as: Customer | null, payment: object): Promise<LightMyRequestResponse>;
  call(as: Customer | null, method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** A product in the real catalogue, once commerce's mirror has it. */
  product(fields: {
    name: string;
    price: number;
    stock: number;
  }): Promise<{ _id: string; name: string; price: number }>;
  /** Waits until the mirror shows what the catalogue announced last. */
  mirrored(
    productId: string,
    check: (product: { stock: number; deleted: boolean; price: number }) => boolean,
  ): Promise<void>;
  address(customer: Customer, overrides?: Record<string, string>): Promise<{ _id: string }>;
  addToCart(customer: Customer, productId: string, quantity?: number): Promise<void>;
  /** GET on the sandbox's Razorpay API, as the SDK would (basic auth): the raw entity JSON. */
  provider(path: string): Promise<Record<string, unknown>>;
  /** The events commerce wrote to its outbox, decoded, oldest first. */
  published(type?: string): Promise<Array<{ type: string; key: string; payload: Record<string, unknown> }>>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** Start the Razorpay sandbox in-process and point commerce at it. */
  sandbox?: boolean;
  /** Whether the sandbox sends its webhooks to commerce (default true). */
  webhooks?: boolean;
  /** Run the payment-hold sweeper on its timer. */
  sweeper?: boolean;
  /** How long the sandbox keeps a refund pending (its default unless set). */
  refundProcessingMs?: number;
  env?: Record<string, string>;
}

/**
 * Commerce in-process (driven with inject, and listening on a free port for the sandbox's webhooks),
 * against its own fresh database, the real Kafka (its own namespace), Redis, the REAL catalogue in a
 * child process and, when asked, the Razorpay sandbox. Only the token verifier uses the test key set.
 */
export async function startCommerceWorld(label: string, options: WorldOptions = {}): Promise<CommerceWorld> {
  const kafkaNamespace = uniqueName(`commerce-${label}`);
  const jwks = await serveTestJwks();
  const catalogue = await startCatalogueProcess({ kafkaNamespace, jwksUrl: jwks.url });
  const database = await createTestDatabase(`commerce_${label}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sandbox = options.sandbox
    ? await startRazorpaySandbox({
        ...testRazorpayKeys,
        ...(options.webhooks === false ? {} : { webhookUrl: `${url}/payments/webhook` }),
        ...(options.refundProcessingMs === undefined
          ? {}
          : { refundProcessingMs: options.refundProcessingMs }),
      })
    : undefined;

  const config = loadConfig({
    NODE_ENV: 'test',
    ...testSecretEnv,
    ...testServiceKeyEnv('commerce'),
    PORT: String(port),
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: kafkaNamespace,
    REDIS_URL: testInfra.redisUrl,
    CATALOGUE_URL: catalogue.url,
    ...(sandbox
      ? { RAZORPAY_API_URL: sandbox.url, RAZORPAY_CHECKOUT_URL: `${sandbox.url}/v1/checkout.js` }
      : { RAZORPAY_API_URL: `http://127.0.0.1:${await freePort()}` }),
    ...options.env,
  });
  const logger = createLogger('commerce-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const base = await connectServiceDeps(config, logger, migrationsFolder);
  const deps = withIntegrations({
    ...base,
    config,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(base.redis) }),
  });
  await deps.bus.ensureTopics(commerceTopics);
  const consumer = new EventConsumer({
    name: 'commerce',
    db: deps.db,
    bus: deps.bus,
    logger,
    subscriptions: subscriptionsFor(deps),
  });
  await consumer.start();
  const stopReadModels = await startReadModelConsumer(deps);
  const stopSweeper = options.sweeper ? startSweeper(deps) : undefined;
  const app = await buildApp(deps);
  await app.listen({ port, host: '127.0.0.1' });

  const newCustomer = async (name = 'Asha Verma', role: 'user' | 'admin' = 'user'): Promise<Customer> => {
    const id = randomUUID();
    const email = `${name.split(' ')[0]!.toLowerCase()}.${id.slice(0, 8)}@example.com`;
    return { id, name, email, token: await signTestToken({ sub: id, role, name, email }) };
  };
  const admin = await newCustomer('Riya Admin', 'admin');

  const call: CommerceWorld['call'] = async (as, method, path, body) =>
    app.inject({
      method,
      url: path,
      payload: body === undefined ? undefined : (body as Record<string, unknown>),
      headers: {
        ...(await allowedCallerHeaders(internalCallers, 'commerce', path)),
        ...(as ? { authorization: `Bearer ${as.token}` } : {}),
      },
    });

  const mirrored: CommerceWorld['mirrored'] = (productId, check) =>
    eventually(
      async () => {
        const product = await findProduct(deps.db, productId);
        if (!product || !check({ ...product, price: product.pricePaise / 100 }))
          throw new Error(`product ${productId} not mirrored as expected yet`);
      },
      { timeoutMs: 30_000 },
    );

  const address: CommerceWorld['address'] = async (customer, overrides = {}) => {
    const response = await call(customer, 'POST', '/addresses', {
      label: 'Home',
      fullName: customer.name,
      phone: '+91 98765 43210',
      street: '12 MG Road',
      city: 'Indore',
      state: 'Madhya Pradesh',
      postalCode: '452010',
      country: 'India',
      ...overrides,
    });
    if (response.statusCode !== 201) throw new Error(`address: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const addToCart: CommerceWorld['addToCart'] = async (customer, productId, quantity = 1) => {
    const response = await call(customer, 'POST', '/cart', { product: productId, quantity });
    if (response.statusCode >= 300) throw new Error(`add to cart: ${response.statusCode} ${response.body}`);
  };

  return {
    app,
    deps,
    url,
    catalogue,
    sandbox,
    admin,
    customer: (name) => newCustomer(name),
    async onlineOrder(productId, name = 'Asha Verma', quantity = 1) {
      const customer = await newCustomer(name);
      const { _id: addressId } = await address(customer);
      await addToCart(customer, productId, quantity);
      const response = await call(customer, 'POST', '/orders', {
        paymentMethod: 'ONLINE',
        shippingAddress: { _id: addressId },
      });
      if (response.statusCode !== 201)
        throw new Error(`online order: ${response.statusCode} ${response.body}`);
      const { order, razorpayOrder } = response.json() as { order: OrderJson; razorpayOrder: { id: string } };
      return { customer, order, providerOrderId: razorpayOrder.id };
    },
    async pay(providerOrderId) {
      const result = await sandbox!.pay(providerOrderId, 'captured');
      if ('error' in result) throw new Error(`sandbox payment failed: ${result.error.description}`);
      return result;
    },
    verify: (as, payment) => call(as, 'POST', '/orders/verify-payment', payment),
    call,
    async product(fields) {
      const created = await catalogue.createProduct(fields);
      await mirrored(created._id, (product) => product.stock === fields.stock);
      return created;
    },
    mirrored,
    address,
    addToCart,
    async provider(path) {
      const response = await fetch(`${sandbox!.url}/v1${path}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${testRazorpayKeys.keyId}:${testRazorpayKeys.keySecret}`).toString('base64')}`,
        },
      });
      return (await response.json()) as Record<string, unknown>;
    },
    async published(type) {
      const rows = await deps.db
        .select()
        .from(outbox)
        .where(type ? eq(outbox.eventType, type) : undefined)
        .orderBy(asc(outbox.seq));
      return rows.map((row) => {
        const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, row.payload);
        const definition = eventByType(envelope.type)!;
        return {
          type: envelope.type,
          key: row.key,
          payload: fromBinary(definition.schema, envelope.payload) as unknown as Record<string, unknown>,
        };
      });
    },
    async close() {
      await app.close();
      await stopSweeper?.();
      await stopReadModels();
      await consumer.stop();
      await deps.bus.close();
      deps.redis.disconnect();
      await deps.database.close();
      await sandbox?.close();
      await catalogue.close();
      await jwks.close();
      await database.drop();
    },
  };
}

/** The order JSON fields a test reads. */
export interface OrderJson {
  _id: string;
  status: string;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  totalPrice: number;
  itemsPrice: number;
  paymentMethod: string;
  orderItems: Array<{ _id: string; product: string; name: string; quantity: number; price: number }>;
  shippingAddress: Record<string, string>;
  paymentExpiresAt?: string;
  cancelledAt?: string;
}
