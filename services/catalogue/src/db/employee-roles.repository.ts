import type { Queryable } from '@spa/kit';
import { count, eq, sql } from 'drizzle-orm';
import { BASE_EMPLOYEE_ROLES } from '../domain/category-form.js';
import { employeeRoles } from './schema.js';

export interface RoleOption {
  id: string;
  name: string;
}

/**
 * The roles a category may be assigned to: identity's active employee roles as mirrored here, or,
 * before identity has announced any role at all, its three base roles.
 */
export async function assignableRoles(db: Queryable): Promise<RoleOption[]> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(employeeRoles);
  if (total === 0) return BASE_EMPLOYEE_ROLES.map((name) => ({ id: name, name }));
  return db
    .select({ id: employeeRoles.id, name: employeeRoles.name })
    .from(employeeRoles)
    .where(eq(employeeRoles.isActive, true))
    .orderBy(sql`lower(${employeeRoles.name})`);
}

export async function assignableRoleNames(db: Queryable): Promise<string[]> {
  return (await assignableRoles(db)).map((role) => role.name);
}
