import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { describeDuration, emailAddress, webLink } from '../html.js';
import { greetingFor } from './greeting.js';

/**
 * identity.account.sign-up-attempted: someone signed up with the address of an existing account. The
 * sign-up was answered as for a new address, so this email is the only place that says the account
 * exists: it goes to the owner alone, with a way in whichever way they sign in (a password, Google, or
 * none yet for an account the front desk made).
 */
export const signUpAttemptTemplate = defineTemplate({
  event: events.signUpAttempted,
  recipient: (payload) => ({ address: emailAddress(payload.email), name: payload.name }),
  compose(payload) {
    const expiry = describeDuration(Number(payload.expiresInSeconds));
    return {
      to: { address: emailAddress(payload.email), name: payload.name },
      subject: `Someone tried to sign up with your email at ${brand.name}`,
      content: {
        preview: 'You already have an account: no new one was made.',
        heading: 'You already have an account',
        greeting: greetingFor(payload.name),
        paragraphs: [
          `Someone, perhaps you, just tried to create a new ${brand.name} account with this email address. You already have an account with us, so no new account was made.`,
          'If it was you, sign in with the button below. If you do not remember your password, or have never set one (you sign in with Google, or our front desk made the account for you), set a new password with the link under it.',
        ],
        action: { label: 'Sign in', url: webLink(payload.signInUrl, 'sign_in_url') },
        alternative: { label: 'Set a new password', url: webLink(payload.resetUrl, 'reset_url') },
        notes: [
          expiry
            ? `The password link works once and expires in ${expiry}.`
            : 'The password link works once and expires soon.',
          'If it was not you, you can ignore this email: nothing has changed on your account, and your password stays the same.',
          `Questions? Call us on ${brand.phone} or write to ${brand.email}.`,
        ],
      },
    };
  },
});
