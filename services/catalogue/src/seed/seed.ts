import type { Queryable, ServiceDeps } from '@spa/kit';
import { hsnCodeFor, sacCodeFor } from '@spa/rules';
import { count } from 'drizzle-orm';
import { productCategories, products, rooms, serviceCategories, services } from '../db/schema.js';
import type { CatalogueContext } from '../use-cases/context.js';
import { BASE_EMPLOYEE_ROLES, matchEmployeeRole } from '../domain/category-form.js';
import { ImageStore } from '../integrations/image-store.js';
import { createCategory } from '../use-cases/categories.js';
import { assignableRoleNames } from '../use-cases/employee-roles.js';
import { createProductCategory, createSubcategory } from '../use-cases/product-taxonomy.js';
import { createProduct } from '../use-cases/products.js';
import { createRoom } from '../use-cases/rooms.js';
import { createService } from '../use-cases/services.js';
import { renderArtwork, type ArtworkSpec } from './artwork.js';
import { demoProductCategories } from './demo-products.js';
import { demoCategories, demoRooms } from './demo-treatments.js';

export type SeedDeps = Pick<ServiceDeps, 'db' | 'publish' | 'database' | 'logger'>;

const SEED_LOCK = 'catalogue-demo-seed';
const RENDER_CONCURRENCY = 4;
/** Bump when the drawing changes, so earlier runs' files are not reused for the new look. */
const ARTWORK_VERSION = 1;

async function catalogueIsEmpty(db: Queryable): Promise<boolean> {
  for (const table of [serviceCategories, services, rooms, productCategories, products]) {
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table);
    if (total > 0) return false;
  }
  return true;
}

/**
 * Fills an empty catalogue with a demo spa (never in production: main.ts checks). Everything goes
 * through the same writes as an admin's, events included, in one transaction, so a failed seed
 * leaves nothing half done. Two replicas starting at once take turns on an advisory lock, and the
 * second finds the catalogue no longer empty.
 */
export async function seedDemoCatalogue(deps: SeedDeps, uploadDir: string): Promise<boolean> {
  const client = await deps.database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [SEED_LOCK]);
    if (!(await catalogueIsEmpty(deps.db))) return false;
    const started = Date.now();
    const artwork = await renderAllArtwork(new ImageStore(uploadDir));
    await deps.db.transaction(async (tx) => {
      const context: CatalogueContext = { db: tx, publish: deps.publish };
      await seedTreatments(context, artwork);
      for (const room of demoRooms) await createRoom(context, room);
      await seedProducts(context, artwork);
    });
    deps.logger.info({ ms: Date.now() - started }, 'seeded the demo catalogue');
    return true;
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [SEED_LOCK]).catch(() => undefined);
    client.release();
  }
}

type Artwork = Map<string, string[]>;

/** Every item's pictures, drawn a few at a time and stored; keyed by the item's name. */
async function renderAllArtwork(images: ImageStore): Promise<Artwork> {
  const jobs: Array<{ name: string; spec: ArtworkSpec }> = [];
  for (const category of demoCategories)
    for (const treatment of category.treatments)
      for (const variant of [0, 1])
        jobs.push({
          name: treatment.name,
          spec: {
            title: treatment.name,
            caption: category.name,
            palette: category.palette,
            motif: category.motif,
            width: 1200,
            height: 800,
            variant,
          },
        });
  for (const category of demoProductCategories)
    category.products.forEach((product, index) => {
      // Every third product gets a second picture, so the product page's gallery has something to show.
      for (const variant of index % 3 === 0 ? [0, 1] : [0])
        jobs.push({
          name: product.name,
          spec: {
            title: product.name,
            caption: product.subcategory,
            palette: category.palette,
            motif: category.motif,
            width: 800,
            height: 800,
            variant,
          },
        });
    });

  const urls: string[] = new Array<string>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index]!;
      urls[index] = await images.saveGenerated(job.name, { artwork: ARTWORK_VERSION, ...job.spec }, () =>
        renderArtwork(job.spec),
      );
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  const artwork: Artwork = new Map();
  jobs.forEach((job, index) => artwork.set(job.name, [...(artwork.get(job.name) ?? []), urls[index]!]));
  return artwork;
}

async function seedTreatments(context: CatalogueContext, artwork: Artwork) {
  // Identity announces its roles one event at a time, so a fresh start may know "manager" and not yet
  // "servicestaff". Identity always has its base roles, so the demo's base role is used regardless.
  const roles = [...new Set([...(await assignableRoleNames(context.db)), ...BASE_EMPLOYEE_ROLES])];
  for (const [index, category] of demoCategories.entries()) {
    const created = await createCategory(
      context,
      {
        name: category.name,
        description: category.description,
        order: index + 1,
        isActive: true,
        assignedEmployeeRole: matchEmployeeRole(category.assignedEmployeeRole, roles) ?? roles[0] ?? null,
      },
      roles,
    );
    for (const treatment of category.treatments) {
      await createService(context, {
        name: treatment.name,
        category: created.id,
        description: treatment.description,
        benefits: treatment.benefits,
        tags: treatment.tags,
        images: artwork.get(treatment.name) ?? [],
        isActive: true,
        depositPolicy: treatment.depositPolicy,
        sacCode: sacCodeFor(treatment.name),
        pricing: treatment.pricing.map(([minutes, price, label]) => ({
          duration: `${minutes} min`,
          durationMinutes: minutes,
          price,
          label: label ?? null,
        })),
      });
    }
  }
}

async function seedProducts(context: CatalogueContext, artwork: Artwork) {
  for (const category of demoProductCategories) {
    const created = await createProductCategory(context.db, { name: category.name });
    const subcategoryIds = new Map<string, string>();
    for (const name of category.subcategories) {
      const subcategory = await createSubcategory(context.db, { name, productCategory: created.id });
      subcategoryIds.set(name, subcategory.id);
    }
    for (const product of category.products) {
      await createProduct(context, {
        name: product.name,
        description: product.description,
        price: product.price,
        stock: product.stock,
        sku: product.sku,
        weight: product.weight,
        images: artwork.get(product.name) ?? [],
        productCategory: created.id,
        subcategory: subcategoryIds.get(product.subcategory)!,
        hsnCode: hsnCodeFor(product.name) ?? null,
      });
    }
  }
}
