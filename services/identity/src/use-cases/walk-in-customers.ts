import { AppError, forbidden, type AuthUser } from '@spa/kit';
import { isUniqueViolation } from '../db/errors.js';
import type { UserRow } from '../db/schema.js';
import { findUserByEmail, insertUser } from '../db/users.repository.js';
import {
  checkWalkInCustomer,
  DESK_ONLY_MESSAGE,
  runsTheDesk,
  WALK_IN_EMAIL_TAKEN_MESSAGE,
  type WalkInCustomerInput,
} from '../domain/walk-in-customer.js';
import { identityEvents, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { requestAccountClaim } from './email-links.js';
import { currentAccount } from './profile.js';
import { validationFailed } from './validation.js';

/** 409 with its own code: the desk's form tells "search for them instead" apart from other conflicts. */
const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', WALK_IN_EMAIL_TAKEN_MESSAGE);

/**
 * The caller runs the front desk (runsTheDesk), judged on the stored account; 403 otherwise, 401 when
 * the account is gone. The route runs it before the body is validated, as the admin routes check the
 * role first: someone not at the desk learns nothing from the validation messages.
 */
export async function assertDesk(context: IdentityContext, caller: AuthUser): Promise<void> {
  const account = await currentAccount(context, caller);
  if (!runsTheDesk(account)) throw forbidden(DESK_ONLY_MESSAGE);
}

/**
 * POST /auth/walk-in-customers: the front desk creates a customer account on the spot for someone who
 * walked in or phoned, to book for them. The account has no password and an unverified email (or none:
 * ''), so nobody can sign in to it until the person claims it. It is announced with the same
 * identity.user.registered event as a sign-up, in the same transaction, so booking's copy of the users
 * knows the customer before the desk books. With an email, the same transaction stores a "set your
 * password" link and publishes identity.account.claim-invited, which notification emails.
 * `desk` has passed assertDesk.
 */
export async function createWalkInCustomer(
  context: IdentityContext,
  desk: AuthUser,
  input: WalkInCustomerInput,
): Promise<UserRow> {
  const checked = checkWalkInCustomer(input);
  if (!checked.ok) throw validationFailed(checked.issues);
  const customer = checked.value;
  if (customer.email && (await findUserByEmail(context.db, customer.email))) throw emailTaken();

  let created: UserRow;
  try {
    created = await context.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        name: customer.name,
        // '' rather than null: the column and the mirrored user are plain strings everywhere; the
        // partial unique index lets any number of customers have none.
        email: customer.email ?? '',
        phone: customer.phone,
        passwordHash: null,
        role: 'user',
        isEmailVerified: false,
        walkIn: true,
      });
      await context.publish(tx, identityEvents.userRegistered, user.id, { user: userMessage(user) });
      if (user.email) await requestAccountClaim(context, tx, user);
      return user;
    });
  } catch (error) {
    // Someone registered the same address between the look-up and the insert.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  context.logger.info(
    { userId: created.id, createdBy: desk.id, withEmail: created.email !== '' },
    'walk-in customer created at the front desk',
  );
  return created;
}
