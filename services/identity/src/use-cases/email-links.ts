import type { Tx } from '@spa/kit';
import { newOneTimeToken } from '../domain/one-time-tokens.js';
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
  const lifetime = context.config.resetTokenTtlSeconds;
  const resetUrl = await storePasswordLink(context, tx, user, lifetime);
  await context.publish(tx, identityEvents.passwordResetRequested, user.id, {
    userId: user.id,
    email: user.email,
    name: user.name,
    resetUrl,
    expiresInSeconds: BigInt(lifetime),
  });
}

/**
 * The invitation to claim an account the front desk created (a walk-in customer who gave an email):
 * a password link like a reset's, with the longer claim lifetime, and the claim-invited event whose
 * email says the spa made the account and asks them to set a password. The link is an ordinary
 * password-reset token, so the existing /auth/reset-password/<token> page and endpoint set the
 * password (and mark the email verified: the mailbox is proven by the click).
 */
export async function requestAccountClaim(context: IdentityContext, tx: Tx, user: UserRow): Promise<void> {
  const lifetime = context.config.claimTokenTtlSeconds;
  const claimUrl = await storePasswordLink(context, tx, user, lifetime);
  await context.publish(tx, identityEvents.accountClaimInvited, user.id, {
    userId: user.id,
    email: user.email,
    name: user.name,
    claimUrl,
    expiresInSeconds: BigInt(lifetime),
  });
}

/** Stores a single-use password-reset token valid `lifetime` seconds; answers the link that carries it. */
async function storePasswordLink(
  context: IdentityContext,
  tx: Tx,
  user: UserRow,
  lifetime: number,
): Promise<string> {
  const { token, tokenHash } = newOneTimeToken();
  await storeOneTimeToken(tx, {
    tokenHash,
    userId: user.id,
    purpose: 'password-reset',
    expiresAt: new Date(Date.now() + lifetime * 1000),
  });
  return `${context.config.appUrl}/auth/reset-password/${token}`;
}
