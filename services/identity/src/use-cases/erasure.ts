import { AppError, conflict, notFound, startPeriodicTask, type AuthUser, type Queryable } from '@spa/kit';
import { verifyPassword } from '../domain/password-hashing.js';
import type { UserRow } from '../db/schema.js';
import {
  countAdminsLocked,
  deleteUser,
  findUserByIdForUpdate,
  lockUnverifiedAccountsCreatedBefore,
  recordUserErasure,
  tryLockUnverifiedAccountSweep,
} from '../db/users.repository.js';
import { LAST_ADMIN_DELETE_MESSAGE, removesLastAdmin } from '../domain/user-update.js';
import { identityEvents, publishRecipientErased } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { currentAccount } from './profile.js';

export type ErasureReason = 'self' | 'admin' | 'retention';

const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted. Invoices the law requires us to keep remain, with only your name on them.';
const WRONG_PASSWORD_MESSAGE = 'Your password is incorrect.';
const CONFIRM_WORD = 'DELETE';
const CONFIRM_MESSAGE = `Type ${CONFIRM_WORD} to confirm that your account should be deleted.`;

/**
 * Erases one account inside `tx`: the user row goes (its one-time tokens cascade), a record of the
 * erasure without personal data stays, and three events go out through the outbox:
 * identity.user.deleted (on the compacted user topic, so the last value kept for the id holds no
 * personal data), identity.user.erased, the one event every service erases or anonymises on, and
 * identity.recipient.erased (the address's hash only, kept for good on a compacted topic, from which
 * notification rebuilds its suppression list after a wipe).
 */
async function eraseLocked(
  context: IdentityContext,
  tx: Queryable,
  user: UserRow,
  reason: ErasureReason,
): Promise<void> {
  if (user.role === 'admin' && removesLastAdmin(user.role, undefined, await countAdminsLocked(tx)))
    throw conflict(LAST_ADMIN_DELETE_MESSAGE);
  await deleteUser(tx, user.id);
  await recordUserErasure(tx, user.id, reason);
  await context.publish(tx, identityEvents.userErased, user.id, {
    userId: user.id,
    email: user.email,
    phone: user.phone ?? '',
    reason,
  });
  await publishRecipientErased(context.publish, tx, user.email);
  await context.publish(tx, identityEvents.userDeleted, user.id, { userId: user.id });
}

/** Erases the account with `userId` and signs it out everywhere; 404 when there is none. */
export async function eraseAccount(context: IdentityContext, userId: string, reason: ErasureReason) {
  await context.db.transaction(async (tx) => {
    const current = await findUserByIdForUpdate(tx, userId);
    if (!current) throw notFound('User not found');
    await eraseLocked(context, tx, current, reason);
  });
  await context.sessions.revokeAll(userId);
}

/**
 * DELETE /auth/me: the caller deletes their own account, confirming with their password (an account
 * that only signs in with Google types DELETE instead). Wrong passwords count towards the sign-in lock,
 * so a stolen session cannot use this as a password oracle.
 */
export async function deleteOwnAccount(
  context: IdentityContext,
  caller: AuthUser,
  confirmation: { password?: string; confirm?: string },
  clientAddress: string,
): Promise<string> {
  const user = await currentAccount(context, caller);
  if (user.passwordHash) {
    const attempt = await context.throttle.assertAllowed(user.email, clientAddress);
    if (!confirmation.password || !(await verifyPassword(user.passwordHash, confirmation.password))) {
      await context.throttle.recordFailure(attempt);
      throw new AppError(400, 'WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE, [
        { field: 'password', message: WRONG_PASSWORD_MESSAGE },
      ]);
    }
    await context.throttle.recordSuccess(attempt);
  } else if (confirmation.confirm !== CONFIRM_WORD) {
    throw new AppError(400, 'CONFIRMATION_REQUIRED', CONFIRM_MESSAGE, [
      { field: 'confirm', message: CONFIRM_MESSAGE },
    ]);
  }
  await eraseAccount(context, user.id, 'self');
  return ACCOUNT_DELETED_MESSAGE;
}

const SWEEP_BATCH = 200;

/**
 * The retention sweep: accounts whose email was never verified within
 * `retention.unverifiedAccountDays` of sign-up are erased (reason "retention") through the same flow
 * as a customer's own deletion. Admins and the front desk's walk-in customers are never swept. One
 * replica at a time: the sweep holds a transaction-scoped advisory lock, and a replica that cannot take
 * it does nothing. Answers how many accounts were erased, or null when another replica held the lock.
 */
export async function sweepUnverifiedAccounts(
  context: IdentityContext,
  now = new Date(),
): Promise<number | null> {
  const days = context.config.retention.unverifiedAccountDays;
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const erased = await context.db.transaction(async (tx) => {
    if (!(await tryLockUnverifiedAccountSweep(tx))) return null;
    const stale = await lockUnverifiedAccountsCreatedBefore(tx, cutoff, SWEEP_BATCH);
    for (const user of stale) await eraseLocked(context, tx, user, 'retention');
    return stale.map((user) => user.id);
  });
  if (erased === null) return null;
  for (const id of erased) await context.sessions.revokeAll(id);
  if (erased.length > 0)
    context.logger.info({ count: erased.length }, 'retention: unverified accounts erased');
  return erased.length;
}

/** Starts the periodic sweep (unref'd, so it never keeps a process alive); answers its stopper. */
export function startRetentionSweep(context: IdentityContext): () => Promise<void> {
  return startPeriodicTask(
    () => sweepUnverifiedAccounts(context),
    context.config.retention.sweepIntervalSeconds,
    context.logger,
    'retention sweep',
  );
}

/** GET /auth/me/export: the account as identity holds it, plus the erasure policy that applies to it. */
export async function exportOwnAccount(context: IdentityContext, caller: AuthUser): Promise<UserRow> {
  return currentAccount(context, caller);
}
