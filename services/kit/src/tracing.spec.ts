import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { currentContext, propagationHeaders, runWithContext } from './context.js';
import { createApp } from './http/app.js';
import { createLogger } from './logger.js';
import {
  activeTracer,
  createTracing,
  formatTraceparent,
  parseTraceparent,
  resourceAttributesFromEnv,
  SpanKind,
  SpanStatusCode,
  startOutgoingCall,
  startSpan,
  traceparentOf,
} from './tracing.js';

const logger = createLogger('tracing-spec', 'silent');
const CALLER = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

function inMemoryTracing(sampleRatio = 1) {
  const exporter = new InMemorySpanExporter();
  const tracing = createTracing({
    serviceName: 'spec-service',
    settings: { exportUrl: 'http://127.0.0.1:9/v1/traces', sampleRatio },
    spanProcessor: new SimpleSpanProcessor(exporter),
  });
  return { tracing, tracer: tracing.tracer!, spans: () => exporter.getFinishedSpans() };
}

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(cleanup.map((step) => step()));
  cleanup = [];
});

describe('traceparent', () => {
  it('reads and writes the W3C form, refusing malformed and all-zero ids', () => {
    const parsed = parseTraceparent(CALLER)!;
    expect(parsed).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' });
    expect(formatTraceparent(parsed)).toBe(CALLER);
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')?.traceFlags).toBe(0);
    for (const bad of [undefined, '', 'garbage', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, `${CALLER}-x`])
      expect(parseTraceparent(bad)).toBeUndefined();
  });
});

describe('tracing settings', () => {
  it('is off without an endpoint: no tracer, and the process default stays off', async () => {
    const tracing = createTracing({ serviceName: 'x', settings: { sampleRatio: 1 } });
    expect(tracing.tracer).toBeUndefined();
    await expect(tracing.shutdown()).resolves.toBeUndefined();
    expect(activeTracer()).toBeUndefined();
  });

  it('reads OTEL_RESOURCE_ATTRIBUTES', () => {
    expect(resourceAttributesFromEnv('deployment.region=eu%20west,team=spa,broken')).toEqual({
      'deployment.region': 'eu west',
      team: 'spa',
    });
  });

  it("samples new traces by ratio but always follows the caller's decision", () => {
    const { tracer } = inMemoryTracing(0);
    expect(startSpan(tracer, 'root', {}).isRecording()).toBe(false);
    expect(startSpan(tracer, 'child', { parent: CALLER }).isRecording()).toBe(true);
    const unsampledCaller = CALLER.replace(/01$/, '00');
    const child = startSpan(tracer, 'child', { parent: unsampledCaller });
    expect(child.isRecording()).toBe(false);
    // Not recorded, but still its own span id in the caller's trace, passed on unsampled.
    expect(traceparentOf(child)).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-00$/);
    expect(traceparentOf(child)).not.toBe(unsampledCaller);
  });
});

describe('server spans', () => {
  it('makes each request a server span under the caller and runs the handler in it', async () => {
    const { tracer, spans } = inMemoryTracing();
    const app = await createApp({ name: 'spec', logger, tracer });
    cleanup.push(() => app.close());
    let seen: string | undefined;
    let outgoing: Record<string, string> = {};
    app.get('/things/:id', () => {
      seen = currentContext()?.traceparent;
      outgoing = propagationHeaders();
      return { ok: true };
    });
    app.get('/broken', () => Promise.reject(new Error('the database fell over')));

    const response = await app.inject({ url: '/things/7?full=1', headers: { traceparent: CALLER } });
    expect(response.statusCode).toBe(200);
    const [server] = spans();
    expect(server!.name).toBe('GET /things/:id');
    expect(server!.kind).toBe(SpanKind.SERVER);
    expect(server!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(server!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/things/:id',
      'url.path': '/things/7',
      'http.response.status_code': 200,
    });
    expect(seen).toBe(formatTraceparent(server!.spanContext()));
    // A call made from the handler names the server span as its parent.
    expect(outgoing.traceparent).toBe(seen);

    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    const failed = spans()[1]!;
    expect(failed.parentSpanContext).toBeUndefined();
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.events.map((event) => event.name)).toContain('exception');
  });

  it('with tracing off keeps the caller traceparent as the context and records nothing', async () => {
    const app = await createApp({ name: 'spec', logger });
    cleanup.push(() => app.close());
    let seen: string | undefined;
    app.get('/plain', () => {
      seen = currentContext()?.traceparent;
      return { ok: true };
    });
    await app.inject({ url: '/plain', headers: { traceparent: CALLER } });
    expect(seen).toBe(CALLER);
    expect(currentContext()).toBeUndefined();
  });
});

describe('outgoing calls', () => {
  it('is a client span under the current span, failed on a 5xx', () => {
    const { tracer, spans } = inMemoryTracing();
    const parent = startSpan(tracer, 'server', { kind: SpanKind.SERVER });
    runWithContext({ requestId: 'r-1', traceparent: traceparentOf(parent), span: parent }, () => {
      const call = startOutgoingCall('GET billing', { 'spa.upstream.service': 'billing' }, tracer);
      expect(call.headers['x-request-id']).toBe('r-1');
      const sent = parseTraceparent(call.headers.traceparent)!;
      expect(sent.traceId).toBe(parent.spanContext().traceId);
      call.end({ statusCode: 503 });
      call.end({ statusCode: 200 });
      const [client] = spans();
      expect(client!.spanContext().spanId).toBe(sent.spanId);
      expect(client!.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
      expect(client!.kind).toBe(SpanKind.CLIENT);
      expect(client!.status.code).toBe(SpanStatusCode.ERROR);
      expect(client!.attributes['http.response.status_code']).toBe(503);
    });
  });

  it('with tracing off sends the plain propagation headers', () => {
    runWithContext({ requestId: 'r-2', traceparent: CALLER }, () => {
      const call = startOutgoingCall('GET billing', {});
      expect(call.headers['x-request-id']).toBe('r-2');
      expect(call.headers.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
      expect(call.headers.traceparent).not.toBe(CALLER);
      call.end({ statusCode: 200 });
    });
  });
});
