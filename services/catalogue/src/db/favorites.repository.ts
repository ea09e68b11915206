import type { Queryable } from '@spa/kit';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { ListPage } from './list-page.js';
import { isUuid } from './pg-errors.js';
import { favorites } from './schema.js';
import { listServices, type ServiceRecord } from './services.repository.js';

export async function isFavorite(db: Queryable, userId: string, serviceId: string): Promise<boolean> {
  if (!isUuid(serviceId)) return false;
  const [row] = await db
    .select({ serviceId: favorites.serviceId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.serviceId, serviceId)));
  return row !== undefined;
}

/** Adding twice keeps one favorite (the pair is the key); answers whether this call added it. */
export async function insertFavorite(db: Queryable, userId: string, serviceId: string): Promise<boolean> {
  const inserted = await db
    .insert(favorites)
    .values({ userId, serviceId })
    .onConflictDoNothing()
    .returning({ serviceId: favorites.serviceId });
  return inserted.length > 0;
}

export async function removeFavorite(db: Queryable, userId: string, serviceId: string): Promise<boolean> {
  if (!isUuid(serviceId)) return false;
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.serviceId, serviceId)))
    .returning({ serviceId: favorites.serviceId });
  return removed.length > 0;
}

/** An erased account's favorites. */
export async function deleteFavoritesOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(favorites).where(eq(favorites.userId, userId));
}

/**
 * One page of the user's favorite treatments that are on offer now, most recently added first (a page
 * may hold fewer when some on it are no longer on offer).
 */
export async function listFavoriteServices(
  db: Queryable,
  userId: string,
  page: ListPage,
): Promise<ServiceRecord[]> {
  const rows = await db
    .select({ serviceId: favorites.serviceId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), asc(favorites.serviceId))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  if (rows.length === 0) return [];
  const { items } = await listServices(db, { includeInactive: false, ids: rows.map((row) => row.serviceId) });
  const byId = new Map(items.map((service) => [service.id, service]));
  return rows.map((row) => byId.get(row.serviceId)).filter((service) => service !== undefined);
}
