import type { Queryable } from '@spa/kit';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CategoryFields } from '../domain/category-form.js';
import type { ListPage } from './list-page.js';
import { isUuid } from './pg-errors.js';
import { serviceCategories, services } from './schema.js';

export type CategoryRow = typeof serviceCategories.$inferSelect;

/** One page of the categories, and how many there are. */
export async function listCategories(
  db: Queryable,
  { includeInactive }: { includeInactive: boolean },
  page: ListPage,
): Promise<{ items: CategoryRow[]; total: number }> {
  const where: SQL | undefined = includeInactive ? undefined : eq(serviceCategories.isActive, true);
  const [items, [counted]] = await Promise.all([
    db
      .select()
      .from(serviceCategories)
      .where(where)
      .orderBy(asc(serviceCategories.displayOrder), asc(serviceCategories.name), asc(serviceCategories.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(serviceCategories).where(where),
  ]);
  return { items, total: counted?.total ?? 0 };
}

export async function findCategory(db: Queryable, id: string): Promise<CategoryRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(serviceCategories).where(eq(serviceCategories.id, id));
  return row;
}

/** The category, locked for a change (undefined when there is none). */
export async function lockCategory(tx: Queryable, id: string): Promise<CategoryRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(serviceCategories).where(eq(serviceCategories.id, id)).for('update');
  return row;
}

export async function insertCategory(tx: Queryable, fields: CategoryFields): Promise<CategoryRow> {
  const [row] = await tx.insert(serviceCategories).values(fields).returning();
  return row!;
}

export async function updateCategoryRow(
  tx: Queryable,
  id: string,
  fields: CategoryFields,
): Promise<CategoryRow> {
  const [row] = await tx
    .update(serviceCategories)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(serviceCategories.id, id))
    .returning();
  return row!;
}

/** How many services use the category. */
export async function countServicesOfCategory(tx: Queryable, id: string): Promise<number> {
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(services)
    .where(eq(services.categoryId, id));
  return total;
}

export async function deleteCategoryRow(tx: Queryable, id: string): Promise<void> {
  await tx.delete(serviceCategories).where(eq(serviceCategories.id, id));
}

/** The categories assigned to the role `from` (any case) are assigned to `to`; answers their ids. */
export async function renameAssignedRole(tx: Queryable, from: string, to: string): Promise<string[]> {
  const renamed = await tx
    .update(serviceCategories)
    .set({ assignedEmployeeRole: to, updatedAt: new Date() })
    .where(sql`lower(${serviceCategories.assignedEmployeeRole}) = lower(${from})`)
    .returning({ id: serviceCategories.id });
  return renamed.map((row) => row.id);
}
