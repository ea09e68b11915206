import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceAuth, parsePublicKeys, type ServiceAuth } from '../auth/service-auth.js';
import { runWithContext } from '../context.js';
import { createLogger } from '../logger.js';
import { testServiceKeyEnv } from '../testing/index.js';
import { createTracing, parseTraceparent, SpanKind, startSpan, traceparentOf } from '../tracing.js';
import { createApp } from './app.js';
import { createInternalClient, InternalCallError, type InternalClientOptions } from './internal-client.js';

const authOf = (service: string) => {
  const env = testServiceKeyEnv(service);
  return createServiceAuth(service, {
    privateKey: env.SERVICE_KEY,
    publicKeys: parsePublicKeys(env.SERVICE_PUBLIC_KEYS),
  });
};

/*
 * A real callee: the kit's app with its internal-route guard, listening on a port. Each route counts
 * its calls and remembers the headers it got, so a test can see what the client sent.
 */
let app: FastifyInstance;
let url: string;
let commerce: ServiceAuth;
const hits = new Map<string, number>();
const seen: Array<Record<string, string | string[] | undefined>> = [];
const hit = (name: string) => {
  const count = (hits.get(name) ?? 0) + 1;
  hits.set(name, count);
  return count;
};

beforeAll(async () => {
  commerce = await authOf('commerce');
  app = await createApp({
    name: 'booking',
    logger: createLogger('internal-client-spec', 'silent'),
    serviceAuth: await authOf('booking'),
    internalCallers: {
      '/internal/count': ['commerce'],
      '/internal/flaky': ['commerce'],
      '/internal/down': ['commerce'],
      '/internal/slow': ['commerce'],
      '/internal/refuse': ['commerce'],
      '/internal/odd': ['commerce'],
      '/internal/orders': ['commerce'],
      '/internal/pdf': ['commerce'],
    },
  });
  app.addHook('onRequest', (request, _reply, done) => {
    seen.push({ ...request.headers });
    done();
  });
  app.get<{ Querystring: { roomId?: string } }>('/internal/count', (request) => ({
    count: 3,
    roomId: request.query.roomId ?? null,
    caller: request.callerService,
  }));
  // Fails twice with a 503, then answers.
  app.get('/internal/flaky', async (_request, reply) =>
    hit('flaky') <= 2 ? reply.code(503).send({ message: 'busy', code: 'BUSY' }) : { ok: true },
  );
  app.get('/internal/down', async (_request, reply) => {
    hit('down');
    return reply.code(500).send({ message: 'broken', code: 'INTERNAL' });
  });
  app.get('/internal/slow', async () => {
    hit('slow');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return { ok: true };
  });
  app.post('/internal/refuse', async (_request, reply) => {
    hit('refuse');
    return reply
      .code(409)
      .send({ message: 'Not enough stock', code: 'INSUFFICIENT_STOCK', details: [{ n: 1 }] });
  });
  app.get('/internal/odd', () => {
    hit('odd');
    return { count: 'three' };
  });
  // A POST that fails once with a 502: retried only when it names an idempotency key.
  app.post<{ Body: { orderId: string } }>('/internal/orders', async (request, reply) => {
    const count = hit(`orders:${request.body.orderId}`);
    if (count === 1) return reply.code(502).send({ message: 'try again', code: 'UPSTREAM' });
    return { orderId: request.body.orderId, key: request.headers['idempotency-key'] ?? null };
  });
  app.get('/internal/pdf', async (_request, reply) =>
    reply.type('application/pdf').send(Buffer.from('%PDF-1.7')),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // The client's keep-alive sockets (and the ones its timeouts abandoned) would hold close() up.
  app.server.closeAllConnections();
  await app.close();
});
beforeEach(() => {
  hits.clear();
  seen.length = 0;
});

const clientOf = (options: Partial<InternalClientOptions> = {}) =>
  createInternalClient({
    callee: 'booking',
    baseUrl: url,
    auth: commerce,
    timeoutMs: 2_000,
    retryDelayMs: 1,
    ...options,
  });

const failure = async (work: Promise<unknown>): Promise<InternalCallError> => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InternalCallError);
  return error as InternalCallError;
};

