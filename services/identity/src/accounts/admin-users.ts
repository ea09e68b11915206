import { conflict, notFound } from '@spa/kit';
import { activeEmployeeRoleNames } from '../db/employee-roles.repository.js';
import type { UserRow } from '../db/schema.js';
import {
  countAdminsLocked,
  findUserByIdForUpdate,
  listUsers,
  nextEmployeeId,
  updateUser,
  type UserFilters,
} from '../db/users.repository.js';
import {
  LAST_ADMIN_DEMOTE_MESSAGE,
  planAdminUserUpdate,
  removesLastAdmin,
  type AdminUserChanges,
} from '../domain/user-update.js';
import { identityEvents, mirroredFieldsDiffer, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { eraseAccount } from './erasure.js';
import { validationFailed } from './validation.js';

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const USER_DELETED_MESSAGE = 'User deleted';

export function listUsersForAdmin(context: IdentityContext, filters: UserFilters): Promise<UserRow[]> {
  return listUsers(context.db, filters);
}

/**
 * An admin sets a user's role, employee role, shift, working location and status. A user who becomes
 * an employee gets the next readable employee id. A role change signs the user out everywhere, since
 * their tokens still carry the old role.
 */
export async function updateUserAsAdmin(
  context: IdentityContext,
  userId: string,
  changes: AdminUserChanges,
): Promise<UserRow> {
  const activeRoles = await activeEmployeeRoleNames(context.db);
  const { user, roleChanged } = await context.db.transaction(async (tx) => {
    const current = await findUserByIdForUpdate(tx, userId);
    if (!current) throw notFound(USER_NOT_FOUND_MESSAGE);
    const plan = planAdminUserUpdate(current, changes, activeRoles);
    if (!plan.ok) throw validationFailed(plan.issues);
    const { next, changed, roleChanged } = plan.value;
    if (!changed) return { user: current, roleChanged: false };
    if (
      current.role === 'admin' &&
      roleChanged &&
      removesLastAdmin(current.role, next.role, await countAdminsLocked(tx))
    )
      throw conflict(LAST_ADMIN_DEMOTE_MESSAGE);
    const employeeId =
      next.role === 'employee' && !current.employeeId ? await nextEmployeeId(tx) : current.employeeId;
    const updated = await updateUser(tx, userId, { ...next, employeeId });
    if (mirroredFieldsDiffer(current, updated))
      await context.publish(tx, identityEvents.userUpdated, userId, { user: userMessage(updated) });
    return { user: updated, roleChanged };
  });
  if (roleChanged) await context.sessions.revokeAll(user.id);
  return user;
}

/** An admin deletes a user: the same erasure as a customer's own deletion (see erasure.ts). */
export async function deleteUserAsAdmin(context: IdentityContext, userId: string): Promise<void> {
  await eraseAccount(context, userId, 'admin');
}
