import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBaseConfig, readConfig } from '../src/config.js';
import { createApp } from '../src/http/app.js';
import { createLogger } from '../src/logger.js';
import { connectServiceDeps, type ServiceDeps } from '../src/service.js';
import { createTestDatabase, testInfra } from '../src/testing/index.js';

// A Kafka outage must not take a service out of rotation (writes go to the outbox and are
// sent once the brokers are back), while a database outage must. The kit's own wiring, on the real
// Postgres and Redis, with the brokers at an address where nothing listens (the shared Kafka is left
// alone) and the database dropped from under the service.

/** A loopback port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ServiceDeps;
let app: Awaited<ReturnType<typeof createApp>>;

beforeAll(async () => {
  database = await createTestDatabase('kit_kafka_outage');
  const logger = createLogger('kit-readiness', 'silent');
  const config = readConfig((env) => readBaseConfig(env, 'kit-readiness', 0), {
    DATABASE_URL: database.url,
    KAFKA_BROKERS: `127.0.0.1:${await closedPort()}`,
    REDIS_URL: testInfra.redisUrl,
  });
  deps = await connectServiceDeps(config, logger);
  app = await createApp({ name: 'kit-readiness', logger, readiness: deps.readiness });
});

afterAll(async () => {
  await app?.close();
  await deps?.bus.close();
  deps?.redis.disconnect();
  await deps?.database.close().catch(() => undefined);
  await database?.drop();
});

describe('readiness with a dependency down', () => {
  it('stays ready with Kafka unreachable, and /healthz reports kafka down (degraded)', async () => {
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    const readyBody = ready.json<{ status: string; checks: Record<string, string> }>();
    expect(readyBody.status).toBe('ready');
    // Kafka is not required, so /readyz does not even ask it (/healthz reports it).
    expect(readyBody.checks).toEqual({ database: 'up', redis: 'up' });

    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const healthBody = health.json<{ status: string; checks: Record<string, string> }>();
    expect(healthBody.status).toBe('degraded');
    expect(healthBody.checks).toMatchObject({ database: 'up', redis: 'up' });
    expect(healthBody.checks.kafka).toMatch(/^down: /);
  });

  it('is not ready once its database is gone, yet /healthz stays 200 (no liveness restart)', async () => {
    await database.drop();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(503);
    const body = ready.json<{ status: string; checks: Record<string, string> }>();
    expect(body.status).toBe('not ready');
    expect(body.checks.database).toMatch(/^down: /);
    expect(body.checks.redis).toBe('up');

    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json<{ status: string }>().status).toBe('degraded');
  });
});
