import type { Queryable } from '@spa/kit';
import { renameAssignedRole } from '../db/categories.repository.js';
import {
  countEmployeeRoles,
  deleteEmployeeRole,
  findEmployeeRole,
  listActiveEmployeeRoles,
  upsertEmployeeRole,
  type RoleOption,
} from '../db/employee-roles.repository.js';
import { BASE_EMPLOYEE_ROLES } from '../domain/category-form.js';
import { publishCategoryState, publishServicesOfCategory } from '../events/catalogue-state.js';
import type { CatalogueContext } from './context.js';

/**
 * The roles a category may be assigned to: identity's active employee roles as mirrored here, or,
 * before identity has announced any role at all, its three base roles.
 */
export async function assignableRoles(db: Queryable): Promise<RoleOption[]> {
  if ((await countEmployeeRoles(db)) === 0) return BASE_EMPLOYEE_ROLES.map((name) => ({ id: name, name }));
  return listActiveEmployeeRoles(db);
}

export async function assignableRoleNames(db: Queryable): Promise<string[]> {
  return (await assignableRoles(db)).map((role) => role.name);
}

/**
 * Keeps the mirror of identity's employee roles. When a role is renamed, the categories assigned to
 * it follow the new name (and are announced again), so booking keeps matching their staff. A word
 * older than the row's (`changedAt`: identity's event time; the topic read again from the beginning)
 * changes nothing, so a rebuild never renames categories back and forth.
 */
export async function mirrorEmployeeRole(
  { db, publish }: CatalogueContext,
  role: { id: string; name: string; isActive: boolean },
  changedAt: Date,
): Promise<void> {
  const previous = await findEmployeeRole(db, role.id);
  if (!(await upsertEmployeeRole(db, { ...role, sourceUpdatedAt: changedAt }))) return;
  if (!previous || previous.name === role.name) return;
  for (const id of await renameAssignedRole(db, previous.name, role.name)) {
    await publishCategoryState(db, publish, id);
    await publishServicesOfCategory(db, publish, id);
  }
}

/**
 * The role leaves the category form's choices; categories already assigned to it keep the name.
 * Identity never reuses a role's id (a UUID), so a deleted role is gone for good whatever came before.
 */
export async function forgetEmployeeRole(db: Queryable, id: string): Promise<void> {
  await deleteEmployeeRole(db, id);
}
