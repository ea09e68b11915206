import { createServer, type AddressInfo, type Server } from 'node:net';
import { createBaseApp, createLogger, type Redis } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoute } from './health.js';
import { UNREACHABLE_UPSTREAMS } from './unreachable-upstreams.spec-support.js';

// Postgres, Kafka and SMTP as /healthz sees them: something accepting TCP connections on loopback.
let listener: Server;
let address: string;
const apps: FastifyInstance[] = [];

async function appWith(redis: Pick<Redis, 'ping'>, smtp = address) {
  const app = createBaseApp({ logger: createLogger('health-spec', 'silent') });
  apps.push(app);
  await app.register(healthRoute, {
    config: {
      enabledServices: [],
      upstreams: UNREACHABLE_UPSTREAMS,
      infra: { postgres: address, kafka: address, smtp },
    },
    redis: redis as Redis,
  });
  return app;
}

beforeAll(async () => {
  listener = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await new Promise((resolve) => listener.close(resolve));
});

describe('the health plugin', () => {
  it('answers 200 ok when every component is up', async () => {
    const app = await appWith({ ping: () => Promise.resolve('PONG' as const) });
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      components: { gateway: 'up', postgres: 'up', kafka: 'up', smtp: 'up', redis: 'up' },
      details: {},
    });
  });

  it('answers 503 degraded, naming what is down, when one is not', async () => {
    const app = await appWith(
      {
        ping: () => Promise.reject<'PONG'>(new Error('connection lost')),
      },
      '127.0.0.1:9',
    );
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    const body = response.json<{ status: string; components: Record<string, string> }>();
    expect(body.status).toBe('degraded');
    expect(body.components.redis).toBe('down: connection lost');
    expect(body.components.smtp).toMatch(/^down: /);
    expect(body.components.postgres).toBe('up');
  });
});
