import type { Queryable } from '@spa/kit';
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PricingRowToWrite, serviceColumns } from '../domain/service-form.js';
import { isUuid, likePattern } from './pg-errors.js';
import { ratingsOf, type Rating } from './reviews.repository.js';
import { serviceCategories, servicePricing, services } from './schema.js';

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

type ServiceColumns = ReturnType<typeof serviceColumns>;

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

/** The service's id once its row is locked for a change; undefined when there is none. */
export async function lockService(tx: Queryable, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [locked] = await tx
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, id))
    .for('update');
  return locked?.id;
}

export async function insertService(tx: Queryable, columns: ServiceColumns): Promise<string> {
  const [row] = await tx.insert(services).values(columns).returning({ id: services.id });
  return row!.id;
}

export async function updateServiceRow(tx: Queryable, id: string, columns: ServiceColumns): Promise<void> {
  await tx
    .update(services)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(services.id, id));
}

/** The service's pricing options replaced by these rows. */
export async function replacePricing(
  tx: Queryable,
  serviceId: string,
  rows: PricingRowToWrite[],
): Promise<void> {
  await tx.delete(servicePricing).where(eq(servicePricing.serviceId, serviceId));
  await tx.insert(servicePricing).values(rows.map((row) => ({ ...row, serviceId })));
}

/** Deletes the service (its pricing and favorites go with it); answers whether there was one. */
export async function deleteServiceRow(tx: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await tx.delete(services).where(eq(services.id, id)).returning({ id: services.id });
  return deleted.length > 0;
}

/** The services with their whole category and their pricing, as their events carry them; by id. */
export async function servicesForEvents(tx: Queryable, serviceIds: readonly string[]) {
  const rows = await tx
    .select({ service: services, category: serviceCategories })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(inArray(services.id, [...serviceIds]))
    .orderBy(asc(services.id));
  const pricing = await tx
    .select()
    .from(servicePricing)
    .where(inArray(servicePricing.serviceId, [...serviceIds]))
    .orderBy(asc(servicePricing.position));
  return rows.map(({ service, category }) => ({
    service,
    category,
    pricing: pricing.filter((option) => option.serviceId === service.id),
  }));
}

export async function serviceIdsOfCategory(tx: Queryable, categoryId: string): Promise<string[]> {
  const rows = await tx.select({ id: services.id }).from(services).where(eq(services.categoryId, categoryId));
  return rows.map((row) => row.id);
}
