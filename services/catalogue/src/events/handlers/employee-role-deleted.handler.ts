import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { eq } from 'drizzle-orm';
import { employeeRoles } from '../../db/schema.js';

/** The role leaves the category form's choices; categories already assigned to it keep the name. */
export const employeeRoleDeleted: EventHandler<typeof events.employeeRoleDeleted> = async (tx, payload) => {
  await tx.delete(employeeRoles).where(eq(employeeRoles.id, payload.roleId));
};
