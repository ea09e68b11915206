import { ConfigError, readConfig, readTracingSettings } from '@spa/kit';
import { SERVICE_NAMES, type ServiceName } from './routing.js';
import { parseTrustedProxies } from './trusted-proxies.js';

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

const DEFAULT_PORTS: Record<ServiceName, number> = {
  identity: 4001,
  catalogue: 4002,
  booking: 4003,
  commerce: 4004,
  billing: 4005,
  notification: 4006,
};

export function loadGatewayConfig(source: Record<string, string | undefined> = process.env) {
  const trustedProxies = parseTrustedProxies(source.TRUSTED_PROXIES);
  if ('problem' in trustedProxies) throw new ConfigError([trustedProxies.problem]);
  const config = readConfig(
    (env) => ({
      port: env.int('PORT', 8080),
      host: env.string('HOST', '127.0.0.1'),
      logLevel: env.string('LOG_LEVEL', 'info'),
      redisUrl: env.url('REDIS_URL'),
      /** The services that run in this deployment; the others answer 503 "not available". */
      enabledServices: env
        .list('ENABLED_SERVICES', [...SERVICE_NAMES])
        .filter((name): name is ServiceName => (SERVICE_NAMES as readonly string[]).includes(name)),
      upstreams: Object.fromEntries(
        SERVICE_NAMES.map((name) => [
          name,
          env.url(`${name.toUpperCase()}_URL`, `http://127.0.0.1:${DEFAULT_PORTS[name]}`),
        ]),
      ) as Record<ServiceName, string>,
      jwksUrl: env.url('JWKS_URL', 'http://127.0.0.1:4001/.well-known/jwks.json'),
      upstreamTimeoutMs: env.int('UPSTREAM_TIMEOUT_MS', 10_000),
      /**
       * After SIGTERM, how long /readyz answers 503 while requests are still served, before the
       * gateway stops listening: at least the load balancer's time to take it out (HAProxy here checks
       * every 500 ms and needs two failures; a Kubernetes Service needs its endpoints updated).
       */
      shutdownDrainMs: env.int('SHUTDOWN_DRAIN_MS', 0, { min: 0, max: 60_000 }),
      /** Anonymous answers kept for their s-maxage (0 turns the shared cache off). */
      sharedCacheEntries: env.int('SHARED_CACHE_ENTRIES', 1_000),
      // Signed-in reads kept per customer for a second (0 turns the private cache off).
      privateCacheEntries: env.int('PRIVATE_CACHE_ENTRIES', 10_000),
      /** How long the admin dashboard waits for each service's figures before showing it without them. */
      statsPartTimeoutMs: env.int('STATS_PART_TIMEOUT_MS', 1_500),
      /** The public address of the site: canonical links, Open Graph, the sitemap and robots.txt. */
      appUrl: env.url('APP_URL', 'http://localhost:8080').replace(/\/+$/, ''),
      webDist: env.string('WEB_DIST', new URL('../../web/dist', import.meta.url).pathname),
      rateLimit: {
        max: env.int('RATE_LIMIT_MAX', 1200),
        /** How often each replica adds its API hits to the shared count in Redis. */
        flushMs: env.int('RATE_LIMIT_FLUSH_MS', 250),
        authMax: env.int('AUTH_RATE_LIMIT_MAX', 20),
        passwordMax: env.int('PASSWORD_RATE_LIMIT_MAX', 5),
      },
      /** Extra origins the SPA may load scripts and frames from (the identity provider, the payment checkout). */
      csp: {
        scriptSrc: env.list('CSP_SCRIPT_SRC', []),
        frameSrc: env.list('CSP_FRAME_SRC', []),
        connectSrc: env.list('CSP_CONNECT_SRC', []),
        styleSrc: env.list('CSP_STYLE_SRC', []),
      },
      /** Infrastructure reported by /healthz, as host:port pairs. */
      infra: {
        postgres: env.string('HEALTH_POSTGRES', '127.0.0.1:55432'),
        kafka: env.string('HEALTH_KAFKA', '127.0.0.1:9092'),
        smtp: env.string('HEALTH_SMTP', '127.0.0.1:1025'),
      },
      /**
       * The gateway is the public entry, so its Prometheus figures need a bearer token when this is set;
       * in production they are not served at all without one.
       */
      metricsToken: env.optionalString('METRICS_TOKEN'),
      production: env.string('NODE_ENV', 'development') === 'production',
      /**
       * The gateway's private Ed25519 key (JWK or PEM): it signs its calls to the services' /internal/stats.
       * Required in production; without it in development those calls are refused (figures are null).
       */
      serviceKey:
        env.string('NODE_ENV', 'development') === 'production'
          ? env.string('SERVICE_KEY')
          : env.optionalString('SERVICE_KEY'),
      /** OTLP export of the gateway's spans (OTEL_EXPORTER_OTLP_ENDPOINT...); off when unset. */
      tracing: readTracingSettings(env),
    }),
    source,
  );
  return {
    ...config,
    /**
     * The proxies in front of the gateway whose X-Forwarded-For is believed (Fastify's trustProxy);
     * nobody by default, so the socket's address is the client. See docs/operations.md.
     */
    trustedProxies: trustedProxies.value,
  };
}
