import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { describeDuration, emailAddress, webLink } from '../html.js';
import { greetingFor } from './greeting.js';

export const emailVerificationTemplate = defineTemplate({
  event: events.emailVerificationRequested,
  recipient: (payload) => ({ address: emailAddress(payload.email), name: payload.name }),
  compose(payload) {
    const expiry = describeDuration(Number(payload.expiresInSeconds));
    return {
      to: { address: emailAddress(payload.email), name: payload.name },
      subject: `Verify your email for ${brand.name}`,
      content: {
        preview: 'One click to confirm your email address.',
        heading: 'Confirm your email address',
        greeting: greetingFor(payload.name),
        paragraphs: [
          `Thank you for joining ${brand.name}. Please confirm that this is your email address, so we can send you appointment confirmations, order updates and receipts.`,
        ],
        action: { label: 'Verify email address', url: webLink(payload.verifyUrl, 'verify_url') },
        notes: [
          expiry
            ? `This link works once and expires in ${expiry}.`
            : 'This link works once and expires soon.',
          'If you did not create an account with us, you can ignore this email.',
        ],
      },
    };
  },
});
