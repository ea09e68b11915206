import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectServiceDeps, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import {
  allowedCallerHeaders,
  createTestDatabase,
  signTestToken,
  testInfra,
  testJwks,
  testSecretEnv,
  testServiceKeyEnv,
} from '@spa/kit/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, internalCallers as catalogueInternalCallers, type CatalogueDeps } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { startBooking, type BookingWorld } from '../../../booking/test/support/booking-world.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
export const logger = createLogger('catalogue-test', process.env.TEST_LOG_LEVEL ?? 'silent');

type Body = InjectOptions['payload'];

export interface CatalogueWorld {
  app: FastifyInstance;
  deps: CatalogueDeps;
  uploadDir: string;
  tokens: { admin: string; user: string; otherUser: string; employee: string };
  userId: string;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; body?: Body; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** An admin call that must succeed; answers the parsed body. */
  admin<T = Record<string, unknown>>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: Body): Promise<T>;
  /** The real booking service this catalogue asks before deleting a room or a treatment, when started with one. */
  booking?: BookingWorld;
  close(): Promise<void>;
}

export interface CatalogueOptions {
  /**
   * Start a real booking service (listening) for the deletion checks, or use the given one; without it
   * BOOKING_URL points nowhere and deleting a room or a treatment answers 503.
   */
  booking?: true | BookingWorld;
  /** The catalogue's clock (a review's 30-day edit window); the real time when not given. */
  now?: () => Date;
}

/** The catalogue app on a fresh database and upload folder, against the real Postgres, Redis and Kafka. */
export async function startCatalogue(
  label: string,
  env: Record<string, string> = {},
  options: CatalogueOptions = {},
): Promise<CatalogueWorld> {
  const ownBooking = options.booking === true ? await startBooking(`cat_${label}`, { listen: 0 }) : undefined;
  const booking = ownBooking ?? (options.booking === true ? undefined : options.booking);
  const database = await createTestDatabase(`catalogue_${label}`);
  const uploadDir = await mkdtemp(path.join(tmpdir(), `catalogue-${label}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    REVIEW_LINK_SECRET: testSecretEnv.REVIEW_LINK_SECRET,
    ...testServiceKeyEnv('catalogue'),
    DATABASE_URL: database.url,
    KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
    REDIS_URL: testInfra.redisUrl,
    UPLOAD_DIR: uploadDir,
    BOOKING_URL: booking?.url ?? 'http://127.0.0.1:9',
    BOOKING_TIMEOUT_MS: '3000',
    ...env,
  });
  const base = await connectServiceDeps(config, logger, migrationsFolder);
  const deps = {
    ...base,
    config,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(base.redis) }),
    now: options.now,
  };
  const app = await buildApp(deps);
  const userId = `user-${label}`;
  const tokens = {
    admin: await signTestToken({ role: 'admin', sub: `admin-${label}`, name: 'Asha Admin' }),
    user: await signTestToken({ role: 'user', sub: userId, name: 'Uma User' }),
    otherUser: await signTestToken({ role: 'user', sub: `other-${label}` }),
    employee: await signTestToken({ role: 'employee', sub: `employee-${label}` }),
  };

  const request: CatalogueWorld['request'] = async (method, url, options = {}) =>
    app.inject({
      method,
      url,
      payload: options.body,
      headers: {
        ...(await allowedCallerHeaders(catalogueInternalCallers, 'catalogue', url)),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });

  return {
    app,
    deps,
    uploadDir,
    tokens,
    userId,
    request,
    booking,
    async admin(method, url, body) {
      const response = await request(method, url, { token: tokens.admin, body });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
      return response.json();
    },
    async close() {
      await app.close();
      await base.bus.close();
      base.redis.disconnect();
      await base.database.close();
      await database.drop();
      await rm(uploadDir, { recursive: true, force: true });
      await rm(config.uploadOriginalsDir, { recursive: true, force: true });
      await ownBooking?.close();
    },
  };
}

/** A category with the base role, for tests that need somewhere to put services. */
export async function createCategory(
  world: CatalogueWorld,
  name: string,
  extra: Record<string, unknown> = {},
) {
  return world.admin<{ _id: string; name: string }>('POST', '/admin/categories', {
    name,
    assignedEmployeeRole: 'servicestaff',
    ...extra,
  });
}

export const pricing = [
  { duration: '60 min', durationMinutes: 60, price: 2499 },
  { duration: '90 min', durationMinutes: 90, price: 3499.5, label: 'Extended' },
];

export async function createService(
  world: CatalogueWorld,
  categoryId: string,
  name: string,
  extra: Record<string, unknown> = {},
) {
  return world.admin<{ _id: string; pricing: Array<{ _id: string }> }>('POST', '/admin/services', {
    name,
    category: categoryId,
    description: `${name} description`,
    pricing,
    ...extra,
  });
}

export async function createProductCategory(world: CatalogueWorld, name: string) {
  return world.admin<{ _id: string; name: string }>('POST', '/product-categories', { name });
}

export async function createSubcategory(world: CatalogueWorld, name: string, productCategory: string) {
  return world.admin<{ _id: string; name: string }>('POST', '/subcategories', { name, productCategory });
}

export async function createProduct(
  world: CatalogueWorld,
  productCategory: string,
  extra: Record<string, unknown> = {},
) {
  return world.admin<{ _id: string; stock: number; price: number }>('POST', '/products', {
    name: 'Lavender Oil',
    description: 'Calming oil',
    price: 649,
    stock: 10,
    productCategory,
    ...extra,
  });
}
