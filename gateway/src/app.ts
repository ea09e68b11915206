import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  createBaseApp,
  metricsRegistry,
  notFound,
  type Logger,
  type Redis,
  type TokenVerifier,
  type Tracer,
} from '@spa/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminStatsRoutes } from './admin-stats.js';
import type { GatewayConfig } from './config.js';
import { platformHealth } from './health.js';
import { metricsAllowed } from './metrics-access.js';
import { mergeOpenApi } from './openapi.js';
import { apiAuthentication } from './plugins/authentication.js';
import { bodyLimit } from './plugins/body-limit.js';
import { rateLimits } from './plugins/rate-limits.js';
import { securityHeaders } from './plugins/security-headers.js';
import { sharedCache } from './plugins/shared-cache.js';
import { upstreamProxy } from './plugins/upstream-proxy.js';
import { SERVICE_NAMES } from './routing.js';
import { SharedResponseCache } from './shared-cache.js';
import { ssrPages } from './ssr.js';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  verifier: TokenVerifier;
  /** Server and proxy spans go to this tracer; by default the process's (none when tracing is off). */
  tracer?: Tracer;
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

  const cache = new SharedResponseCache(config.sharedCacheEntries);
  // Hooks on every request, run in this order: a request refused by one never reaches the next (an
  // oversized body is not token-checked, a bad token not counted, a limited address not served from
  // the cache).
  await app.register(securityHeaders, { config });
  await app.register(bodyLimit);
  await app.register(apiAuthentication, { verifier });
  await app.register(rateLimits, { config, redis });
  await app.register(sharedCache, { cache });
  await app.register(upstreamProxy, { config, cache, tracer });

  await app.register(async (scope) => adminStatsRoutes(scope, config));

  await registerDocs(app, config);
  app.get('/healthz', async (_request, reply) => {
    const health = await platformHealth(config, redis);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request.headers.authorization, config)) throw notFound('Not found');
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
  await app.register(ssrPages, { config, cache });
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