describe('the internal client', () => {
  it('signs each call for its callee, which knows the caller, and decodes the answer with its schema', async () => {
    const schema = z.object({ count: z.number().int(), roomId: z.string().nullable(), caller: z.string() });
    const answer = await clientOf().get('/internal/count', schema, { query: { roomId: 'r 1' } });
    expect(answer).toEqual({ count: 3, roomId: 'r 1', caller: 'commerce' });
    expect(seen[0]!['x-service-token']).toEqual(expect.any(String));
    // A fresh credential every time: the callee refuses a replayed one.
    await clientOf().get('/internal/count', schema);
    expect(seen[1]!['x-service-token']).not.toBe(seen[0]!['x-service-token']);
  });

  it('without a signer the callee refuses it: refused, 401, in the one error shape', async () => {
    const error = await failure(clientOf({ auth: undefined }).get('/internal/count', z.unknown()));
    expect(error.kind).toBe('refused');
    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('retries a GET that answers 5xx and answers what the last attempt got', async () => {
    await expect(clientOf().get('/internal/flaky', z.object({ ok: z.literal(true) }))).resolves.toEqual({
      ok: true,
    });
    expect(hits.get('flaky')).toBe(3);
    // Each attempt was signed afresh (a credential works once).
    expect(new Set(seen.map((headers) => headers['x-service-token'])).size).toBe(3);
  });

  it('gives up after its retries: unavailable, with the last answer', async () => {
    const error = await failure(clientOf({ retries: 1 }).get('/internal/down', z.unknown()));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(500);
    expect(error.code).toBe('INTERNAL');
    expect(error.call).toEqual({ callee: 'booking', method: 'GET', path: '/internal/down', attempts: 2 });
    expect(hits.get('down')).toBe(2);
  });

  it('times an attempt out: unavailable, and retried when repeatable', async () => {
    const started = Date.now();
    const error = await failure(clientOf({ timeoutMs: 100, retries: 1 }).get('/internal/slow', z.unknown()));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/timeout|aborted/i);
    expect(hits.get('slow')).toBe(2);
    // Two attempts of 100 ms each, not two waits for the 2 s answer.
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('answers a 4xx at once as refused, with the callee’s code, message and details; never retried', async () => {
    const error = await failure(
      clientOf().post('/internal/refuse', { a: 1 }, z.unknown(), { idempotencyKey: 'k-1' }),
    );
    expect(error.kind).toBe('refused');
    expect(error.answer).toEqual({
      status: 409,
      code: 'INSUFFICIENT_STOCK',
      message: 'Not enough stock',
      details: [{ n: 1 }],
    });
    expect(hits.get('refuse')).toBe(1);
  });

  it('treats an answer its schema refuses as unavailable, without retrying', async () => {
    const error = await failure(clientOf().get('/internal/odd', z.object({ count: z.number() })));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(200);
    expect(hits.get('odd')).toBe(1);
  });

  it('retries a POST only when it names an idempotency key, which it sends', async () => {
    const schema = z.object({ orderId: z.string(), key: z.string().nullable() });
    const once = await failure(clientOf().post('/internal/orders', { orderId: 'o-1' }, schema));
    expect(once.kind).toBe('unavailable');
    expect(once.status).toBe(502);
    expect(hits.get('orders:o-1')).toBe(1);

    const keyed = await clientOf().post('/internal/orders', { orderId: 'o-2' }, schema, {
      idempotencyKey: 'o-2',
    });
    expect(keyed).toEqual({ orderId: 'o-2', key: 'o-2' });
    expect(hits.get('orders:o-2')).toBe(2);
  });

  it('answers bytes for a file', async () => {
    const pdf = await clientOf().bytes({ method: 'GET', path: '/internal/pdf' });
    expect(pdf.toString()).toBe('%PDF-1.7');
  });

  it('an unreachable callee is unavailable after its retries', async () => {
    const error = await failure(
      clientOf({ baseUrl: 'http://127.0.0.1:9', retries: 1 }).get('/internal/count', z.unknown()),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.call.attempts).toBe(2);
  });

  it('carries the request id and the trace: a client span per attempt, the callee’s request its child', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = createTracing({
      serviceName: 'commerce',
      settings: { exportUrl: 'http://127.0.0.1:9/v1/traces', sampleRatio: 1 },
      spanProcessor: new SimpleSpanProcessor(exporter),
    });
    const tracer = tracing.tracer!;
    const parent = startSpan(tracer, 'server', { kind: SpanKind.SERVER });
    await runWithContext({ requestId: 'req-7', traceparent: traceparentOf(parent), span: parent }, () =>
      clientOf({ tracer }).get('/internal/flaky', z.unknown()),
    );
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(3);
    expect(spans.every((span) => span.kind === SpanKind.CLIENT && span.name === 'GET booking')).toBe(true);
    expect(spans.map((span) => span.attributes['http.response.status_code'])).toEqual([503, 503, 200]);
    expect(spans.every((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId)).toBe(true);
    expect(seen.map((headers) => headers['x-request-id'])).toEqual(['req-7', 'req-7', 'req-7']);
    const sent = seen.map((headers) => parseTraceparent(headers.traceparent as string)!);
    expect(sent.map((context) => context.spanId)).toEqual(spans.map((span) => span.spanContext().spanId));
    expect(new Set(sent.map((context) => context.traceId))).toEqual(new Set([parent.spanContext().traceId]));
    parent.end();
    await tracing.shutdown();
  });
});
