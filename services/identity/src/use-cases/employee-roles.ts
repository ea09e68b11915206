import { conflict, notFound, type PageRequest, type Tx } from '@spa/kit';
import { isUniqueViolation } from '../db/errors.js';
import {
  deleteEmployeeRole,
  findEmployeeRoleForUpdate,
  insertEmployeeRole,
  insertEmployeeRoleIfAbsent,
  pageOfEmployeeRoles,
  updateEmployeeRole,
} from '../db/employee-roles.repository.js';
import type { EmployeeRoleRow } from '../db/schema.js';
import { countUsersWithEmployeeRole, renameEmployeeRoleOnUsers } from '../db/users.repository.js';
import { checkEmployeeRoleInput, type EmployeeRoleInput } from '../domain/employee-role.js';
import { BASE_EMPLOYEE_ROLES, isBaseEmployeeRole } from '../domain/user.js';
import { employeeRoleMessage, identityEvents, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { validationFailed } from './validation.js';

const ROLE_NOT_FOUND_MESSAGE = 'Employee role not found';
const ROLE_NAME_TAKEN_MESSAGE = 'An employee role with this name already exists.';
export const ROLE_DELETED_MESSAGE = 'Employee role deleted';
const BASE_ROLE_NAMES = BASE_EMPLOYEE_ROLES.map((role) => role.name).join(', ');

/** One page of the roles (the admin's tab and the sign-up form's choice), with the total. */
export function listRoles(context: IdentityContext, options: { activeOnly?: boolean }, page: PageRequest) {
  return pageOfEmployeeRoles(context.db, options, page);
}

function checked(input: EmployeeRoleInput) {
  const result = checkEmployeeRoleInput(input);
  if (!result.ok) throw validationFailed(result.issues);
  return result.value;
}

async function publishUpserted(context: IdentityContext, tx: Tx, role: EmployeeRoleRow) {
  await context.publish(tx, identityEvents.employeeRoleUpserted, role.id, {
    role: employeeRoleMessage(role),
  });
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN_MESSAGE);
    throw error;
  }
}

export async function createRole(
  context: IdentityContext,
  input: EmployeeRoleInput & { name: string },
): Promise<EmployeeRoleRow> {
  const fields = checked(input);
  return uniqueName(() =>
    context.db.transaction(async (tx) => {
      const role = await insertEmployeeRole(tx, { ...fields, name: fields.name! });
      await publishUpserted(context, tx, role);
      return role;
    }),
  );
}

/**
 * Edits a role. A rename follows onto every employee holding the role (each announced as updated).
 * The base roles keep their names: the product and other services refer to them by name.
 */
export async function updateRole(
  context: IdentityContext,
  roleId: string,
  input: EmployeeRoleInput,
): Promise<EmployeeRoleRow> {
  const fields = checked(input);
  return uniqueName(() =>
    context.db.transaction(async (tx) => {
      const current = await findEmployeeRoleForUpdate(tx, roleId);
      if (!current) throw notFound(ROLE_NOT_FOUND_MESSAGE);
      const renamed = fields.name !== undefined && fields.name !== current.name;
      if (renamed && isBaseEmployeeRole(current.name))
        throw conflict(`The base employee roles (${BASE_ROLE_NAMES}) cannot be renamed.`);
      const updated = await updateEmployeeRole(tx, roleId, fields);
      if (renamed) {
        for (const user of await renameEmployeeRoleOnUsers(tx, current.name, updated.name))
          await context.publish(tx, identityEvents.userUpdated, user.id, { user: userMessage(user) });
      }
      await publishUpserted(context, tx, updated);
      return updated;
    }),
  );
}

export async function deleteRole(context: IdentityContext, roleId: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const current = await findEmployeeRoleForUpdate(tx, roleId);
    if (!current) throw notFound(ROLE_NOT_FOUND_MESSAGE);
    if (isBaseEmployeeRole(current.name))
      throw conflict(
        `The base employee roles (${BASE_ROLE_NAMES}) cannot be deleted. You can mark a role inactive instead.`,
      );
    const holders = await countUsersWithEmployeeRole(tx, current.name);
    if (holders > 0)
      throw conflict(
        `This employee role is assigned to ${holders} employee${holders === 1 ? '' : 's'}. Give them another role before deleting it.`,
      );
    await deleteEmployeeRole(tx, roleId);
    await context.publish(tx, identityEvents.employeeRoleDeleted, roleId, { roleId, name: current.name });
  });
}

/** The base roles exist in every environment; each is announced once, when it is first created. */
export async function ensureBaseEmployeeRoles(context: IdentityContext): Promise<void> {
  await context.db.transaction(async (tx) => {
    for (const base of BASE_EMPLOYEE_ROLES) {
      const created = await insertEmployeeRoleIfAbsent(tx, {
        name: base.name,
        description: base.description,
      });
      if (created) await publishUpserted(context, tx, created);
    }
  });
}
