import { randomUUID } from 'node:crypto';
import { badRequest, notFound, type Queryable } from '@spa/kit';
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '../domain/money.js';
import {
  cleanServiceForm,
  depositColumns,
  depositPolicyOf,
  depositPolicyOutput,
  type PricingRow,
  type ServiceFields,
  type ServiceInput,
} from '../domain/service-form.js';
import { definedOnly } from '../domain/text.js';
import { publishServiceStates } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import { requireCategory } from './categories.repository.js';
import { isForeignKeyViolation, isUuid, likePattern } from './pg-errors.js';
import { ratingsOf, type Rating } from './reviews.repository.js';
import { serviceCategories, servicePricing, services } from './schema.js';
import type { Store } from './store.js';

export type ServiceRecord = typeof services.$inferSelect & {
  category: { id: string; name: string };
  pricing: Array<typeof servicePricing.$inferSelect>;
  /** Its published reviews' average and count; null while it has none. */
  rating: Rating | null;
};

export interface ServiceFilter {
  /** Admins also see inactive services and services of inactive categories. */
  includeInactive: boolean;
  categoryId?: string;
  search?: string;
  ids?: string[];
  page?: { number: number; size: number };
}

const NOT_FOUND = 'Service not found';

/** What the public may see: an active service in an active category (a service always has one). */
function visibility({ includeInactive }: { includeInactive: boolean }): SQL | undefined {
  return includeInactive ? undefined : and(eq(services.isActive, true), eq(serviceCategories.isActive, true));
}

function filterOf(filter: ServiceFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    visibility(filter),
    filter.categoryId ? eq(services.categoryId, filter.categoryId) : undefined,
    filter.ids ? inArray(services.id, filter.ids) : undefined,
    search
      ? or(ilike(services.name, likePattern(search)), ilike(services.description, likePattern(search)))
      : undefined,
  );
}

/** The page's pricing options and ratings: one query each, whatever the page's length. */
async function withPricing(
  db: Queryable,
  rows: Array<{ service: typeof services.$inferSelect; category: { id: string; name: string } }>,
): Promise<ServiceRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(({ service }) => service.id);
  const ratings = await ratingsOf(db, 'service', ids);
  const pricing = await db
    .select()
    .from(servicePricing)
    .where(inArray(servicePricing.serviceId, ids))
    .orderBy(asc(servicePricing.position));
  const byService = new Map<string, typeof pricing>();
  for (const option of pricing)
    byService.set(option.serviceId, [...(byService.get(option.serviceId) ?? []), option]);
  return rows.map(({ service, category }) => ({
    ...service,
    category,
    pricing: byService.get(service.id) ?? [],
    rating: ratings.get(service.id) ?? null,
  }));
}

export async function listServices(
  db: Queryable,
  filter: ServiceFilter,
): Promise<{ items: ServiceRecord[]; total: number }> {
  if (filter.categoryId !== undefined && !isUuid(filter.categoryId)) return { items: [], total: 0 };
  if (filter.ids?.some((id) => !isUuid(id))) return { items: [], total: 0 };
  const where = filterOf(filter);
  const query = db
    .select({ service: services, category: { id: serviceCategories.id, name: serviceCategories.name } })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(where)
    .orderBy(
      asc(serviceCategories.displayOrder),
      asc(serviceCategories.name),
      asc(services.name),
      asc(services.id),
    );
  const rows = filter.page
    ? await query.limit(filter.page.size).offset((filter.page.number - 1) * filter.page.size)
    : await query;
  const total = filter.page
    ? ((
        await db
          .select({ total: count() })
          .from(services)
          .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
          .where(where)
      )[0]?.total ?? 0)
    : rows.length;
  return { items: await withPricing(db, rows), total };
}

export async function findService(
  db: Queryable,
  id: string,
  { includeInactive }: { includeInactive: boolean },
): Promise<ServiceRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const { items } = await listServices(db, { includeInactive, ids: [id] });
  return items[0];
}

