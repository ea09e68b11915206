import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { runWithContext, newTraceparent } from '../context.js';
import { valueWithin } from '../finish-within.js';
import {
  activeTracer,
  recordSpanError,
  SpanKind,
  SpanStatusCode,
  startSpan,
  traceparentOf,
  type Span,
  type Tracer,
} from '../tracing.js';
import type { Logger } from '../logger.js';
import { httpRequestDuration, metricsRegistry } from '../metrics.js';
import { authentication } from '../auth/guards.js';
import type { TokenVerifier } from '../auth/tokens.js';
import { internalRouteGuard, type InternalCallers, type ServiceAuth } from '../auth/service-auth.js';
import { installErrorHandling, toErrorResponse } from './errors.js';
import { installJsonBodyParser, validatorCompiler } from './validation.js';

/** Resolves when a dependency answers, rejects when it does not. */
export type ReadinessCheck = () => Promise<void>;

/**
 * A dependency behind /readyz and /healthz. A bare check is required: /readyz answers 503 while it
 * fails, taking the pod out of rotation. `required: false` marks one the service keeps serving without
 * (Kafka: writes go to the outbox, sent once the brokers are back): /readyz still lists it but stays
 * 200, and /healthz reports the service `degraded`.
 */
export type DependencyCheck = ReadinessCheck | { check: ReadinessCheck; required: boolean };

export interface AppOptions extends BaseAppOptions {
  name: string;
  version?: string;
  description?: string;
  /** Named checks behind /readyz and /healthz (database, kafka, redis...); see DependencyCheck. */
  readiness?: Record<string, DependencyCheck>;
  verifier?: TokenVerifier;
  /**
   * Whether a write to this service may revoke its caller's token (identity: sign-out, a new password,
   * a deleted account). Then what this process remembers of the caller's token being live is forgotten
   * before each write's answer leaves (forgetCallerTokenOnWrites). The other services' writes never
   * revoke one: a sign-out is a write to identity, which forgets the ids itself, and it passes the
   * gateway, which forgets its caller's token on every write; there, forgetting would only send every
   * write's next request to Redis. Default true.
   */
  writesMayRevokeTokens?: boolean;
  /** Verifies the credentials of calls to this service's /internal routes (none: all are refused). */
  serviceAuth?: ServiceAuth;
  /** Each /internal route's allowed callers; an /internal route missing here stops start-up. */
  internalCallers?: InternalCallers;
  /** Routes under this prefix appear in the OpenAPI document (internal routes stay out). */
  openapiTags?: { name: string; description?: string }[];
}

/** How long /readyz waits for each check (the probes' timeout is 3 s; the gateway waits 2.5 s). */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * How long /healthz waits for each: it is the liveness and startup probe (1 s timeout by default), so
 * a slow dependency is reported, never what makes the probe fail.
 */
const HEALTH_CHECK_TIMEOUT_MS = 500;

async function withTimeout(check: ReadinessCheck, timeoutMs: number): Promise<void> {
  if ((await valueWithin(check, timeoutMs, { holdProcess: false })).late)
    throw new Error(`timed out after ${timeoutMs} ms`);
}

