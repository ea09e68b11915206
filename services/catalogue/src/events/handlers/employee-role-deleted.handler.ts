import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { forgetEmployeeRole } from '../../use-cases/employee-roles.js';

/** The role leaves the category form's choices; categories already assigned to it keep the name. */
export const employeeRoleDeleted: EventHandler<typeof events.employeeRoleDeleted> = async (tx, payload) => {
  await forgetEmployeeRole(tx, payload.roleId);
};
