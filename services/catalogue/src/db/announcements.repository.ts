import type { Queryable } from '@spa/kit';
import { asc } from 'drizzle-orm';
import { announcements, products, services } from './schema.js';

/**
 * Claims a re-announcement by its name; answers false when it was made (or is being made) already.
 * A concurrent claim waits on the name's key until the first commits, then finds it taken.
 */
export async function claimAnnouncement(tx: Queryable, name: string): Promise<boolean> {
  const claimed = await tx
    .insert(announcements)
    .values({ name })
    .onConflictDoNothing()
    .returning({ name: announcements.name });
  return claimed.length > 0;
}

/** Every service's and every product's id, for announcing them all again. */
export async function everyServiceAndProductId(
  tx: Queryable,
): Promise<{ serviceIds: string[]; productIds: string[] }> {
  const serviceRows = await tx.select({ id: services.id }).from(services).orderBy(asc(services.id));
  const productRows = await tx.select({ id: products.id }).from(products).orderBy(asc(products.id));
  return { serviceIds: serviceRows.map((row) => row.id), productIds: productRows.map((row) => row.id) };
}