export interface BaseAppOptions {
  logger: Logger;
  bodyLimit?: number;
  /** Server spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
  /** Fastify's trustProxy: which peers' X-Forwarded-For sets request.ip (the gateway's TRUSTED_PROXIES). */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

const serverSpans = new WeakMap<FastifyRequest, Span>();

/** A server span per request, child of the caller's traceparent; it becomes the request's context. */
function startServerSpan(tracer: Tracer, request: FastifyRequest, incoming: string | undefined): Span {
  const route = request.routeOptions.url;
  const span = startSpan(tracer, route ? `${request.method} ${route}` : request.method, {
    kind: SpanKind.SERVER,
    parent: incoming,
    attributes: {
      'http.request.method': request.method,
      'url.path': request.url.split('?')[0],
      'url.scheme': request.protocol,
      ...(route ? { 'http.route': route } : {}),
      'client.address': request.ip,
      'spa.request_id': request.id,
      ...(request.headers['user-agent'] ? { 'user_agent.original': request.headers['user-agent'] } : {}),
    },
  });
  serverSpans.set(request, span);
  return span;
}

function endServerSpan(request: FastifyRequest, statusCode: number, aborted = false): void {
  const span = serverSpans.get(request);
  if (!span) return;
  serverSpans.delete(request);
  span.setAttribute('http.response.status_code', statusCode);
  if (aborted) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away' });
  else if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${statusCode}` });
  span.end();
}

/**
 * What every HTTP server here shares, the gateway included: request ids and trace context, strict
 * JSON-schema validation, the one error shape and request metrics.
 */
export function createBaseApp(options: BaseAppOptions): FastifyInstance {
  // Widened on purpose: Fastify infers its logger type from this, and the app is a FastifyInstance.
  const loggerInstance: FastifyBaseLogger = options.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The router's own refusals (a path parameter over maxParamLength, a malformed URL) in the one shape too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorResponse(error);
      void (reply as FastifyReply).code(status).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);

  app.addHook('onRequest', (request, reply, done) => {
    const incoming =
      typeof request.headers.traceparent === 'string' ? request.headers.traceparent : undefined;
    reply.header('x-request-id', request.id);
    const tracer = options.tracer ?? activeTracer();
    if (!tracer) {
      runWithContext({ requestId: request.id, traceparent: incoming ?? newTraceparent() }, done);
      return;
    }
    const span = startServerSpan(tracer, request, incoming);
    runWithContext({ requestId: request.id, traceparent: traceparentOf(span), span }, done);
  });
  app.addHook('onError', async (request, _reply, error) => {
    const span = serverSpans.get(request);
    if (span && toErrorResponse(error).status >= 500) recordSpanError(span, error);
  });
  app.addHook('onRequestAbort', (request, done) => {
    endServerSpan(request, 499, true);
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    endServerSpan(request, reply.statusCode);
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe(
      { method: request.method, route, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  return app;
}

/**
 * Runs every check at once, each limited to `timeoutMs`. `ready`:
 * every required one is up (/readyz); `healthy`: every one is (/healthz says `ok`, else `degraded`).
 * `checks` names the state of each.
 */
export async function checkReadiness(
  readiness: Record<string, DependencyCheck>,
  timeoutMs = CHECK_TIMEOUT_MS,
) {
  const entries = await Promise.all(
    Object.entries(readiness).map(async ([name, dependency]) => {
      const { check, required } =
        typeof dependency === 'function' ? { check: dependency, required: true } : dependency;
      try {
        await withTimeout(check, timeoutMs);
        return { name, required, up: true, state: 'up' };
      } catch (error) {
        return {
          name,
          required,
          up: false,
          state: `down: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }),
  );
  return {
    ready: entries.every(({ up, required }) => up || !required),
    healthy: entries.every(({ up }) => up),
    checks: Object.fromEntries(entries.map(({ name, state }) => [name, state])) as Record<string, string>,
  };
}

function requiredOnly(readiness: Record<string, DependencyCheck>): Record<string, DependencyCheck> {
  return Object.fromEntries(
    Object.entries(readiness).filter(
      ([, dependency]) => typeof dependency === 'function' || dependency.required,
    ),
  );
}

/**
 * A service's app: the base app plus bearer-token authentication, /healthz, /readyz, /metrics and
 * its OpenAPI document at /openapi.json.
 */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createBaseApp(options);
  // Services only: the gateway passes bodies through unparsed (its proxy brings its own parser).
  installJsonBodyParser(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: options.name, version: options.version ?? '0.1.0', description: options.description },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      tags: options.openapiTags,
    },
    hideUntagged: false,
    transform: ({ schema, url }) => ({
      schema: { ...schema, hide: schema?.hide ?? (url.startsWith('/internal') || url.startsWith('/_')) },
      url,
    }),
  });

  await app.register(internalRouteGuard, {
    auth: options.serviceAuth,
    callers: options.internalCallers ?? {},
  });
  if (options.verifier)
    await app.register(authentication, {
      verifier: options.verifier,
      forgetCallerOnWrites: options.writesMayRevokeTokens ?? true,
    });
  else app.decorateRequest('user', null);

  // Liveness: 200 whenever the process answers, so a dependency's outage never restarts the pod; the
  // body says `degraded` and which dependency is down (a required one takes /readyz to 503 as well).
  app.get('/healthz', { schema: { hide: true } }, async () => {
    const { healthy, checks } = await checkReadiness(options.readiness ?? {}, HEALTH_CHECK_TIMEOUT_MS);
    return { status: healthy ? 'ok' : 'degraded', service: options.name, checks };
  });
  // Readiness: 503 only while a required dependency is down. Optional ones are not asked at all (that
  // is /healthz's job): with Kafka gone its ping waits out its limit, and a load balancer that checks
  // every 500 ms with a 500 ms timeout (HAProxy's default) would take every replica out for it.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { ready, checks } = await checkReadiness(requiredOnly(options.readiness ?? {}));
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', service: options.name, checks });
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics()),
  );
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  return app;
}
