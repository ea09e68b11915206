import { badRequest, conflict, notFound, type Queryable } from '@spa/kit';
import {
  countServicesOfCategory,
  deleteCategoryRow,
  findCategory,
  insertCategory,
  lockCategory,
  updateCategoryRow,
  type CategoryRow,
} from '../db/categories.repository.js';
import { isUniqueViolation } from '../db/pg-errors.js';
import { categoryInputOf, cleanCategoryForm, type CategoryInput } from '../domain/category-form.js';
import { definedOnly } from '../domain/text.js';
import { publishCategoryState, publishServicesOfCategory } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import { assignableRoleNames } from './employee-roles.js';
import type { CatalogueContext } from './context.js';

export { listCategories } from '../db/categories.repository.js';
export { assignableRoles } from './employee-roles.js';

const NOT_FOUND = 'Category not found';

function duplicateName(name: string) {
  return conflict(`A category named "${name}" already exists`);
}

/** knownRoles: the roles to check against, when the caller knows better than the mirror (the seed). */
export async function createCategory(
  { db, publish }: CatalogueContext,
  input: CategoryInput,
  knownRoles?: readonly string[],
): Promise<CategoryRow> {
  const fields = cleanCategoryForm(input, knownRoles ?? (await assignableRoleNames(db)));
  try {
    return await db.transaction(async (tx) => {
      const row = await insertCategory(tx, fields);
      await publishCategoryState(tx, publish, row.id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(fields.name);
    throw error;
  }
}

/** Fields not sent keep their value, so a form can send everything and a toggle only isActive. */
export async function updateCategory(
  { db, publish }: CatalogueContext,
  id: string,
  input: CategoryInput,
): Promise<CategoryRow> {
  const roles = await assignableRoleNames(db);
  try {
    return await db.transaction(async (tx) => {
      const existing = await lockExisting(tx, id);
      // A category keeps a role identity has since retired until someone picks another.
      const fields = cleanCategoryForm({ ...categoryInputOf(existing), ...definedOnly(input) }, [
        ...roles,
        existing.assignedEmployeeRole,
      ]);
      const row = await updateCategoryRow(tx, id, fields);
      await publishCategoryState(tx, publish, id);
      await publishServicesOfCategory(tx, publish, id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(String(input.name ?? '').trim());
    throw error;
  }
}

/** Refused while services use the category: deleting it would leave them without one. */
export async function deleteCategory({ db, publish }: CatalogueContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await lockExisting(tx, id);
    const total = await countServicesOfCategory(tx, id);
    if (total > 0)
      throw conflict(
        `Cannot delete the category "${existing.name}": ${total} service${total === 1 ? '' : 's'} still use${total === 1 ? 's' : ''} it. Move or delete them first.`,
      );
    await deleteCategoryRow(tx, id);
    await publish(tx, catalogueEvents.categoryDeleted, id, { categoryId: id });
  });
}

async function lockExisting(tx: Queryable, id: string): Promise<CategoryRow> {
  const row = await lockCategory(tx, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** A category id sent with a service: it must name an existing category. */
export async function requireCategory(db: Queryable, id: string): Promise<CategoryRow> {
  const row = await findCategory(db, id);
  if (!row) throw badRequest('The selected category does not exist', [{ field: 'category' }]);
  return row;
}
