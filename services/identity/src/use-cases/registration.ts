import { conflict } from '@spa/kit';
import { hashPassword } from '../domain/password-hashing.js';
import { isUniqueViolation } from '../db/errors.js';
import { activeEmployeeRoleNames } from '../db/employee-roles.repository.js';
import { findUserByEmail, insertUser } from '../db/users.repository.js';
import { checkRegistration, type RegistrationInput } from '../domain/registration.js';
import { identityEvents, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { requestEmailVerification } from './email-links.js';
import { startSession, type SignedIn } from './sessions.js';
import { validationFailed } from './validation.js';

const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please sign in instead.';

/**
 * Self-registration as a customer or an employee applicant. The account, its registered event and the first
 * verification email request commit together; the new user is signed in straight away.
 */
export async function register(context: IdentityContext, input: RegistrationInput): Promise<SignedIn> {
  const checked = checkRegistration(input, await activeEmployeeRoleNames(context.db));
  if (!checked.ok) throw validationFailed(checked.issues);
  const account = checked.value;
  if (await findUserByEmail(context.db, account.email)) throw conflict(EMAIL_TAKEN_MESSAGE);

  const passwordHash = await hashPassword(account.password);
  let user;
  try {
    user = await context.db.transaction(async (tx) => {
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
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  return startSession(context, user);
}
