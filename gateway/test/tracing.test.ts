import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  connectBus,
  connectDatabase,
  connectRedis,
  createApp,
  createLogger,
  createPublisher,
  createTokenVerifier,
  createTracing,
  currentContext,
  EventConsumer,
  migrateDatabase,
  on,
  OutboxRelay,
  PermanentEventError,
  revocationCheck,
  type Bus,
  type DatabaseHandle,
  type Tracing,
} from '@spa/kit';
import { createTestDatabase, eventually, testInfra, testJwks, uniqueName } from '@spa/kit/testing';
import { events } from '@spa/proto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

/** A span as OTLP/HTTP JSON carries it, with its service's name from the resource. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number; message?: string };
  events?: Array<{ name: string }>;
}

type OtlpAttribute = { key: string; value: Record<string, unknown> };

const KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;
const STATUS_ERROR = 2;

const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));

/** A tiny OTLP/HTTP collector: keeps every span POSTed to /v1/traces as JSON. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
        for (const scopeSpans of resourceSpans.scopeSpans ?? [])
          for (const span of scopeSpans.spans ?? [])
            spans.push({ ...span, service, attributes: attributesOf(span.attributes) });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const logger = createLogger('gateway-tracing-test', 'silent');
const redis = connectRedis(testInfra.redisUrl);
const probe = { ...events.probeRecorded, topic: uniqueName('testing.trace') };

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
let bus: Bus;
let service: FastifyInstance;
let gateway: FastifyInstance;
let relay: OutboxRelay;
let consumer: EventConsumer;
const tracings: Tracing[] = [];
const handled: Array<{ note: string; traceparent?: string }> = [];

/** Each "process" has its own provider, so each span carries the right service.name. */
function tracingFor(serviceName: string): Tracing {
  const tracing = createTracing({ serviceName, settings: { exportUrl: receiver.url, sampleRatio: 1 } });
  tracings.push(tracing);
  return tracing;
}

beforeAll(async () => {
  receiver = await startReceiver();
  const testDatabase = await createTestDatabase('gateway_tracing');
  dropDatabase = testDatabase.drop;
  database = connectDatabase(testDatabase.url);
  await migrateDatabase(database.db);
  bus = connectBus({ brokers: testInfra.kafkaBrokers, clientId: 'gateway-tracing-test', logger });
  await bus.ensureTopics([{ topic: probe.topic }]);

  // The service behind the gateway: one route that writes an event in its transaction.
  const serviceTracing = tracingFor('probe-service');
  const publish = createPublisher('probe-service', { tracer: serviceTracing.tracer });
  service = await createApp({ name: 'probe-service', logger, tracer: serviceTracing.tracer });
  service.post<{ Body: { note: string } }>('/cart/probes', async (request, reply) => {
    const id = randomUUID();
    await database.db.transaction((tx) =>
      publish(tx, probe, id, {
        probeId: id,
        sequence: 1n,
        note: request.body.note,
        writtenAtMs: BigInt(Date.now()),
      }),
    );
    return reply.code(201).send({ id });
  });
  await service.listen({ port: 0, host: '127.0.0.1' });
  relay = new OutboxRelay({
    pool: database.pool,
    bus,
    logger,
    pollIntervalMs: 50,
    tracer: serviceTracing.tracer,
  });
  relay.start();

  // The consuming service.
  consumer = new EventConsumer({
    name: uniqueName('trace-consumer'),
    db: database.db,
    bus,
    logger,
    maxAttempts: 1,
    tracer: tracingFor('probe-consumer').tracer,
    subscriptions: [
      on(probe, async (_tx, payload) => {
        handled.push({ note: payload.note, traceparent: currentContext()?.traceparent });
        if (payload.note === 'bad-data') throw new PermanentEventError('this probe is invalid');
      }),
    ],
  });
  await consumer.start();

  const { port } = service.server.address() as AddressInfo;
  gateway = await buildGateway({
    config: loadGatewayConfig({
      REDIS_URL: testInfra.redisUrl,
      ENABLED_SERVICES: 'commerce',
      COMMERCE_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: '/nonexistent',
    }),
    logger,
    redis,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) }),
    tracer: tracingFor('gateway').tracer,
  });
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
  await relay?.stop({ flush: false });
  await consumer?.stop();
  await bus?.close();
  await Promise.all(tracings.map((tracing) => tracing.shutdown()));
  await database?.close();
  await dropDatabase?.();
  await receiver?.close();
  redis.disconnect();
});

