import type { Tx } from '@spa/kit';
import { hashPassword } from '../domain/password-hashing.js';
import { isUniqueViolation } from '../db/errors.js';
import { activeEmployeeRoleNames } from '../db/employee-roles.repository.js';
import { findUserByEmail, insertUser } from '../db/users.repository.js';
import { checkRegistration, type NewAccount, type RegistrationInput } from '../domain/registration.js';
import { identityEvents, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { noticeSignUpAttempt, requestEmailVerification } from './email-links.js';
import { validationFailed } from './validation.js';

export const SIGN_UP_ACCEPTED_MESSAGE =
  'Thank you! Check your email to finish signing up: we have sent a message to the address you gave.';

/**
 * Self-registration as a customer or an employee applicant. A sign-up with the address of an existing
 * account (of any kind: unverified, walk-in, Google-only, an applicant) gets the very same answer as a
 * new address, after the same costly work (the password is hashed either way), so the answer tells
 * nobody whether the address has an account; the owner is emailed instead (noticeSignUpAttempt) with a
 * sign-in link and a password-reset link. A new account, its registered event and the first
 * verification email request commit together. Nobody is signed in here: the new user signs in with
 * their password, as the owner of an existing account would.
 */
export async function register(context: IdentityContext, input: RegistrationInput): Promise<string> {
  const checked = checkRegistration(input, await activeEmployeeRoleNames(context.db));
  if (!checked.ok) throw validationFailed(checked.issues);
  const account = checked.value;
  const passwordHash = await hashPassword(account.password);
  const attempt = () => context.db.transaction((tx) => createOrNotice(context, tx, account, passwordHash));
  try {
    await attempt();
  } catch (error) {
    // Two sign-ups racing for one address: the loser finds the winner's account on a second look.
    if (!isUniqueViolation(error)) throw error;
    await attempt();
  }
  return SIGN_UP_ACCEPTED_MESSAGE;
}

async function createOrNotice(
  context: IdentityContext,
  tx: Tx,
  account: NewAccount,
  passwordHash: string,
): Promise<void> {
  const existing = await findUserByEmail(tx, account.email);
  if (existing) {
    await noticeSignUpAttempt(context, tx, existing);
    return;
  }
  const created = await insertUser(tx, {
    name: account.name,
    email: account.email,
    phone: account.phone,
    passwordHash,
    // A self-registered employee is an applicant: a customer everywhere until an admin approves
    // (the employee id comes with the approval).
    role: 'user',
    employeeStatus: account.role === 'employee' ? 'applicant' : null,
    employeeRole: account.employeeRole,
    shift: account.shift,
    workingLocation: account.workingLocation,
    status: account.status,
    employeeId: null,
  });
  await context.publish(tx, identityEvents.userRegistered, created.id, { user: userMessage(created) });
  await requestEmailVerification(context, tx, created);
}
