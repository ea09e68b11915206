import type { Queryable } from '@spa/kit';
import { count, eq, sql } from 'drizzle-orm';
import { employeeRoles } from './schema.js';

export interface RoleOption {
  id: string;
  name: string;
}

/** How many roles identity has announced (active or not). */
export async function countEmployeeRoles(db: Queryable): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(employeeRoles);
  return total;
}

/** Identity's active employee roles as mirrored here, by name. */
export async function listActiveEmployeeRoles(db: Queryable): Promise<RoleOption[]> {
  return db
    .select({ id: employeeRoles.id, name: employeeRoles.name })
    .from(employeeRoles)
    .where(eq(employeeRoles.isActive, true))
    .orderBy(sql`lower(${employeeRoles.name})`);
}

export type EmployeeRoleRow = typeof employeeRoles.$inferSelect;

export async function findEmployeeRole(db: Queryable, id: string): Promise<EmployeeRoleRow | undefined> {
  const [row] = await db.select().from(employeeRoles).where(eq(employeeRoles.id, id));
  return row;
}

/**
 * Writes identity's word on a role unless the row holds a newer one (`sourceUpdatedAt`, the time of
 * identity's event; equal times: the later event wins; none: any event). Answers whether it wrote.
 */
export async function upsertEmployeeRole(
  db: Queryable,
  role: { id: string; name: string; isActive: boolean; sourceUpdatedAt: Date },
): Promise<boolean> {
  const now = new Date();
  const written = await db
    .insert(employeeRoles)
    .values({ ...role, updatedAt: now })
    .onConflictDoUpdate({
      target: employeeRoles.id,
      set: {
        name: role.name,
        isActive: role.isActive,
        sourceUpdatedAt: role.sourceUpdatedAt,
        updatedAt: now,
      },
      setWhere: sql`${employeeRoles.sourceUpdatedAt} is null or ${employeeRoles.sourceUpdatedAt} <= excluded.source_updated_at`,
    })
    .returning({ id: employeeRoles.id });
  return written.length > 0;
}

export async function deleteEmployeeRole(db: Queryable, id: string): Promise<void> {
  await db.delete(employeeRoles).where(eq(employeeRoles.id, id));
}
