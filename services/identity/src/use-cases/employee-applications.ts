import { conflict, notFound } from '@spa/kit';
import type { UserRow } from '../db/schema.js';
import { findUserByIdForUpdate, nextEmployeeId, updateUser } from '../db/users.repository.js';
import { identityEvents, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';

export type ApplicationDecision = 'approve' | 'reject';

export const NOT_AN_APPLICANT_MESSAGE =
  'This user has no pending employee application (only a self-registered employee waiting for a decision can be approved or rejected).';
export const APPROVAL_NEEDS_VERIFIED_EMAIL_MESSAGE =
  'This applicant has not verified their email address yet. Ask them to open the verification link (they can request a new one from their dashboard), then approve.';
export const APPLICANT_EDIT_MESSAGE =
  'This employee application is waiting for a decision: approve or reject it first, then edit the account.';

/**
 * An admin decides on a self-registered employee. Approval (which needs a verified email) makes them
 * an employee with the next employee id; rejection keeps a plain customer account and drops the
 * requested employee fields. Either way the user's live tokens are revoked, so the next sign-in carries
 * the new rights, and the applicant is emailed (through the decision event).
 */
export async function decideEmployeeApplication(
  context: IdentityContext,
  userId: string,
  decision: ApplicationDecision,
): Promise<UserRow> {
  const user = await context.db.transaction(async (tx) => {
    const current = await findUserByIdForUpdate(tx, userId);
    if (!current) throw notFound('User not found');
    if (current.employeeStatus !== 'applicant') throw conflict(NOT_AN_APPLICANT_MESSAGE);
    const requestedRole = current.employeeRole ?? '';
    let updated: UserRow;
    if (decision === 'approve') {
      if (!current.isEmailVerified) throw conflict(APPROVAL_NEEDS_VERIFIED_EMAIL_MESSAGE);
      updated = await updateUser(tx, userId, {
        role: 'employee',
        employeeStatus: 'approved',
        employeeId: current.employeeId ?? (await nextEmployeeId(tx)),
      });
    } else {
      updated = await updateUser(tx, userId, {
        role: 'user',
        employeeStatus: 'rejected',
        employeeRole: null,
        shift: null,
        workingLocation: null,
        employeeId: null,
      });
    }
    await context.publish(tx, identityEvents.userUpdated, userId, { user: userMessage(updated) });
    await context.publish(
      tx,
      decision === 'approve'
        ? identityEvents.employeeApplicationApproved
        : identityEvents.employeeApplicationRejected,
      userId,
      {
        userId,
        email: updated.email,
        name: updated.name,
        employeeRole: requestedRole,
        signInUrl: `${context.config.appUrl}/login`,
      },
    );
    return updated;
  });
  await context.sessions.revokeAll(userId);
  return user;
}
