import { pageWindow, type PageRequest, type Queryable } from '@spa/kit';
import { asc, count, eq } from 'drizzle-orm';
import { employeeRoles, type EmployeeRoleRow } from './schema.js';

export type NewEmployeeRole = typeof employeeRoles.$inferInsert;

async function listEmployeeRoles(
  q: Queryable,
  options: { activeOnly?: boolean } = {},
): Promise<EmployeeRoleRow[]> {
  return q
    .select()
    .from(employeeRoles)
    .where(options.activeOnly ? eq(employeeRoles.isActive, true) : undefined)
    .orderBy(asc(employeeRoles.createdAt), asc(employeeRoles.name));
}

/** One page of the roles in the order the admin created them, with how many there are in all. */
export async function pageOfEmployeeRoles(
  q: Queryable,
  options: { activeOnly?: boolean },
  page: PageRequest,
): Promise<{ roles: EmployeeRoleRow[]; total: number }> {
  const where = options.activeOnly ? eq(employeeRoles.isActive, true) : undefined;
  const { limit, offset } = pageWindow(page);
  const [roles, [counted]] = await Promise.all([
    q
      .select()
      .from(employeeRoles)
      .where(where)
      .orderBy(asc(employeeRoles.createdAt), asc(employeeRoles.name), asc(employeeRoles.id))
      .limit(limit)
      .offset(offset),
    q.select({ total: count() }).from(employeeRoles).where(where),
  ]);
  return { roles, total: counted?.total ?? 0 };
}

export async function activeEmployeeRoleNames(q: Queryable): Promise<string[]> {
  return (await listEmployeeRoles(q, { activeOnly: true })).map((role) => role.name);
}

export async function findEmployeeRoleForUpdate(
  q: Queryable,
  id: string,
): Promise<EmployeeRoleRow | undefined> {
  const [row] = await q.select().from(employeeRoles).where(eq(employeeRoles.id, id)).for('update');
  return row;
}

export async function insertEmployeeRole(q: Queryable, values: NewEmployeeRole): Promise<EmployeeRoleRow> {
  const [row] = await q.insert(employeeRoles).values(values).returning();
  return row!;
}

/** Inserts the role unless one of that name exists; answers the new row, or undefined when it existed. */
export async function insertEmployeeRoleIfAbsent(
  q: Queryable,
  values: NewEmployeeRole,
): Promise<EmployeeRoleRow | undefined> {
  const [row] = await q.insert(employeeRoles).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateEmployeeRole(
  q: Queryable,
  id: string,
  patch: Partial<Omit<NewEmployeeRole, 'id' | 'createdAt'>>,
): Promise<EmployeeRoleRow> {
  const [row] = await q
    .update(employeeRoles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(employeeRoles.id, id))
    .returning();
  return row!;
}

export async function deleteEmployeeRole(q: Queryable, id: string): Promise<void> {
  await q.delete(employeeRoles).where(eq(employeeRoles.id, id));
}
