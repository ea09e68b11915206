import { events, type catalogueV1 } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { emailAddress, InvalidEmailData, webLink } from '../html.js';
import { greetingFor } from './greeting.js';

type ReviewHidden = catalogueV1.ReviewHidden;

function reviewOf(payload: ReviewHidden) {
  if (!payload.review?.id) throw new InvalidEmailData('The hidden-review event carries no review');
  return payload.review;
}

const recipientOf = (payload: ReviewHidden) => ({
  address: emailAddress(payload.authorEmail, 'review author'),
  name: payload.authorName || undefined,
});

/** What was reviewed, by name ("Swedish Massage"), or in words when the event names none. */
function subjectText(payload: ReviewHidden): string {
  const review = reviewOf(payload);
  const name = (payload.subjectName || review.subjectName).trim();
  if (name) return name;
  return review.subjectKind === 'product' ? 'a product you ordered' : 'a treatment you had';
}

/**
 * catalogue.review.hidden: an admin hid the customer's review of a treatment or a product.
 * The author is told which, why, and that they can change it from My Reviews (the link opens it). No
 * email address (a customer without one): nothing is sent.
 */
export const reviewHiddenTemplate = defineTemplate({
  event: events.reviewHidden,
  wanted: (payload) => Boolean(payload.authorEmail.trim()),
  recipient: (payload) => {
    reviewOf(payload);
    return recipientOf(payload);
  },
  compose(payload, context) {
    const review = reviewOf(payload);
    const subject = subjectText(payload);
    const reason = payload.reason.trim() || review.hiddenReason.trim();
    const link = new URL('/reviews', context.appUrl);
    return {
      to: recipientOf(payload),
      subject: 'Your review was hidden',
      content: {
        preview: `Your review of ${subject} is no longer shown to others`,
        heading: 'Your review was hidden',
        greeting: greetingFor(payload.authorName),
        paragraphs: [
          `We have hidden your ${review.rating}-star review of ${subject}, so other guests no longer see it.`,
          ...(reason ? [`The reason: ${reason}`] : []),
          'You can edit it from My Reviews (for 30 days after writing it), and we can then publish it again.',
        ],
        action: { label: 'Open My Reviews', url: webLink(link.toString(), 'app_url') },
        notes: [
          'You are receiving this because you reviewed a visit or an order with us.',
          `Questions? Call us on ${brand.phone} or write to ${brand.email}.`,
        ],
      },
    };
  },
});
