import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  AUTH_UNAVAILABLE_MESSAGE,
  createBaseApp,
  InvalidTokenError,
  jwtVerification,
  KeySetUnavailableError,
  verifyRequestToken,
  metricsRegistry,
  notFound,
  startOutgoingCall,
  type Logger,
  type OutgoingCall,
  type Redis,
  type TokenVerifier,
  type Tracer,
} from '@spa/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminStatsRoutes } from './admin-stats.js';
import { declaresOversizeBody } from './body-limit.js';
import { SharedRateLimiter } from './api-rate-limit.js';
import { encode, isCompressible, preferredEncoding, varyWithEncoding } from './compression.js';
import { encodedBody, isSharedCacheable, SharedResponseCache } from './shared-cache.js';
import type { GatewayConfig } from './config.js';
import { platformHealth } from './health.js';
import { metricsAllowed } from './metrics-access.js';
import { mergeOpenApi } from './openapi.js';
import {
  API_PREFIX,
  isUnder,
  PASSWORD_PATHS,
  PUBLIC_FILE_ROUTES,
  resolveService,
  ROUTES,
  SENSITIVE_AUTH_PATHS,
  SERVICE_NAMES,
  type ServiceName,
} from './routing.js';
import { contentSecurityPolicy, SECURITY_HEADERS } from './security.js';
import { ssrPages } from './ssr.js';
import { CLIENT_ADDRESS_HEADER } from './trusted-proxies.js';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  verifier: TokenVerifier;
  /** Server and proxy spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
}

const SERVICE_LABEL: Record<ServiceName, string> = {
  identity: 'accounts',
  catalogue: 'catalogue',
  booking: 'booking',
  commerce: 'store and payments',
  billing: 'billing',
  notification: 'notification',
};

function upstreamFailure(service: ServiceName, error: { code?: string; statusCode?: number }) {
  const label = SERVICE_LABEL[service];
  if (error.statusCode === 504 || error.code?.includes('TIMEOUT')) {
    return {
      status: 504,
      body: {
        message: `The ${label} service took too long to answer. Please try again.`,
        code: 'UPSTREAM_TIMEOUT',
      },
    };
  }
  return {
    status: 502,
    body: {
      message: `The ${label} service is not reachable right now. Please try again shortly.`,
      code: 'UPSTREAM_UNAVAILABLE',
    },
  };
}

/** Bodies up to this size are passed on in one write; larger ones (images, PDFs) stream through. */
const BUFFERED_BODY_LIMIT = 256 * 1024;

/**
 * Most API answers are a few kilobytes of JSON. Piping them chunk by chunk costs a write (and a trip
 * through the stream machinery) per chunk; gathering them first and writing once is cheaper.
 */
function sendUpstreamBody(
  reply: {
    getHeader(name: string): unknown;
    header(name: string, value: unknown): unknown;
    send(payload: unknown): unknown;
    code(status: number): { send(payload: unknown): unknown };
    request: { headers: Record<string, unknown>; log: { warn(details: object, message: string): void } };
  },
  body: Readable,
  service: ServiceName,
  onBuffered: (body: Buffer) => Buffer | undefined,
): void {
  const length = Number(reply.getHeader('content-length'));
  if (!Number.isFinite(length) || length > BUFFERED_BODY_LIMIT) {
    void reply.send(body);
    return;
  }
  const chunks: Buffer[] = [];
  body.on('data', (chunk: Buffer) => chunks.push(chunk));
  body.once('end', () => {
    const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const compressed = onBuffered(whole);
    void reply.send(compressed ?? whole);
  });
  body.once('error', (error) => {
    const { status, body: answer } = upstreamFailure(service, error as { code?: string });
    reply.request.log.warn({ service, err: error }, 'upstream body failed');
    void reply.code(status).send(answer);
  });
}

