import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createBaseApp, createLogger, type Redis } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceName } from '../routing.js';
import { healthRoute } from './health.js';
import { UNREACHABLE_UPSTREAMS } from './unreachable-upstreams.spec-support.js';

// Postgres, Kafka and SMTP as /healthz sees them: something accepting TCP connections on loopback.
let listener: Server;
let address: string;
// Where nothing listens: a component that is down.
const nowhere = '127.0.0.1:9';
// Two services' /readyz as the kit answers them: one with Kafka down (ready), one with its database down.
let upstream: HttpServer;
let upstreamUrl: string;
const apps: FastifyInstance[] = [];
const pong = { ping: () => Promise.resolve('PONG' as const) };

async function appWith(
  redis: Pick<Redis, 'ping'>,
  infra: { kafka?: string; smtp?: string } = {},
  services: ServiceName[] = [],
) {
  const app = createBaseApp({ logger: createLogger('health-spec', 'silent') });
  apps.push(app);
  await app.register(healthRoute, {
    config: {
      enabledServices: services,
      upstreams: {
        ...UNREACHABLE_UPSTREAMS,
        booking: `${upstreamUrl}/booking`,
        billing: `${upstreamUrl}/billing`,
      },
      infra: { postgres: address, kafka: infra.kafka ?? address, smtp: infra.smtp ?? address },
    },
    redis: redis as Redis,
  });
  return app;
}

beforeAll(async () => {
  listener = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(listener.address() as AddressInfo).port}`;
  upstream = createHttpServer((request, response) => {
    const kafkaDown = { database: 'up', kafka: 'down: Connection timeout', redis: 'up' };
    const [status, body] =
      request.url === '/booking/readyz'
        ? [200, { status: 'ready', service: 'booking', checks: kafkaDown }]
        : [
            503,
            { status: 'not ready', service: 'billing', checks: { ...kafkaDown, database: 'down: gone' } },
          ];
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await new Promise((resolve) => listener.close(resolve));
  await new Promise((resolve) => upstream.close(resolve));
});

describe('the health plugin', () => {
  it('answers 200 ok when every component is up', async () => {
    const app = await appWith(pong);
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      components: { gateway: 'up', postgres: 'up', kafka: 'up', smtp: 'up', redis: 'up' },
      details: {},
    });
  });

  it('answers 200 degraded with Kafka down: the platform serves (the outboxes hold the events)', async () => {
    const app = await appWith(pong, { kafka: nowhere }, ['booking']);
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      status: string;
      components: Record<string, string>;
      details: Record<string, Record<string, string>>;
    }>();
    expect(body.status).toBe('degraded');
    expect(body.components).toMatchObject({
      gateway: 'up',
      booking: 'up',
      postgres: 'up',
      redis: 'up',
      smtp: 'up',
    });
    expect(body.components.kafka).toMatch(/^down: /);
    // A service stays ready without Kafka and says so in its checks.
    expect(body.details.booking).toEqual({ database: 'up', kafka: 'down: Connection timeout', redis: 'up' });
  });

  it('answers 503 unavailable when a service is not ready (its database is down)', async () => {
    const app = await appWith(pong, { kafka: nowhere }, ['booking', 'billing']);
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    const body = response.json<{ status: string; components: Record<string, string> }>();
    expect(body.status).toBe('unavailable');
    expect(body.components).toMatchObject({ booking: 'up', billing: 'not ready' });
  });

  it('answers 503 unavailable, naming what is down, when a required component is', async () => {
    const app = await appWith(
      {
        ping: () => Promise.reject<'PONG'>(new Error('connection lost')),
      },
      { smtp: nowhere },
    );
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    const body = response.json<{ status: string; components: Record<string, string> }>();
    expect(body.status).toBe('unavailable');
    expect(body.components.redis).toBe('down: connection lost');
    expect(body.components.smtp).toMatch(/^down: /);
    expect(body.components.postgres).toBe('up');
    expect(body.components.kafka).toBe('up');
  });
});
