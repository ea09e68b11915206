import { AppError, conflict, unauthorized, type AuthUser } from '@spa/kit';
import { looksLikeOneTimeToken, hashOneTimeToken } from '../domain/one-time-tokens.js';
import { hashPassword } from '../domain/password-hashing.js';
import {
  consumeOneTimeToken,
  retireOneTimeTokens,
  retireOpenLinks,
} from '../db/one-time-tokens.repository.js';
import { findUserByEmail, findUserById, findUserByIdForUpdate, updateUser } from '../db/users.repository.js';
import { emailProblem, normalizeEmail } from '../domain/email.js';
import { passwordPolicyProblem } from '../domain/password-policy.js';
import { identityEvents, mirroredFieldsDiffer, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { requestEmailVerification, requestPasswordReset } from './email-links.js';
import { invalidField } from './validation.js';

const invalidLink = (message: string) => new AppError(400, 'INVALID_OR_EXPIRED_LINK', message);

const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';
const PASSWORD_RESET_MESSAGE = 'Password reset successful. You can now sign in with your new password.';
const INVALID_RESET_LINK_MESSAGE =
  'This password reset link is invalid or has expired. Please request a new one.';
const EMAIL_VERIFIED_MESSAGE = 'Your email address has been verified.';
const INVALID_VERIFICATION_LINK_MESSAGE =
  'This verification link is invalid or has expired. Please request a new one.';
const VERIFICATION_SENT_MESSAGE = 'Verification email sent successfully! Please check your inbox.';
const ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified.';

/**
 * Always answers the same and at once: only the address's format is checked on the request path.
 * Looking the account up, making the link and asking for the email happen afterwards in a background
 * task, so neither the answer nor its timing tells whether the email is registered.
 */
export function forgotPassword(context: IdentityContext, rawEmail: string): string {
  const email = normalizeEmail(rawEmail);
  const problem = emailProblem(email);
  if (problem) throw invalidField('email', problem);
  context.background.run('password-reset-request', async () => {
    const user = await findUserByEmail(context.db, email);
    if (user) await context.db.transaction((tx) => requestPasswordReset(context, tx, user));
  });
  return RESET_REQUESTED_MESSAGE;
}

/**
 * Sets a new password with a reset link. The link is used up, every other open link of the account
 * (reset, claim, verification) dies with it (retireOpenLinks), every session of the account is signed
 * out, and the mailbox is now proven, so the email counts as verified.
 */
export async function resetPassword(
  context: IdentityContext,
  token: string,
  password: string,
): Promise<string> {
  const problem = passwordPolicyProblem(password);
  if (problem) throw invalidField('password', problem);
  if (!looksLikeOneTimeToken(token)) throw invalidLink(INVALID_RESET_LINK_MESSAGE);
  const passwordHash = await hashPassword(password);
  const user = await context.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, hashOneTimeToken(token), 'password-reset');
    if (!userId) return undefined;
    const current = (await findUserByIdForUpdate(tx, userId))!;
    const updated = await updateUser(tx, userId, { passwordHash, isEmailVerified: true });
    await retireOpenLinks(tx, userId);
    if (mirroredFieldsDiffer(current, updated))
      await context.publish(tx, identityEvents.userUpdated, userId, { user: userMessage(updated) });
    return updated;
  });
  if (!user) throw invalidLink(INVALID_RESET_LINK_MESSAGE);
  await context.sessions.revokeAll(user.id);
  await context.throttle.clearAccount(user.email);
  return PASSWORD_RESET_MESSAGE;
}

export async function verifyEmail(context: IdentityContext, token: string): Promise<string> {
  if (!looksLikeOneTimeToken(token)) throw invalidLink(INVALID_VERIFICATION_LINK_MESSAGE);
  const verified = await context.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, hashOneTimeToken(token), 'email-verification');
    if (!userId) return false;
    const current = (await findUserByIdForUpdate(tx, userId))!;
    await retireOneTimeTokens(tx, userId, 'email-verification');
    if (current.isEmailVerified) return true;
    const updated = await updateUser(tx, userId, { isEmailVerified: true });
    await context.publish(tx, identityEvents.userUpdated, userId, { user: userMessage(updated) });
    return true;
  });
  if (!verified) throw invalidLink(INVALID_VERIFICATION_LINK_MESSAGE);
  return EMAIL_VERIFIED_MESSAGE;
}

export async function sendVerificationEmail(context: IdentityContext, caller: AuthUser): Promise<string> {
  const user = await findUserById(context.db, caller.id);
  if (!user) throw unauthorized('Your account no longer exists.');
  if (user.isEmailVerified) throw conflict(ALREADY_VERIFIED_MESSAGE);
  await context.db.transaction((tx) => requestEmailVerification(context, tx, user));
  return VERIFICATION_SENT_MESSAGE;
}
