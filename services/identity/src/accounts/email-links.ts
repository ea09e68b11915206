import type { Tx } from '@spa/kit';
import { newOneTimeToken } from '../auth/one-time-tokens.js';
import { storeOneTimeToken } from '../db/one-time-tokens.repository.js';
import type { UserRow } from '../db/schema.js';
import { identityEvents } from '../events/publishes.js';
import type { IdentityContext } from './context.js';

/**
 * Makes a single-use verification link for the user's email and asks (through the outbox, in the
 * caller's transaction) for it to be sent; the notification service emails it.
 */
export async function requestEmailVerification(
  context: IdentityContext,
  tx: Tx,
  user: UserRow,
): Promise<void> {
  const { token, tokenHash } = newOneTimeToken();
  const lifetime = context.config.verificationTokenTtlSeconds;
  await storeOneTimeToken(tx, {
    tokenHash,
    userId: user.id,
    purpose: 'email-verification',
    expiresAt: new Date(Date.now() + lifetime * 1000),
  });
  await context.publish(tx, identityEvents.emailVerificationRequested, user.id, {
    userId: user.id,
    email: user.email,
    name: user.name,
    verifyUrl: `${context.config.appUrl}/auth/verify-email/${token}`,
    expiresInSeconds: BigInt(lifetime),
  });
}

/** The same for a password reset link (valid one hour). */
export async function requestPasswordReset(context: IdentityContext, tx: Tx, user: UserRow): Promise<void> {
  const { token, tokenHash } = newOneTimeToken();
  const lifetime = context.config.resetTokenTtlSeconds;
  await storeOneTimeToken(tx, {
    tokenHash,
    userId: user.id,
    purpose: 'password-reset',
    expiresAt: new Date(Date.now() + lifetime * 1000),
  });
  await context.publish(tx, identityEvents.passwordResetRequested, user.id, {
    userId: user.id,
    email: user.email,
    name: user.name,
    resetUrl: `${context.config.appUrl}/auth/reset-password/${token}`,
    expiresInSeconds: BigInt(lifetime),
  });
}