export async function getService(db: Queryable, id: string, options: { includeInactive: boolean }) {
  const service = await findService(db, id, options);
  if (!service) throw notFound(NOT_FOUND);
  return service;
}

/** An existing service in the form's own terms, so an update can send only what changed. */
function inputOf(record: ServiceRecord): ServiceInput {
  return {
    name: record.name,
    category: record.categoryId,
    description: record.description,
    benefits: record.benefits,
    tags: record.tags,
    images: record.images,
    isActive: record.isActive,
    cleanupMinutes: record.cleanupMinutes,
    depositPolicy: depositPolicyOutput(depositPolicyOf(record)),
    pricing: record.pricing.map((option) => ({
      _id: option.id,
      duration: option.duration,
      durationMinutes: option.durationMinutes,
      price: paiseToRupees(option.pricePaise),
      label: option.label,
    })),
  };
}

/** Pricing rows in form order; an id the client sent back is kept only if it was this service's own. */
async function writePricing(
  tx: Queryable,
  serviceId: string,
  rows: PricingRow[],
  ownIds: ReadonlySet<string>,
) {
  await tx.delete(servicePricing).where(eq(servicePricing.serviceId, serviceId));
  const used = new Set<string>();
  await tx.insert(servicePricing).values(
    rows.map((row, position) => {
      const keep =
        row.id !== undefined && ownIds.has(row.id.toLowerCase()) && !used.has(row.id.toLowerCase());
      const id = keep ? row.id!.toLowerCase() : randomUUID();
      used.add(id);
      return {
        id,
        serviceId,
        position,
        duration: row.duration,
        durationMinutes: row.durationMinutes,
        pricePaise: row.pricePaise,
        label: row.label,
      };
    }),
  );
}

/** The service's own columns (its pricing goes to its own table). */
function serviceColumns({ pricing: _pricing, depositPolicy, ...columns }: ServiceFields) {
  return { ...columns, ...depositColumns(depositPolicy) };
}

/** A category deleted while this write waited for it reads as the category not existing. */
async function categoryGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw badRequest('The selected category does not exist', [{ field: 'category' }]);
    throw error;
  }
}

export async function createService({ db, publish }: Store, input: ServiceInput): Promise<string> {
  const fields = cleanServiceForm(input);
  return categoryGuard(() =>
    db.transaction(async (tx) => {
      await requireCategory(tx, fields.categoryId);
      const [row] = await tx.insert(services).values(serviceColumns(fields)).returning({ id: services.id });
      await writePricing(tx, row!.id, fields.pricing, new Set());
      await publishServiceStates(tx, publish, [row!.id]);
      return row!.id;
    }),
  );
}

export async function updateService({ db, publish }: Store, id: string, input: ServiceInput): Promise<void> {
  await categoryGuard(() =>
    db.transaction(async (tx) => {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const [locked] = await tx
        .select({ id: services.id })
        .from(services)
        .where(eq(services.id, id))
        .for('update');
      if (!locked) throw notFound(NOT_FOUND);
      const existing = (await findService(tx, id, { includeInactive: true }))!;
      const fields = cleanServiceForm({ ...inputOf(existing), ...definedOnly(input) });
      await requireCategory(tx, fields.categoryId);
      await tx
        .update(services)
        .set({ ...serviceColumns(fields), updatedAt: new Date() })
        .where(eq(services.id, id));
      await writePricing(tx, id, fields.pricing, new Set(existing.pricing.map((option) => option.id)));
      await publishServiceStates(tx, publish, [id]);
    }),
  );
}

/** Deleting a treatment also removes it from everyone's favorites (they point at nothing otherwise). */
export async function deleteService({ db, publish }: Store, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const deleted = await tx.delete(services).where(eq(services.id, id)).returning({ id: services.id });
    if (deleted.length === 0) throw notFound(NOT_FOUND);
    await publish(tx, catalogueEvents.serviceDeleted, id, { serviceId: id });
  });
}
