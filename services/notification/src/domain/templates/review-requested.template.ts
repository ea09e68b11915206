import { events, type catalogueV1 } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { emailAddress, InvalidEmailData, webLink } from '../html.js';
import { greetingFor } from './greeting.js';

type ReviewRequested = catalogueV1.ReviewRequested;

const BUSINESS_TIME_ZONE = 'Asia/Kolkata';
const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: BUSINESS_TIME_ZONE,
});

function checked(payload: ReviewRequested): ReviewRequested {
  if (!payload.sourceId || !payload.token)
    throw new InvalidEmailData('The review request carries no visit or no link');
  return payload;
}

const recipientOf = (payload: ReviewRequested) => ({
  address: emailAddress(payload.authorEmail, 'customer'),
  name: payload.authorName || undefined,
});

/** What was had, by name ("Deep Tissue Massage"), or in words when the event names none. */
function subjectName(payload: ReviewRequested): string {
  const name = payload.subjectName.trim();
  if (name) return name;
  return payload.subjectKind === 'product' ? 'order' : 'visit';
}

/** "your Deep Tissue Massage on 27 Nov 2026" (a treatment: when it was), "your Sandal Soap" (a product). */
function visitText(payload: ReviewRequested): string {
  const visitedMs = Number(payload.visitedAtMs);
  const on =
    payload.subjectKind !== 'product' && visitedMs > 0 ? ` on ${shortDate.format(new Date(visitedMs))}` : '';
  return `your ${subjectName(payload)}${on}`;
}

/**
 * catalogue.review.requested: a day after a completed treatment or a delivered product, the
 * customer is asked once for a review, with the signed link (`${APP_URL}/review/<token>`) that needs no
 * sign-in and works once, for 30 days. No email address: nothing is sent (an erased customer's are
 * suppressed by the worker).
 */
export const reviewRequestedTemplate = defineTemplate({
  event: events.reviewRequested,
  wanted: (payload) => Boolean(payload.authorEmail.trim()),
  // Once per visit or delivered product, however often catalogue announces it.
  sentOnceFor: (payload) => `review-request:${checked(payload).sourceId}`,
  recipient: (payload) => recipientOf(checked(payload)),
  compose(payload, context) {
    checked(payload);
    const subject = subjectName(payload);
    const link = new URL(`/review/${encodeURIComponent(payload.token)}`, context.appUrl);
    return {
      to: recipientOf(payload),
      subject: `How was your ${subject}?`,
      content: {
        preview: `Tell us about ${visitText(payload)}: it takes a minute`,
        heading: `How was your ${subject}?`,
        greeting: greetingFor(payload.authorName),
        paragraphs: [
          `Thank you for choosing ${brand.name}. How was ${visitText(payload)}?`,
          'A rating and a few words help other guests choose, and help us get better. No sign-in needed.',
        ],
        action: { label: 'Write a review', url: webLink(link.toString(), 'app_url') },
        notes: [
          'The link works once and for 30 days. After that you can still review it from My Reviews.',
          'You are receiving this because you visited us or ordered from us.',
          `Questions? Call us on ${brand.phone} or write to ${brand.email}.`,
        ],
      },
    };
  },
});
