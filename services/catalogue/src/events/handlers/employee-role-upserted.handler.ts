import { createPublisher, PermanentEventError, type EventHandler } from '@spa/kit';
import { events } from '@spa/proto';
import { eq, sql } from 'drizzle-orm';
import { employeeRoles, serviceCategories } from '../../db/schema.js';
import { publishCategoryState, publishServicesOfCategory } from '../catalogue-state.js';

const publish = createPublisher('catalogue');

/**
 * Keeps the mirror of identity's employee roles. When a role is renamed, the categories assigned to
 * it follow the new name (and are announced again), so booking keeps matching their staff.
 */
export const employeeRoleUpserted: EventHandler<typeof events.employeeRoleUpserted> = async (tx, payload) => {
  const role = payload.role;
  if (!role?.id || !role.name.trim())
    throw new PermanentEventError('employee role event without an id or a name');
  const name = role.name.trim();
  const [previous] = await tx.select().from(employeeRoles).where(eq(employeeRoles.id, role.id));
  await tx
    .insert(employeeRoles)
    .values({ id: role.id, name, isActive: role.isActive, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: employeeRoles.id,
      set: { name, isActive: role.isActive, updatedAt: new Date() },
    });
  if (!previous || previous.name === name) return;
  const renamed = await tx
    .update(serviceCategories)
    .set({ assignedEmployeeRole: name, updatedAt: new Date() })
    .where(sql`lower(${serviceCategories.assignedEmployeeRole}) = lower(${previous.name})`)
    .returning({ id: serviceCategories.id });
  for (const { id } of renamed) {
    await publishCategoryState(tx, publish, id);
    await publishServicesOfCategory(tx, publish, id);
  }
};
