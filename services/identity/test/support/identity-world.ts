import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  connectServiceDeps,
  createLogger,
  createTokenVerifier,
  revocationCheck,
  type ServiceDeps,
  type TokenVerifier,
} from '@spa/kit';
import { allowedCallerHeaders, createTestDatabase, testInfra, testServiceKeyEnv } from '@spa/kit/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { BackgroundTasks } from '../../src/use-cases/background.js';
import { buildApp } from '../../src/app.js';
import { loadConfig, type IdentityConfig } from '../../src/config.js';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
export const logger = createLogger('identity-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** A suffix that keeps this file's emails apart from every other run (Redis throttle keys are shared). */
export const runTag = randomBytes(4).toString('hex');
export const uniqueEmail = (label: string) => `${label}.${runTag}.${randomBytes(2).toString('hex')}@spa.test`;

/** A client address from the benchmarking range, unique to this file, so address throttling stays local. */
/**
 * A client address no other test of the run uses: the sign-in throttle counts failures per address in
 * one Redis that every test file shares, so an address drawn twice (65,536 choices once) could find a
 * block another test's wrong passwords left. 10.0.0.0/8 holds 16.7 million: a random start per process,
 * then one after another.
 */
let nextAddress = randomInt(1 << 24);
export const testAddress = () => {
  const n = nextAddress++ & 0xffffff;
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
};

export const STRONG_PASSWORD = 'Lotus-garden-42';

export interface WorldOptions {
  env?: Record<string, string>;
}

export interface IdentityWorld {
  app: FastifyInstance;
  deps: ServiceDeps & { config: IdentityConfig; background: BackgroundTasks };
  config: IdentityConfig;
  databaseUrl: string;
  adminEmail: string;
  adminPassword: string;
  address: string;
  /** app.inject with this file's client address; add `token` to send it as a bearer token. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Signs up (which signs nobody in), then signs the new user in: their token and their /auth/me view. */
  register(overrides?: Record<string, unknown>): Promise<{ token: string; user: Record<string, unknown> }>;
  signIn(email: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** The outbox rows written so far, oldest first. */
  outbox(): Promise<Array<{ event_type: string; key: string; topic: string }>>;
  /** A kit verifier as the gateway and other services build it, against identity's published keys. */
  platformVerifier(): Promise<TokenVerifier>;
  close(): Promise<void>;
}

export function testEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    ...testServiceKeyEnv('identity'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    APP_URL: 'http://spa.test:8080',
    SEED_ADMIN_EMAIL: `admin.${runTag}@spa.test`,
    SEED_CUSTOMER_EMAIL: `customer.${runTag}@spa.test`,
    ...extra,
  };
}

/** A fresh database, identity's real dependencies and its app, driven with inject(). */
export async function createIdentityWorld(label: string, options: WorldOptions = {}): Promise<IdentityWorld> {
  const database = await createTestDatabase(`identity_${label}`);
  const config = loadConfig(testEnv(database.url, options.env));
  const background = new BackgroundTasks(logger);
  const deps = { ...(await connectServiceDeps(config, logger, migrationsFolder)), config, background };
  const app = await buildApp(deps);
  const address = testAddress();

  const call: IdentityWorld['call'] = async ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(await allowedCallerHeaders(
          { '/internal/stats': ['gateway'] },
          'identity',
          String(rest.url ?? ''),
        )),
        'x-spa-client-address': address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });

  const world: IdentityWorld = {
    app,
    deps,
    config,
    databaseUrl: database.url,
    adminEmail: config.seed.adminEmail,
    adminPassword: config.seed.adminPassword,
    address,
    call,
    async register(overrides = {}) {
      const payload = {
        name: 'Asha Rao',
        email: uniqueEmail('member'),
        password: STRONG_PASSWORD,
        role: 'user',
        ...overrides,
      };
      const response = await call({ method: 'POST', url: '/auth/register', payload });
      if (response.statusCode !== 201)
        throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      const token = await world.signIn(String(payload.email), String(payload.password));
      const me = await call({ method: 'GET', url: '/auth/me', token });
      return { token, user: me.json<{ user: Record<string, unknown> }>().user };
    },
    async signIn(email, password) {
      const response = await call({ method: 'POST', url: '/auth/login', payload: { email, password } });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return response.json<{ data: { token: string } }>().data.token;
    },
    adminToken() {
      return world.signIn(config.seed.adminEmail, config.seed.adminPassword);
    },
    async outbox() {
      const { rows } = await deps.database.pool.query<{ event_type: string; key: string; topic: string }>(
        'select event_type, key, topic from outbox order by seq',
      );
      return rows;
    },
    async platformVerifier() {
      const jwks = (await call({ method: 'GET', url: '/.well-known/jwks.json' })).json<JSONWebKeySet>();
      return createTokenVerifier({ jwks, isRevoked: revocationCheck(deps.redis) });
    },
    async close() {
      await app.close();
      await deps.bus.close();
      deps.redis.disconnect();
      await deps.database.close();
      await database.drop();
    },
  };
  return world;
}

/** Runs SQL against the world's database (for test set-up such as moving an expiry into the past). */
export async function execute(world: IdentityWorld, query: ReturnType<typeof sql>): Promise<void> {
  await world.deps.db.execute(query);
}
