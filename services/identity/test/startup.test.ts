import { ConfigError, connectServiceDeps } from '@spa/kit';
import { createTestDatabase } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { generateSigningJwk } from '../src/use-cases/signing-keys.js';
import { loadConfig } from '../src/config.js';
import { logger, migrationsFolder, runTag, testEnv } from './support/identity-world.js';

/** Starts identity on a database the way main.ts does, as many times as a test needs. */
async function start(databaseUrl: string, env: Record<string, string> = {}) {
  const config = loadConfig(testEnv(databaseUrl, env));
  const deps = { ...(await connectServiceDeps(config, logger, migrationsFolder)), config };
  const close = async () => {
    await deps.bus.close();
    deps.redis.disconnect();
    await deps.database.close();
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(deps);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    app,
    config,
    pool: deps.database.pool,
    async close() {
      await app.close();
      await close();
    },
  };
}

type Started = Awaited<ReturnType<typeof start>>;

async function signIn(started: Started, email: string, password: string) {
  const response = await started.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    headers: { 'x-spa-client-address': `198.19.0.${runTag.length}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { token: string; user: Record<string, unknown> };
}

const jwksOf = async (started: Started) =>
  (await started.app.inject({ url: '/.well-known/jwks.json' })).json();

describe('first start and restarts (development)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: Started;
  let second: Started;
  beforeAll(async () => {
    database = await createTestDatabase('identity_startup');
    first = await start(database.url);
    second = await start(database.url);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('generates the signing key once and keeps it, so tokens survive a restart', async () => {
    const [a, b] = [await jwksOf(first), await jwksOf(second)];
    expect(a.keys[0].kid).toBe(b.keys[0].kid);
    const { token } = await signIn(first, first.config.seed.adminEmail, first.config.seed.adminPassword);
    expect(
      (await second.app.inject({ url: '/auth/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    const { rows } = await first.pool.query('select count(*)::int as keys from signing_keys');
    expect(rows[0].keys).toBe(1);
  });

  it('seeds the demo accounts once: an admin, a customer and three employees on both shifts in two locations', async () => {
    const { rows } = await first.pool.query(
      'select email, role, employee_role, shift, working_location, employee_id, is_email_verified from users order by email',
    );
    expect(rows).toEqual(
      [
        [first.config.seed.adminEmail, 'admin', null, null, null, null],
        [first.config.seed.customerEmail, 'user', null, null, null, null],
        ['manager@spa.local', 'employee', 'manager', 'morning', 'Vijay Nagar', 'EMP-0001'],
        ['reception@spa.local', 'employee', 'receptionist', 'morning', 'Vijay Nagar', 'EMP-0002'],
        ['therapist@spa.local', 'employee', 'servicestaff', 'night', 'Palasia', 'EMP-0003'],
      ]
        .map(([email, role, employeeRole, shift, location, employeeId]) => ({
          email,
          role,
          employee_role: employeeRole,
          shift,
          working_location: location,
          employee_id: employeeId,
          is_email_verified: true,
        }))
        .sort((x, y) => String(x.email).localeCompare(String(y.email))),
    );
    const { seed } = first.config;
    await signIn(first, seed.customerEmail, seed.customerPassword);
    await signIn(second, 'therapist@spa.local', seed.staffPassword);

    const events = await first.pool.query<{ event_type: string; count: number }>(
      'select event_type, count(*)::int as count from outbox group by event_type order by event_type',
    );
    expect(events.rows).toEqual([
      { event_type: 'identity.employee-role.upserted', count: 3 },
      { event_type: 'identity.user.registered', count: 5 },
    ]);
  });
});

describe('configuration choices', () => {
  it('signs with IDENTITY_SIGNING_KEY when it is given, and publishes only its public half', async () => {
    const database = await createTestDatabase('identity_configured_key');
    const jwk = await generateSigningJwk();
    const started = await start(database.url, {
      IDENTITY_SIGNING_KEY: JSON.stringify(jwk),
      SEED_DEMO_DATA: 'false',
    });
    try {
      const { keys } = await jwksOf(started);
      expect(keys).toEqual([
        { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: jwk.kid, alg: 'EdDSA', use: 'sig' },
      ]);
      const { rows } = await started.pool.query('select count(*)::int as count from users');
      expect(rows[0].count).toBe(0);
      const stored = await started.pool.query('select count(*)::int as count from signing_keys');
      expect(stored.rows[0].count).toBe(0);
      const roles = await started.pool.query('select name from employee_roles order by name');
      expect(roles.rows.map((row) => row.name)).toEqual(['manager', 'receptionist', 'servicestaff']);
    } finally {
      await started.close();
      await database.drop();
    }
  });

  it('refuses to start with a signing key that is not a private Ed25519 JWK', async () => {
    const database = await createTestDatabase('identity_bad_key');
    try {
      const publicOnly = { ...(await generateSigningJwk()), d: undefined };
      for (const key of ['not json', JSON.stringify(publicOnly), JSON.stringify({ kty: 'RSA', kid: 'x' })]) {
        await expect(start(database.url, { IDENTITY_SIGNING_KEY: key })).rejects.toBeInstanceOf(ConfigError);
      }
    } finally {
      await database.drop();
    }
  });

  it('refuses a Google key set that is not one', async () => {
    const database = await createTestDatabase('identity_bad_google');
    try {
      await expect(
        start(database.url, {
          GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com',
          GOOGLE_JWKS_JSON: '{"nope": 1}',
        }),
      ).rejects.toThrow(/GOOGLE_JWKS_JSON/);
    } finally {
      await database.drop();
    }
  });
});
