import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signTestToken, startBuiltService, type BuiltService } from '@spa/kit/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const catalogueEntry = path.join(root, 'services/catalogue/dist/main.js');

export { freePort } from '@spa/kit/testing';

interface CatalogueProduct {
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
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'commerce-catalogue-'));
  let catalogue: BuiltService;
  try {
    catalogue = await startBuiltService({
      service: 'catalogue',
      main: catalogueEntry,
      databaseLabel: 'commerce_catalogue',
      namespace: options.kafkaNamespace,
      readyPath: '/readyz',
      env: { JWKS_URL: options.jwksUrl, SEED_DEMO_DATA: 'false', UPLOAD_DIR: uploadDir },
    });
  } catch (error) {
    await rm(uploadDir, { recursive: true, force: true });
    throw error;
  }
  const { url } = catalogue;
  const stop = async () => {
    await catalogue.stop();
    await rm(uploadDir, { recursive: true, force: true });
  };
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
