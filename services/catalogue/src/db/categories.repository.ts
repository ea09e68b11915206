import { badRequest, conflict, notFound, type Queryable } from '@spa/kit';
import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { ListPage } from './list-page.js';
import { cleanCategoryForm, type CategoryInput } from '../domain/category-form.js';
import { definedOnly } from '../domain/text.js';
import { catalogueEvents } from '../events/publishes.js';
import { publishCategoryState, publishServicesOfCategory } from '../events/catalogue-state.js';
import { assignableRoleNames } from './employee-roles.repository.js';
import { isUniqueViolation, isUuid } from './pg-errors.js';
import { serviceCategories, services } from './schema.js';
import type { Store } from './store.js';

export type CategoryRow = typeof serviceCategories.$inferSelect;

const NOT_FOUND = 'Category not found';

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

function duplicateName(name: string) {
  return conflict(`A category named "${name}" already exists`);
}

function inputOf(row: CategoryRow): CategoryInput {
  return {
    name: row.name,
    description: row.description,
    order: row.displayOrder,
    isActive: row.isActive,
    assignedEmployeeRole: row.assignedEmployeeRole,
  };
}

/** knownRoles: the roles to check against, when the caller knows better than the mirror (the seed). */
export async function createCategory(
  { db, publish }: Store,
  input: CategoryInput,
  knownRoles?: readonly string[],
): Promise<CategoryRow> {
  const fields = cleanCategoryForm(input, knownRoles ?? (await assignableRoleNames(db)));
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(serviceCategories).values(fields).returning();
      await publishCategoryState(tx, publish, row!.id);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(fields.name);
    throw error;
  }
}

/** Fields not sent keep their value, so a form can send everything and a toggle only isActive. */
export async function updateCategory(
  { db, publish }: Store,
  id: string,
  input: CategoryInput,
): Promise<CategoryRow> {
  const roles = await assignableRoleNames(db);
  try {
    return await db.transaction(async (tx) => {
      const existing = await lockCategory(tx, id);
      const current = inputOf(existing);
      // A category keeps a role identity has since retired until someone picks another.
      const fields = cleanCategoryForm({ ...current, ...definedOnly(input) }, [
        ...roles,
        existing.assignedEmployeeRole,
      ]);
      const [row] = await tx
        .update(serviceCategories)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(serviceCategories.id, id))
        .returning();
      await publishCategoryState(tx, publish, id);
      await publishServicesOfCategory(tx, publish, id);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(String(input.name ?? '').trim());
    throw error;
  }
}

/** Refused while services use the category: deleting it would leave them without one. */
export async function deleteCategory({ db, publish }: Store, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await lockCategory(tx, id);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(services)
      .where(eq(services.categoryId, id));
    if (total > 0)
      throw conflict(
        `Cannot delete the category "${existing.name}": ${total} service${total === 1 ? '' : 's'} still use${total === 1 ? 's' : ''} it. Move or delete them first.`,
      );
    await tx.delete(serviceCategories).where(eq(serviceCategories.id, id));
    await publish(tx, catalogueEvents.categoryDeleted, id, { categoryId: id });
  });
}

async function lockCategory(tx: Queryable, id: string): Promise<CategoryRow> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const [row] = await tx.select().from(serviceCategories).where(eq(serviceCategories.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** A category id sent with a service: it must name an existing category. */
export async function requireCategory(db: Queryable, id: string): Promise<CategoryRow> {
  const row = await findCategory(db, id);
  if (!row) throw badRequest('The selected category does not exist', [{ field: 'category' }]);
  return row;
}