/** The single public entry: /api/v1 routed to the owning service, the SPA, docs and health. */
export async function buildGateway({
  config,
  logger,
  redis,
  verifier,
  tracer,
}: GatewayDeps): Promise<FastifyInstance> {
  const app = createBaseApp({ logger, tracer, trustProxy: config.trustedProxies });
  const csp = contentSecurityPolicy(config.csp);
  app.decorateRequest('user', null);

  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    // The docs page brings its own policy (its scripts are hashed); everything else gets the SPA's.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    return payload;
  });

  // A body larger than the service accepts is refused here, before any of it is proxied.
  app.addHook('onRequest', async (request, reply) => {
    if (declaresOversizeBody(request.url, request.headers['content-length']))
      return reply.code(413).send({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  // Tokens are checked before a request leaves the gateway: a bad, expired or revoked one never reaches a
  // service. @fastify/jwt verifies them with identity's published keys (kit's jwtVerification).
  await app.register(jwtVerification, { verifier });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    try {
      request.user = (await verifyRequestToken(request, verifier)) ?? null;
    } catch (error) {
      if (error instanceof InvalidTokenError)
        return reply.code(401).send({ message: error.message, code: 'UNAUTHORIZED' });
      request.log.error(
        { err: error },
        error instanceof KeySetUnavailableError
          ? 'could not verify a token: the key set is unreachable'
          : 'could not verify a token',
      );
      return reply.code(503).send({ message: AUTH_UNAVAILABLE_MESSAGE, code: 'AUTH_UNAVAILABLE' });
    }
  });

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'gateway-rl:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      code: 'RATE_LIMITED',
    }),
  });
  const apiLimiter = new SharedRateLimiter(redis, {
    max: config.rateLimit.max,
    windowMs: 60_000,
    flushMs: config.rateLimit.flushMs,
    keyPrefix: 'gateway-rl:api:',
  });
  apiLimiter.start();
  app.addHook('onClose', async () => apiLimiter.stop());
  const authLimit = app.rateLimit({
    max: config.rateLimit.authMax,
    timeWindow: '1 minute',
    keyGenerator: (request) => `auth:${request.ip}`,
  });
  const passwordLimit = app.rateLimit({
    max: config.rateLimit.passwordMax,
    timeWindow: '10 minutes',
    keyGenerator: (request) => `password:${request.ip}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    const path = request.url.slice(API_PREFIX.length);
    if (request.method === 'POST' && isUnder(path, SENSITIVE_AUTH_PATHS))
      await authLimit.call(app, request, reply);
    else if (request.method !== 'GET' && isUnder(path, PASSWORD_PATHS))
      await passwordLimit.call(app, request, reply);
    if (reply.sent) return;
    const verdict = apiLimiter.hit(request.ip);
    const resetSeconds = Math.ceil(verdict.resetInMs / 1000);
    reply.header('x-ratelimit-limit', verdict.limit);
    reply.header('x-ratelimit-remaining', verdict.remaining);
    reply.header('x-ratelimit-reset', resetSeconds);
    if (!verdict.allowed)
      return reply
        .code(429)
        .header('retry-after', resetSeconds)
        .send({
          message: `Too many requests. Please wait ${resetSeconds} seconds and try again.`,
          code: 'RATE_LIMITED',
        });
  });

  const sharedCache = new SharedResponseCache(config.sharedCacheEntries);
  // Anonymous reads a service marked shareable (s-maxage) are answered from memory while fresh.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`) || !isSharedCacheable(request)) return;
    const cached = sharedCache.get(request.url);
    if (!cached) return;
    reply.headers(cached.headers).header('x-cache', 'HIT');
    const compressible = isCompressible(cached.headers['content-type'], cached.body.length);
    if (compressible) reply.header('vary', varyWithEncoding(cached.headers.vary));
    const wanted = request.headers['if-none-match'];
    if (wanted && cached.headers.etag && wanted.split(',').some((tag) => tag.trim() === cached.headers.etag))
      return reply.code(304).send();
    const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.code(200).send(cached.body);
    // Compressed once per encoding for the life of the cached answer, not on every hit.
    return reply.code(200).header('content-encoding', encoding).send(encodedBody(cached, encoding));
  });
  // A write that went through here may change what that service's cached reads say (another replica's
  // copies age out within their s-maxage). Only that service's: emptying the whole cache on every
  // sign-in, cart change or booking left anonymous visitors nothing cached under mixed traffic.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const service = request.url.startsWith(`${API_PREFIX}/`)
      ? resolveService(request.url.slice(API_PREFIX.length))
      : undefined;
    if (service) sharedCache.forget(service);
    else sharedCache.clear();
  });

  // One client span per forwarded request, child of the gateway's server span; the service's server
  // span becomes its child through the traceparent it sends.
  const upstreamCalls = new WeakMap<object, OutgoingCall>();
  const upstreamAddresses = Object.fromEntries(
    SERVICE_NAMES.map((service) => {
      const url = new URL(config.upstreams[service]);
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      return [service, { origin: url.origin, host: url.hostname, port }];
    }),
  ) as Record<ServiceName, { origin: string; host: string; port: number }>;
  const startUpstreamCall = (
    request: { method: string; url: string },
    service: ServiceName,
    path: string,
  ) => {
    const upstream = upstreamAddresses[service];
    const call = startOutgoingCall(
      `${request.method} ${service}`,
      () => ({
        'http.request.method': request.method,
        'server.address': upstream.host,
        'server.port': upstream.port,
        'url.full': `${upstream.origin}${path}`,
        'spa.upstream.service': service,
      }),
      tracer,
    );
    upstreamCalls.set(request, call);
    return call.headers;
  };
  const endUpstreamCall = (request: object, outcome: { statusCode?: number; error?: unknown }) => {
    upstreamCalls.get(request)?.end(outcome);
    upstreamCalls.delete(request);
  };
  // An aborted request gets neither onResponse nor onError from the proxy.
  app.addHook('onResponse', async (request, reply) =>
    endUpstreamCall(request, { statusCode: reply.statusCode }),
  );
  app.addHook('onRequestAbort', async (request) =>
    endUpstreamCall(request, { error: new Error('the client went away') }),
  );

  const proxy = (service: ServiceName, prefix: string, rewritePrefix: string) => {
    if (!config.enabledServices.includes(service)) {
      const answer = async (_request: FastifyRequest, reply: FastifyReply) =>
        reply.code(503).send({
          message: `The ${SERVICE_LABEL[service]} service is not available yet.`,
          code: 'SERVICE_NOT_AVAILABLE',
        });
      app.all(prefix, answer);
      app.all(`${prefix}/*`, answer);
      return;
    }
    return app.register(httpProxy, {
      upstream: config.upstreams[service],
      prefix,
      rewritePrefix,
      undici: {
        connections: 64,
        pipelining: 1,
        keepAliveTimeout: 60_000,
        headersTimeout: config.upstreamTimeoutMs,
        bodyTimeout: config.upstreamTimeoutMs,
      },
      disableRequestLogging: true,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          ...startUpstreamCall(
            request,
            service,
            rewritePrefix + request.url.split('?')[0]!.slice(prefix.length),
          ),
          'x-request-id': request.id,
          // The address every limit here keyed on (request.ip, from TRUSTED_PROXIES), overwriting
          // whatever the client sent under these names: services believe only this header.
          [CLIENT_ADDRESS_HEADER]: request.ip,
          'x-forwarded-for': request.ip,
        }),
        onResponse: (request, reply, upstream) => {
          endUpstreamCall(request, { statusCode: reply.statusCode });
          sendUpstreamBody(reply, upstream.stream, service, (body) => {
            const cached =
              reply.statusCode === 200 &&
              isSharedCacheable(request) &&
              sharedCache.store(request.url, reply.getHeaders(), body, service)
                ? sharedCache.get(request.url)
                : undefined;
            if (
              reply.getHeader('content-encoding') ||
              !isCompressible(reply.getHeader('content-type'), body.length)
            )
              return undefined;
            reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
            const encoding = preferredEncoding(request.headers['accept-encoding']);
            if (!encoding) return undefined;
            const compressed = cached ? encodedBody(cached, encoding) : encode(body, encoding);
            reply.header('content-encoding', encoding);
            reply.header('content-length', compressed.length);
            return compressed;
          });
        },
        onError: (reply, { error }) => {
          endUpstreamCall(reply.request, { error });
          const { status, body } = upstreamFailure(service, error as { code?: string; statusCode?: number });
          reply.request.log.warn({ service, err: error }, 'upstream failed');
          void reply.code(status).send(body);
        },
      },
    });
  };
  for (const { prefix, service } of ROUTES) await proxy(service, `${API_PREFIX}${prefix}`, prefix);
  for (const { prefix, service } of PUBLIC_FILE_ROUTES) await proxy(service, prefix, prefix);

  await app.register(async (scope) => adminStatsRoutes(scope, config));

  // Anything else under /api is an unknown endpoint, answered in the error shape (never the SPA).
  app.all('/api/*', async (request, reply) =>
    reply.code(404).send({
      message: `No API endpoint for ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    }),
  );

  await registerDocs(app, config);
  app.get('/healthz', async (_request, reply) => {
    const health = await platformHealth(config, redis);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request.headers.authorization, config)) throw notFound('Not found');
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
  await app.register(ssrPages, { config, cache: sharedCache });
  await registerSpa(app, config.webDist);
  return app;
}

async function registerDocs(app: FastifyInstance, config: GatewayConfig) {
  // One object for the life of the process: @fastify/swagger (static mode) hands this same object to
  // the docs page, and each refresh rewrites its contents in place.
  const merged: Record<string, unknown> = { ...mergeOpenApi({}) };
  let fetchedAt = 0;
  const refresh = async () => {
    if (Date.now() - fetchedAt < 30_000) return merged;
    const documents = await Promise.all(
      config.enabledServices.map(async (service) => {
        try {
          const response = await fetch(`${config.upstreams[service]}/openapi.json`, {
            signal: AbortSignal.timeout(2_000),
          });
          return response.ok ? ([service, await response.json()] as const) : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    const fresh = mergeOpenApi(Object.fromEntries(documents.filter((entry) => entry !== undefined)));
    for (const key of Object.keys(merged)) delete merged[key];
    Object.assign(merged, fresh);
    fetchedAt = Date.now();
    return merged;
  };
  app.get('/api/openapi.json', async () => refresh());
  await app.register(
    async (docs) => {
      await docs.register(swagger, { mode: 'static', specification: { document: merged as never } });
      docs.addHook('onRequest', async () => void (await refresh()));
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        uiConfig: { docExpansion: 'list', deepLinking: true },
      });
    },
    { name: 'docs' },
  );
}

async function registerSpa(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'the web app is not built: run npm run build');
    app.get('/*', async (_request, reply) =>
      reply
        .code(404)
        .send({ message: 'The web app is not built yet. Run npm run build.', code: 'NOT_FOUND' }),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies beside each text asset (web/vite.config.ts): they are sent
    // by Accept-Encoding, with Vary: Accept-Encoding, without compressing anything per request.
    preCompressed: true,
    // Vite puts a content hash in every asset name, so assets can be cached for a year.
    setHeaders: (response, path) => {
      response.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Whichever copy went out, a cache must key it on Accept-Encoding.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  // History fallback: any other page path serves the app, whose router shows the page or goes to /
  // (the public pages, / among them, are server-rendered: ssr.ts). Other methods on unknown paths
  // fall through to the kit's JSON 404.
  app.get('/*', async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}

export { SERVICE_NAMES };
