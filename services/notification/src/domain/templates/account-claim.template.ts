import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { describeDuration, emailAddress, webLink } from '../html.js';
import { greetingFor } from './greeting.js';

/**
 * identity.account.claim-invited: the front desk made an account for a walk-in or phone customer who
 * gave an email. The link is a password-reset link (identity's /auth/reset-password page) with a
 * longer life; setting the password there is how the customer claims the account.
 */
export const accountClaimTemplate = defineTemplate({
  event: events.accountClaimInvited,
  recipient: (payload) => ({ address: emailAddress(payload.email), name: payload.name }),
  compose(payload) {
    const expiry = describeDuration(Number(payload.expiresInSeconds));
    return {
      to: { address: emailAddress(payload.email), name: payload.name },
      subject: `Your ${brand.name} account is ready`,
      content: {
        preview: 'Set a password to see your appointments online.',
        heading: 'Your account is ready',
        greeting: greetingFor(payload.name),
        paragraphs: [
          `Our front desk booked for you at ${brand.name} and made an account in your name, so you can see your appointments and bills online.`,
          'Set a password with the button below; then sign in with this email address and your new password.',
        ],
        action: { label: 'Set your password', url: webLink(payload.claimUrl, 'claim_url') },
        notes: [
          expiry
            ? `This link works once and expires in ${expiry}. After that, use "Forgot your password" on the sign-in page with this email address.`
            : 'This link works once and expires soon. After that, use "Forgot your password" on the sign-in page with this email address.',
          `If you have not visited or called us, please let us know: call ${brand.phone} or write to ${brand.email}. Nobody can sign in to the account without setting a password through this link.`,
        ],
      },
    };
  },
});
