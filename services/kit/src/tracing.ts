import { randomUUID } from 'node:crypto';
import {
  diag,
  DiagLogLevel,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  ATTR_SERVICE_INSTANCE_ID,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
} from '@opentelemetry/semantic-conventions';
import type { TracingSettings } from './config.js';
import { currentContext, propagationHeaders } from './context.js';
import type { Logger } from './logger.js';

export { SpanKind, SpanStatusCode, type Attributes, type Span, type Tracer };

/**
 * One service's tracer. When no OTLP endpoint is configured there is no provider and `tracer` is
 * undefined: the kit's hooks see that and create no spans at all, so tracing off costs one property read.
 */
export interface Tracing {
  readonly tracer: Tracer | undefined;
  /** Sends the spans still waiting in the batch. */
  flush(): Promise<void>;
  /** Flushes and stops exporting; called when the service stops. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  serviceName: string;
  settings?: TracingSettings;
  serviceVersion?: string;
  /** deployment.environment.name */
  environment?: string;
  /** Extra resource attributes (OTEL_RESOURCE_ATTRIBUTES is read as well). */
  attributes?: Attributes;
  /** Replaces the OTLP batch exporter (unit tests collect spans in memory). */
  spanProcessor?: SpanProcessor;
}

const TRACER_NAME = '@spa/kit';

const TRACING_OFF: Tracing = {
  tracer: undefined,
  flush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** OTEL_RESOURCE_ATTRIBUTES: `key=value,key2=value2`, values percent-encoded. */
export function resourceAttributesFromEnv(raw = process.env.OTEL_RESOURCE_ATTRIBUTES): Attributes {
  const attributes: Attributes = {};
  for (const pair of (raw ?? '').split(',')) {
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const key = pair.slice(0, separator).trim();
    try {
      attributes[key] = decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      attributes[key] = pair.slice(separator + 1).trim();
    }
  }
  return attributes;
}

/** A tracer provider for one service, exporting by OTLP/HTTP in batches; off without an endpoint. */
export function createTracing(options: TracingOptions): Tracing {
  const settings = options.settings;
  if (!settings?.exportUrl && !options.spanProcessor) return TRACING_OFF;
  const processor =
    options.spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: settings!.exportUrl }));
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({
        ...resourceAttributesFromEnv(),
        ...options.attributes,
        [ATTR_SERVICE_NAME]: options.serviceName,
        [ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
        ...(options.serviceVersion ? { [ATTR_SERVICE_VERSION]: options.serviceVersion } : {}),
        ...(options.environment ? { 'deployment.environment.name': options.environment } : {}),
      }),
    ),
    // A trace started upstream keeps its caller's decision, so a trace is never recorded in part.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings?.sampleRatio ?? 1) }),
    spanProcessors: [processor],
  });
  return {
    tracer: provider.getTracer(TRACER_NAME),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

let processTracing: Tracing = TRACING_OFF;

/**
 * Creates the process's tracing (a service's main does this once) and makes it what the kit's HTTP
 * hooks, outbox, relay and consumer use when they are not handed a tracer of their own.
 */
export function startTracing(options: TracingOptions & { logger?: Logger }): Tracing {
  const tracing = createTracing(options);
  if (!tracing.tracer) return tracing;
  if (options.logger) {
    const logger = options.logger;
    // The exporter reports a collector it cannot reach through diag; say so in the service's log.
    diag.setLogger(
      {
        error: (message, ...args) => logger.warn({ otel: args }, `tracing: ${message}`),
        warn: (message, ...args) => logger.warn({ otel: args }, `tracing: ${message}`),
        info: () => undefined,
        debug: () => undefined,
        verbose: () => undefined,
      },
      DiagLogLevel.WARN,
    );
  }
  processTracing = tracing;
  return tracing;
}

/** The tracer the kit uses by default: the process's, or undefined when tracing is off. */
export function activeTracer(): Tracer | undefined {
  return processTracing.tracer;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A W3C traceparent as a (remote) span context; undefined when absent or malformed. */
export function parseTraceparent(value: string | undefined): SpanContext | undefined {
  const match = value ? TRACEPARENT.exec(value) : null;
  if (!match) return undefined;
  const spanContext: SpanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: parseInt(match[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
  return isSpanContextValid(spanContext) ? spanContext : undefined;
}

export function formatTraceparent(spanContext: SpanContext): string {
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

export function traceparentOf(span: Span): string {
  return formatTraceparent(span.spanContext());
}

/** The OpenTelemetry context whose parent is the span a traceparent names (the root when none). */
export function contextFromTraceparent(traceparent: string | undefined): Context {
  const parent = parseTraceparent(traceparent);
  return parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
}

/** Starts a span whose parent is the given traceparent (usually the current request's or event's). */
export function startSpan(
  tracer: Tracer,
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: string },
): Span {
  return tracer.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    contextFromTraceparent(options.parent),
  );
}

/** Marks a span failed with the error as an exception event. */
export function recordSpanError(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** The span of the request or event being handled, to add attributes or events to; undefined when off. */
export function activeSpan(): Span | undefined {
  return currentContext()?.span;
}

/** An outgoing call under way: the headers to send, and `end` once it has answered or failed. */
export interface OutgoingCall {
  headers: Record<string, string>;
  end(outcome: { statusCode?: number; error?: unknown }): void;
}

/**
 * A client span for an HTTP call made while handling a request or event; the traceparent it hands
 * back makes the callee's server span its child. With tracing off, the plain propagation headers.
 */
export function startOutgoingCall(
  name: string,
  attributes: Attributes | (() => Attributes),
  tracer: Tracer | undefined = activeTracer(),
): OutgoingCall {
  if (!tracer) return { headers: propagationHeaders(), end: () => undefined };
  const context = currentContext();
  const span = startSpan(tracer, name, {
    kind: SpanKind.CLIENT,
    attributes: typeof attributes === 'function' ? attributes() : attributes,
    parent: context?.traceparent,
  });
  let ended = false;
  return {
    headers: {
      ...(context ? { 'x-request-id': context.requestId } : {}),
      traceparent: traceparentOf(span),
    },
    end({ statusCode, error }) {
      if (ended) return;
      ended = true;
      if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
      if (error !== undefined) recordSpanError(span, error);
      else if (statusCode !== undefined && statusCode >= 400)
        span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${statusCode}` });
      span.end();
    },
  };
}
