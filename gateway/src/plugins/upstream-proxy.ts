import type { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import { startOutgoingCall, type OutgoingCall, type Tracer } from '@spa/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { encode, isCompressible, preferredEncoding, varyWithEncoding } from '../compression.js';
import type { GatewayConfig } from '../config.js';
import { API_PREFIX, PUBLIC_FILE_ROUTES, ROUTES, SERVICE_NAMES, type ServiceName } from '../routing.js';
import { PRIVATE_CACHE_HEADER, type PrivateResponseCache } from '../private-cache.js';
import { encodedBody, isSharedCacheable, type SharedResponseCache } from '../shared-cache.js';
import { CLIENT_ADDRESS_HEADER } from '../trusted-proxies.js';

export interface UpstreamProxyOptions {
  config: Pick<GatewayConfig, 'upstreams' | 'enabledServices' | 'upstreamTimeoutMs'>;
  /** Anonymous answers a service marked shareable are kept here on their way through. */
  cache: SharedResponseCache;
  /** Signed-in reads a service marked for its caller (x-spa-private-cache) are kept here. */
  privateCache: PrivateResponseCache;
  /** Each forwarded request's client span goes to this tracer; by default the process's. */
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

/** The answer, in the error shape, when a service times out (504) or cannot be reached (502). */
export function upstreamFailure(service: ServiceName, error: { code?: string; statusCode?: number }) {
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
export const BUFFERED_BODY_LIMIT = 256 * 1024;

/**
 * Most API answers are a few kilobytes of JSON. Piping them chunk by chunk costs a write (and a trip
 * through the stream machinery) per chunk; gathering them first and writing once is cheaper.
 */
export function sendUpstreamBody(
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

/**
 * One client span per forwarded request, child of the gateway's server span; the service's server
 * span becomes its child through the traceparent it sends.
 */
function upstreamCalls(upstreams: GatewayConfig['upstreams'], tracer: Tracer | undefined) {
  const calls = new WeakMap<object, OutgoingCall>();
  const addresses = Object.fromEntries(
    SERVICE_NAMES.map((service) => {
      const url = new URL(upstreams[service]);
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      return [service, { origin: url.origin, host: url.hostname, port }];
    }),
  ) as Record<ServiceName, { origin: string; host: string; port: number }>;
  return {
    /** Starts the request's call to `service` and answers the headers that carry its trace context. */
    start(request: { method: string; url: string }, service: ServiceName, path: string) {
      const upstream = addresses[service];
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
      calls.set(request, call);
      return call.headers;
    },
    end(request: object, outcome: { statusCode?: number; error?: unknown }) {
      calls.get(request)?.end(outcome);
      calls.delete(request);
    },
  };
}

/**
 * The public API: each /api/v1 prefix (and each public file path) forwarded to the service that
 * owns it (routing.ts), with the client's address and the trace context; a service that is not
 * part of the deployment answers 503. Small answers are gathered, kept in the shared cache when
 * shareable and compressed when worth it. Anything else under /api is an unknown endpoint.
 */
export const upstreamProxy = fp<UpstreamProxyOptions>(
  async (app: FastifyInstance, { config, cache, privateCache, tracer }) => {
    const calls = upstreamCalls(config.upstreams, tracer);
    // An aborted request gets neither onResponse nor onError from the proxy.
    app.addHook('onResponse', (request, reply, done) => {
      calls.end(request, { statusCode: reply.statusCode });
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      calls.end(request, { error: new Error('the client went away') });
      done();
    });

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
            ...calls.start(request, service, rewritePrefix + request.url.split('?')[0]!.slice(prefix.length)),
            'x-request-id': request.id,
            // The address every limit here keyed on (request.ip, from TRUSTED_PROXIES), overwriting
            // whatever the client sent under these names: services believe only this header.
            [CLIENT_ADDRESS_HEADER]: request.ip,
            'x-forwarded-for': request.ip,
          }),
          onResponse: (request, reply, upstream) => {
            calls.end(request, { statusCode: reply.statusCode });
            // Meant for this gateway only: the browser neither sees it nor keeps the answer.
            const privateMark = reply.getHeader(PRIVATE_CACHE_HEADER);
            if (privateMark !== undefined)
              reply.removeHeader(PRIVATE_CACHE_HEADER).header('cache-control', 'private, no-cache');
            sendUpstreamBody(reply, upstream.stream, service, (body) => {
              const user = request.user;
              const cached =
                reply.statusCode !== 200
                  ? undefined
                  : isSharedCacheable(request) && cache.store(request.url, reply.getHeaders(), body, service)
                    ? cache.get(request.url)
                    : user &&
                        request.method === 'GET' &&
                        privateCache.store(request, user.id, privateMark, reply.getHeaders(), body, service)
                      ? privateCache.get(user.id, request.url)
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
            calls.end(reply.request, { error });
            const { status, body } = upstreamFailure(
              service,
              error as { code?: string; statusCode?: number },
            );
            reply.request.log.warn({ service, err: error }, 'upstream failed');
            void reply.code(status).send(body);
          },
        },
      });
    };
    for (const { prefix, service } of ROUTES) await proxy(service, `${API_PREFIX}${prefix}`, prefix);
    for (const { prefix, service } of PUBLIC_FILE_ROUTES) await proxy(service, prefix, prefix);

    // Anything else under /api is an unknown endpoint, answered in the error shape (never the SPA).
    app.all('/api/*', async (request, reply) =>
      reply.code(404).send({
        message: `No API endpoint for ${request.method} ${request.url.split('?')[0]}`,
        code: 'NOT_FOUND',
      }),
    );
  },
  { name: 'gateway-upstream-proxy', fastify: '5.x' },
);
