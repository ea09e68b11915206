import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, signTestToken, testInfra, testServiceKeyEnv } from '@spa/kit/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const catalogueEntry = path.join(root, 'services/catalogue/dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface CatalogueProduct {
  _id: string;
  name: string;
  price: number;
  stock: number;
  images: string[];
}

export interface CatalogueProcess {
  url: string;
  /** An admin call that must succeed; answers the parsed body. */
  admin<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T>;
  createProduct(fields: { name: string; price: number; stock: number }): Promise<CatalogueProduct>;
  productStock(id: string): Promise<number>;
  close(): Promise<void>;
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the catalogue exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the catalogue did not become ready at ${url}:\n${output()}`);
}

/**
 * The REAL catalogue service (its built bundle) on a fresh database and a free port, sharing the test's
 * Kafka namespace, so commerce mirrors its products from its events and reserves stock through its
 * internal API, exactly as in the running platform (infra/local/stack.mjs sets it up the same way).
 */
export async function startCatalogueProcess(options: {
  kafkaNamespace: string;
  jwksUrl: string;
}): Promise<CatalogueProcess> {
  if (!existsSync(catalogueEntry))
    execFileSync('npm', ['run', 'build', '-w', '@spa/catalogue'], { cwd: root, stdio: 'ignore' });
  const database = await createTestDatabase('commerce_catalogue');
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'commerce-catalogue-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [catalogueEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...testServiceKeyEnv('catalogue'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testInfra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: options.kafkaNamespace,
      REDIS_URL: testInfra.redisUrl,
      JWKS_URL: options.jwksUrl,
      SEED_DEMO_DATA: 'false',
      UPLOAD_DIR: uploadDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
    await database.drop();
    await rm(uploadDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  const adminToken = await signTestToken({
    role: 'admin',
    name: 'Catalogue Admin',
    email: 'admin@spa.local',
  });
  const admin: CatalogueProcess['admin'] = async (method, route, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    return JSON.parse(text);
  };
  // One category for every product of this catalogue; created once even when products are made in parallel.
  let category: Promise<{ _id: string }> | undefined;

  return {
    url,
    admin,
    async createProduct(fields) {
      category ??= admin<{ _id: string }>('POST', '/product-categories', { name: 'Oils and balms' });
      return admin<CatalogueProduct>('POST', '/products', {
        description: `${fields.name}, for the bench and the bath`,
        productCategory: (await category)._id,
        ...fields,
      });
    },
    async productStock(id) {
      const response = await fetch(`${url}/products/${id}`);
      return ((await response.json()) as { stock: number }).stock;
    },
    close: stop,
  };
}
