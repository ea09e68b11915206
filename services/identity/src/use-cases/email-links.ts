import type { Tx } from '@spa/kit';
import { newOneTimeToken } from '../domain/one-time-tokens.js';
import { storeOneTimeToken, type OneTimeTokenPurpose } from '../db/one-time-tokens.repository.js';
import type { UserRow } from '../db/schema.js';
import type { IdentityConfig } from '../config.js';
import { identityEvents } from '../events/publishes.js';
import type { IdentityContext } from './context.js';

/**
 * The links identity emails: verifying an email, resetting a password, claiming an account the front
 * desk created (a password link like a reset's, with the longer claim lifetime), and the reset link in
 * the notice to an account's owner that someone signed up with their address.
 */
type EmailLinkKind = 'verification' | 'reset' | 'claim' | 'sign-up-attempt';

/** What each kind of link is: its token's purpose, the page that takes the token, and its lifetime. */
function linkOf(
  config: IdentityConfig,
  kind: EmailLinkKind,
): { purpose: OneTimeTokenPurpose; page: string; lifetime: number } {
  switch (kind) {
    case 'verification':
      return {
        purpose: 'email-verification',
        page: 'verify-email',
        lifetime: config.verificationTokenTtlSeconds,
      };
    case 'reset':
    case 'sign-up-attempt':
      return { purpose: 'password-reset', page: 'reset-password', lifetime: config.resetTokenTtlSeconds };
    case 'claim':
      return { purpose: 'password-reset', page: 'reset-password', lifetime: config.claimTokenTtlSeconds };
  }
}

/**
 * Makes a single-use link of the given kind for the user and asks (through the outbox, in the caller's
 * transaction) for it to be emailed; the notification service sends it. The token is stored hashed,
 * valid for the kind's lifetime; the event names the link and how long it lasts.
 */
async function sendEmailLink(
  context: IdentityContext,
  tx: Tx,
  user: UserRow,
  kind: EmailLinkKind,
): Promise<void> {
  const { purpose, page, lifetime } = linkOf(context.config, kind);
  const { token, tokenHash } = newOneTimeToken();
  await storeOneTimeToken(tx, {
    tokenHash,
    userId: user.id,
    purpose,
    expiresAt: new Date(Date.now() + lifetime * 1000),
  });
  const url = `${context.config.appUrl}/auth/${page}/${token}`;
  const to = { userId: user.id, email: user.email, name: user.name, expiresInSeconds: BigInt(lifetime) };
  switch (kind) {
    case 'verification':
      await context.publish(tx, identityEvents.emailVerificationRequested, user.id, {
        ...to,
        verifyUrl: url,
      });
      return;
    case 'reset':
      await context.publish(tx, identityEvents.passwordResetRequested, user.id, { ...to, resetUrl: url });
      return;
    case 'claim':
      // The claim-invited event's email says the spa made the account and asks them to set a password.
      // The link is an ordinary password-reset token, so the existing /auth/reset-password/<token> page
      // and endpoint set the password (and mark the email verified: the mailbox is proven by the click).
      await context.publish(tx, identityEvents.accountClaimInvited, user.id, { ...to, claimUrl: url });
      return;
    case 'sign-up-attempt':
      await context.publish(tx, identityEvents.signUpAttempted, user.id, {
        ...to,
        signInUrl: `${context.config.appUrl}/login`,
        resetUrl: url,
      });
      return;
  }
}

/** A single-use verification link for the user's email, emailed (sendEmailLink). */
export function requestEmailVerification(context: IdentityContext, tx: Tx, user: UserRow): Promise<void> {
  return sendEmailLink(context, tx, user, 'verification');
}

/** A password reset link, emailed (sendEmailLink). */
export function requestPasswordReset(context: IdentityContext, tx: Tx, user: UserRow): Promise<void> {
  return sendEmailLink(context, tx, user, 'reset');
}

/** The invitation to claim an account the front desk created (a walk-in customer who gave an email). */
export function requestAccountClaim(context: IdentityContext, tx: Tx, user: UserRow): Promise<void> {
  return sendEmailLink(context, tx, user, 'claim');
}

/**
 * Tells an account's owner that someone signed up with their address (sign-up answered as for a new
 * one), with a sign-in link and a password-reset link (sendEmailLink), whichever way they sign in.
 */
export function noticeSignUpAttempt(context: IdentityContext, tx: Tx, user: UserRow): Promise<void> {
  return sendEmailLink(context, tx, user, 'sign-up-attempt');
}