async function postThroughGateway(note: string) {
  const response = await gateway.inject({
    method: 'POST',
    url: '/api/v1/cart/probes',
    payload: { note },
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(response.statusCode).toBe(201);
  return response;
}

/**
 * The trace the handler ran in (its consumer span's trace id), once every provider has flushed at
 * least `expected` of its spans to the receiver.
 */
async function traceOf(note: string, expected: number): Promise<ReceivedSpan[]> {
  return eventually(
    async () => {
      await Promise.all(tracings.map((tracing) => tracing.flush()));
      const traceparent = handled.find((entry) => entry.note === note)?.traceparent;
      expect(traceparent).toBeDefined();
      const trace = receiver.spans.filter((span) => span.traceId === traceparent!.split('-')[1]);
      expect(trace.length).toBeGreaterThanOrEqual(expected);
      return trace;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
}

function only(trace: ReceivedSpan[], service: string, kind: number): ReceivedSpan {
  const matches = trace.filter((span) => span.service === service && span.kind === kind);
  expect(matches, `${service} spans of kind ${kind}`).toHaveLength(1);
  return matches[0]!;
}

describe('one request traced from the gateway to the consumer', () => {
  it('links gateway, proxy, service, outbox write, Kafka publish and consumer in one trace', async () => {
    await postThroughGateway('ok');
    const trace = await traceOf('ok', 6);

    const gatewayServer = only(trace, 'gateway', KIND.server);
    const gatewayClient = only(trace, 'gateway', KIND.client);
    const serviceServer = only(trace, 'probe-service', KIND.server);
    const outboxWrite = only(trace, 'probe-service', KIND.internal);
    const publish = only(trace, 'probe-service', KIND.producer);
    const consume = only(trace, 'probe-consumer', KIND.consumer);
    expect(trace).toHaveLength(6);

    // Each hop is the child of the one before it.
    expect(gatewayServer.parentSpanId || undefined).toBeUndefined();
    expect(gatewayClient.parentSpanId).toBe(gatewayServer.spanId);
    expect(serviceServer.parentSpanId).toBe(gatewayClient.spanId);
    expect(outboxWrite.parentSpanId).toBe(serviceServer.spanId);
    expect(publish.parentSpanId).toBe(outboxWrite.spanId);
    expect(consume.parentSpanId).toBe(publish.spanId);

    expect(gatewayServer).toMatchObject({ name: 'POST /api/v1/cart/*' });
    expect(gatewayServer.attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.path': '/api/v1/cart/probes',
      'http.response.status_code': 201,
    });
    expect(gatewayClient.attributes).toMatchObject({
      'spa.upstream.service': 'commerce',
      'url.full': expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/cart\/probes$/),
      'http.response.status_code': 201,
    });
    expect(serviceServer).toMatchObject({ name: 'POST /cart/probes' });
    expect(serviceServer.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/cart/probes',
      'http.response.status_code': 201,
    });
    expect(outboxWrite.attributes).toMatchObject({
      'messaging.destination.name': probe.topic,
      'spa.event.type': probe.type,
    });
    expect(publish.attributes).toMatchObject({
      'messaging.destination.name': probe.topic,
      'messaging.message.id': outboxWrite.attributes['messaging.message.id'],
    });
    expect(consume.attributes).toMatchObject({
      'messaging.destination.name': probe.topic,
      'messaging.message.id': outboxWrite.attributes['messaging.message.id'],
    });

    // The row keeps the outbox write's context; the handler runs in the consumer span's.
    const { rows } = await database.pool.query<{ traceparent: string }>(
      `select headers->>'traceparent' as traceparent from outbox where id = $1`,
      [outboxWrite.attributes['messaging.message.id']],
    );
    expect(rows[0]!.traceparent).toBe(`00-${outboxWrite.traceId}-${outboxWrite.spanId}-01`);
    expect(handled.find((entry) => entry.note === 'ok')!.traceparent).toBe(
      `00-${consume.traceId}-${consume.spanId}-01`,
    );
  });

  it('records a failing handler on its consumer span', async () => {
    await postThroughGateway('bad-data');
    const trace = await traceOf('bad-data', 6);
    const producerSpan = only(trace, 'probe-service', KIND.producer);
    // One consumer span per attempt (the batch attempt, then the message alone), each failed.
    const attempts = trace.filter((span) => span.kind === KIND.consumer);
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    for (const attempt of attempts) {
      expect(attempt.parentSpanId).toBe(producerSpan.spanId);
      expect(attempt.status).toMatchObject({ code: STATUS_ERROR, message: 'this probe is invalid' });
      expect(attempt.events?.map((event) => event.name)).toContain('exception');
    }
  });

  it('continues a trace the caller started and forwards the proxy span as the parent', async () => {
    const callerTraceId = randomUUID().replaceAll('-', '');
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/v1/cart/probes',
      payload: { note: 'continued' },
      headers: { traceparent: `00-${callerTraceId}-00f067aa0ba902b7-01` },
      remoteAddress: '10.78.0.1',
    });
    expect(response.statusCode).toBe(201);
    const trace = await traceOf('continued', 6);
    expect(trace[0]!.traceId).toBe(callerTraceId);
    expect(only(trace, 'gateway', KIND.server).parentSpanId).toBe('00f067aa0ba902b7');
  });
});
