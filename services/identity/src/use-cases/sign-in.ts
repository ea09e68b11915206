import { AppError, conflict, type AuthUser, type Tx } from '@spa/kit';
import { verifyAgainstDecoy, verifyPassword } from '../domain/password-hashing.js';
import { isUniqueViolation } from '../db/errors.js';
import { retireOpenLinks } from '../db/one-time-tokens.repository.js';
import {
  findUserByEmail,
  findUserByGoogleSubject,
  findUserByIdForUpdate,
  insertUser,
  updateUser,
} from '../db/users.repository.js';
import type { UserRow } from '../db/schema.js';
import { emailProblem, normalizeEmail } from '../domain/email.js';
import { identityEvents, mirroredFieldsDiffer, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';
import { startSession, type SignedIn } from './sessions.js';

const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);

/**
 * Email and password sign-in. An unknown email, a wrong password and an account without a password
 * all cost the same hashing work and get the same answer. Throttled per account and client address
 * (SignInThrottle); a device that signs in successfully is remembered for this account, so the owner
 * is not slowed by someone else's guessing. Answers the device id for the client's cookie.
 */
export async function signIn(
  context: IdentityContext,
  credentials: { email: string; password: string },
  client: { address: string; device?: string },
): Promise<SignedIn & { device: string }> {
  const email = normalizeEmail(credentials.email);
  // No account signs in with an empty address (the desk's phone-only customers store '' and have no
  // password): refused before the throttle, whose counts would otherwise pile up under one shared ''
  // key, and before any hashing, which would tell nothing here.
  if (!email) throw invalidCredentials();
  const attempt = await context.throttle.assertAllowed(email, client.address, client.device);
  const user = await findUserByEmail(context.db, email);
  const matches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstDecoy(credentials.password);
  if (!user || !matches) {
    await context.throttle.recordFailure(attempt);
    throw invalidCredentials();
  }
  await context.throttle.recordSuccess(attempt);
  const device = await context.throttle.rememberDevice(email, client.device);
  return { ...(await startSession(context, user)), device };
}

/**
 * Sign-in with a Google ID token: the Google account's user if known, else the account with the same
 * (Google-verified) email, linked now, else a new customer account.
 */
export async function signInWithGoogle(context: IdentityContext, idToken: string): Promise<SignedIn> {
  const identity = await context.google.verify(idToken);
  const email = normalizeEmail(identity.email);
  const emailIssue = emailProblem(email);
  if (emailIssue) throw new AppError(400, 'UNSUPPORTED_EMAIL', emailIssue);
  const attempt = () =>
    context.db.transaction((tx) => findOrLinkGoogleUser(context, tx, { ...identity, email }));
  let user: UserRow;
  try {
    user = await attempt();
  } catch (error) {
    // Two first sign-ins racing for one email: the loser finds the winner's account on a second look.
    if (!isUniqueViolation(error)) throw error;
    user = await attempt();
  }
  return startSession(context, user);
}

async function findOrLinkGoogleUser(
  context: IdentityContext,
  tx: Tx,
  identity: { subject: string; email: string; name: string },
): Promise<UserRow> {
  const linked = await findUserByGoogleSubject(tx, identity.subject);
  if (linked) return linked;
  const byEmail = await findUserByEmail(tx, identity.email);
  if (byEmail) {
    const current = (await findUserByIdForUpdate(tx, byEmail.id))!;
    if (current.googleSubject && current.googleSubject !== identity.subject)
      throw conflict('This email address is already linked to a different Google account.');
    const updated = await updateUser(tx, current.id, {
      googleSubject: identity.subject,
      isEmailVerified: true,
      // A password set by someone who never proved they own this mailbox must not outlive the
      // mailbox owner's arrival: it could be an attacker's. The owner can set one via reset.
      passwordHash: current.isEmailVerified ? current.passwordHash : null,
    });
    // A dropped password is a password change: no link mailed before it may set one again.
    if (current.passwordHash && !updated.passwordHash) await retireOpenLinks(tx, current.id);
    if (mirroredFieldsDiffer(current, updated))
      await context.publish(tx, identityEvents.userUpdated, updated.id, { user: userMessage(updated) });
    return updated;
  }
  const created = await insertUser(tx, {
    name: identity.name.slice(0, 100),
    email: identity.email,
    role: 'user',
    isEmailVerified: true,
    googleSubject: identity.subject,
  });
  await context.publish(tx, identityEvents.userRegistered, created.id, { user: userMessage(created) });
  return created;
}

/** Ends this session everywhere at once: the token id goes on the revocation list every verifier reads. */
export async function signOut(context: IdentityContext, user: AuthUser): Promise<void> {
  await context.sessions.revoke(user.id, user.tokenId, user.expiresAt);
}
