import { AppError, conflict, notFound, type PageRequest } from '@spa/kit';
import { activeEmployeeRoleNames } from '../db/employee-roles.repository.js';
import type { UserRow } from '../db/schema.js';
import {
  countAdminsLocked,
  findUserById,
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
import { APPLICANT_EDIT_MESSAGE } from './employee-applications.js';
import { eraseAccount } from './erasure.js';
import { validationFailed } from './validation.js';

const USER_NOT_FOUND_MESSAGE = 'User not found';
export const USER_DELETED_MESSAGE = 'User deleted';

export function listUsersForAdmin(
  context: IdentityContext,
  filters: UserFilters,
  page: PageRequest,
): Promise<{ users: UserRow[]; total: number }> {
  return listUsers(context.db, filters, page);
}

/**
 * An admin sets a user's role, employee role, shift, working location and status. A user who becomes
 * an employee gets the next readable employee id. A role change signs the user out everywhere, since
 * their tokens still carry the old role. An employee applicant cannot be edited before the decision.
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
    // An edit must not become an approval that skips the application's checks.
    if (current.employeeStatus === 'applicant') throw conflict(APPLICANT_EDIT_MESSAGE);
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
    // An employee made by an admin counts as approved; leaving the employee role ends the state.
    const employeeStatus = roleChanged
      ? next.role === 'employee'
        ? 'approved'
        : null
      : current.employeeStatus;
    const updated = await updateUser(tx, userId, { ...next, employeeId, employeeStatus });
    if (mirroredFieldsDiffer(current, updated))
      await context.publish(tx, identityEvents.userUpdated, userId, { user: userMessage(updated) });
    return { user: updated, roleChanged };
  });
  if (roleChanged) await context.sessions.revokeAll(user.id);
  return user;
}

/**
 * Before an employee leaves the team: their future active assignments. None: nothing to do. Some: a
 * 409 naming how many, unless the admin asked to hand them back to the assignment pool (booking
 * unassigns them; the admin assigns them again from the appointments tab). Answers how many went back.
 */
async function releaseFutureAssignments(
  context: IdentityContext,
  employee: UserRow,
  options: { releaseFuture: boolean; by: { id: string; name: string } },
): Promise<number> {
  if (employee.role !== 'employee') return 0;
  const future = await context.booking.futureAssignments(employee.id);
  if (future === 0) return 0;
  if (!options.releaseFuture) {
    const message = `${employee.name} is assigned to ${future} future appointment${future === 1 ? '' : 's'}. Keep them on the team, or delete them and return ${future === 1 ? 'it' : 'those appointments'} to the assignment pool.`;
    throw new AppError(409, 'HAS_FUTURE_APPOINTMENTS', message, [
      { field: 'futureAppointments', message, futureAppointments: future },
    ]);
  }
  return context.booking.releaseAssignments(employee.id, options.by);
}

/**
 * An admin deletes a user: first an employee's future assignments (see above), then the same erasure as
 * a customer's own deletion (erasure.ts: the row goes, identity.user.erased reaches every service, every
 * session is revoked).
 */
export async function deleteUserAsAdmin(
  context: IdentityContext,
  userId: string,
  options: { releaseFuture: boolean; cancelFuture?: boolean; by: { id: string; name: string } } = {
    releaseFuture: false,
    by: { id: 'system', name: 'An administrator' },
  },
): Promise<{ releasedAppointments: number; cancelledAppointments: number }> {
  const existing = await findUserById(context.db, userId);
  if (!existing) throw notFound(USER_NOT_FOUND_MESSAGE);
  const releasedAppointments = await releaseFutureAssignments(context, existing, options);
  const cancelledAppointments = await confirmFutureBookings(context, existing, options.cancelFuture === true);
  await eraseAccount(context, userId, 'admin');
  return { releasedAppointments, cancelledAppointments };
}

/**
 * Before a customer's account is deleted by an admin: their own upcoming appointments. Deleting the
 * account cancels them (through identity.user.erased: each is cancelled the normal way, emailed, and a
 * prepaid one refunded), so the admin is told how many first (409) and goes ahead with cancelFuture.
 * Answers how many the deletion will cancel.
 */
async function confirmFutureBookings(
  context: IdentityContext,
  customer: UserRow,
  cancelFuture: boolean,
): Promise<number> {
  if (customer.role !== 'user') return 0;
  let future: number;
  try {
    future = await context.booking.futureBookings(customer.id);
  } catch (error) {
    // Unlike an employee's assignments (which would be left pointing at nobody), a customer's bookings
    // are cancelled by the erasure event whenever booking reads it: nothing is stranded, so an outage
    // of booking does not hold the deletion up; only the count is unknown.
    if (!(error instanceof AppError) || error.statusCode !== 503) throw error;
    context.logger.warn({ userId: customer.id }, 'booking could not count the customer’s appointments');
    return 0;
  }
  if (future === 0 || cancelFuture) return future;
  const message = `${customer.name} has ${future} upcoming appointment${future === 1 ? '' : 's'}. Deleting the account cancels ${future === 1 ? 'it' : 'them'}, emails them and refunds what was paid online.`;
  throw new AppError(409, 'HAS_FUTURE_APPOINTMENTS', message, [
    { field: 'futureAppointments', message, futureAppointments: future },
  ]);
}
