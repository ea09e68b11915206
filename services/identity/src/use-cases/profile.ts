import { AppError, unauthorized, type AuthUser } from '@spa/kit';
import { hashPassword, verifyPassword } from '../domain/password-hashing.js';
import { retireOpenLinks } from '../db/one-time-tokens.repository.js';
import type { UserRow } from '../db/schema.js';
import { findUserById, findUserByIdForUpdate, updateUser, type UserPatch } from '../db/users.repository.js';
import { passwordPolicyProblem } from '../domain/password-policy.js';
import { readName, readPhone } from '../domain/profile-fields.js';
import type { FieldIssue } from '../domain/user.js';
import { identityEvents, mirroredFieldsDiffer, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { invalidField, validationFailed } from './validation.js';

const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
const NO_PASSWORD_MESSAGE =
  'Your account does not have a password yet (you sign in with Google). Use "Forgot your password" to set one.';

const accountGone = () => unauthorized('Your account no longer exists.');

export async function currentAccount(context: IdentityContext, caller: AuthUser): Promise<UserRow> {
  const user = await findUserById(context.db, caller.id);
  if (!user) throw accountGone();
  return user;
}

/** The caller edits their own name and phone (the /settings page). */
export async function updateProfile(
  context: IdentityContext,
  caller: AuthUser,
  changes: { name?: string; phone?: string | null },
): Promise<UserRow> {
  const issues: FieldIssue[] = [];
  const patch: UserPatch = {};
  if (changes.name !== undefined) {
    const name = readName(changes.name);
    if ('issue' in name) issues.push(name.issue);
    else patch.name = name.name;
  }
  if (changes.phone !== undefined) {
    const phone = readPhone(changes.phone);
    if ('issue' in phone) issues.push(phone.issue);
    else patch.phone = phone.phone;
  }
  if (issues.length > 0) throw validationFailed(issues);
  return context.db.transaction(async (tx) => {
    const current = await findUserByIdForUpdate(tx, caller.id);
    if (!current) throw accountGone();
    if (Object.keys(patch).length === 0) return current;
    const updated = await updateUser(tx, current.id, patch);
    if (mirroredFieldsDiffer(current, updated))
      await context.publish(tx, identityEvents.userUpdated, updated.id, { user: userMessage(updated) });
    return updated;
  });
}

/**
 * Changes the caller's password given the current one. Wrong guesses count towards the same lock as
 * failed sign-ins (a stolen session must not become a password oracle); every other session of the
 * account is signed out, the caller's own stays. Every open reset, claim and verification link dies in
 * the same transaction as the new password: an older reset link must not set yet another password.
 */
export async function changePassword(
  context: IdentityContext,
  caller: AuthUser,
  passwords: { currentPassword: string; newPassword: string },
  clientAddress: string,
): Promise<string> {
  const user = await currentAccount(context, caller);
  if (!user.passwordHash) throw new AppError(400, 'NO_PASSWORD', NO_PASSWORD_MESSAGE);
  // The new password is checked before the throttle lets the attempt through: a refused new password
  // tests nothing about the current one, so it must not count as a guess.
  const problem = passwordPolicyProblem(passwords.newPassword, [user.name, user.email]);
  if (problem) throw invalidField('newPassword', problem);
  const attempt = await context.throttle.assertAllowed(user.email, clientAddress);
  if (!(await verifyPassword(user.passwordHash, passwords.currentPassword))) {
    await context.throttle.recordFailure(attempt);
    throw new AppError(400, 'WRONG_CURRENT_PASSWORD', WRONG_CURRENT_PASSWORD_MESSAGE, [
      { field: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE },
    ]);
  }
  await context.throttle.recordSuccess(attempt);
  if (passwords.newPassword === passwords.currentPassword)
    throw invalidField('newPassword', 'Your new password must be different from your current password.');
  const passwordHash = await hashPassword(passwords.newPassword);
  await context.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await retireOpenLinks(tx, user.id);
  });
  await context.sessions.revokeAll(user.id, { except: caller.tokenId });
  return PASSWORD_CHANGED_MESSAGE;
}
