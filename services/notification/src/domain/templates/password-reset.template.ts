import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { describeDuration, emailAddress, webLink } from '../html.js';
import { greetingFor } from './greeting.js';

export const passwordResetTemplate = defineTemplate({
  event: events.passwordResetRequested,
  recipient: (payload) => ({ address: emailAddress(payload.email), name: payload.name }),
  compose(payload) {
    const expiry = describeDuration(Number(payload.expiresInSeconds));
    return {
      to: { address: emailAddress(payload.email), name: payload.name },
      subject: `Reset your ${brand.name} password`,
      content: {
        preview: 'Set a new password for your account.',
        heading: 'Set a new password',
        greeting: greetingFor(payload.name),
        paragraphs: [
          `We received a request to reset the password of your ${brand.name} account. Choose a new one with the button below.`,
        ],
        action: { label: 'Set a new password', url: webLink(payload.resetUrl, 'reset_url') },
        notes: [
          expiry
            ? `This link works once and expires in ${expiry}.`
            : 'This link works once and expires soon.',
          'If you did not ask for a new password, you can ignore this email: your password stays the same.',
          `Questions? Call us on ${brand.phone} or write to ${brand.email}.`,
        ],
      },
    };
  },
});
