import { create } from '@bufbuild/protobuf';
import { catalogueV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { InvalidEmailData } from '../html.js';
import { renderEmail } from '../render-email.js';
import { emailTemplates } from './index.js';
import { reviewHiddenTemplate } from './review-hidden.template.js';

const context = {
  appUrl: 'https://aranya.example',
  invoices: { pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')) },
};

const hidden = create(catalogueV1.ReviewHiddenSchema, {
  review: {
    id: '3f0c9a1e-2b4d-4c6e-8f10-112233445566',
    sourceId: 'appointment:5b0d3c1e-6d8c-4b55-9a43-0a4c1f3a9e01',
    userId: 'u1',
    subjectKind: 'service',
    subjectId: 's1',
    subjectName: 'Swedish Massage',
    rating: 2,
    text: 'Ask for <b>Ravi</b>, 98xxxxxx',
    status: 'hidden',
    hiddenReason: 'It names a member of staff & a phone number',
  },
  reason: 'It names a member of staff & a phone number',
  authorEmail: 'priya@example.com',
  authorName: 'Priya <b>Sharma</b>',
  subjectName: 'Swedish Massage',
});

describe('the review hidden email', () => {
  it('is registered for catalogue.review.hidden', () => {
    expect(emailTemplates.get('catalogue.review.hidden')).toBe(reviewHiddenTemplate);
  });

  it('names the treatment and the reason, and links to My Reviews', async () => {
    const email = renderEmail(await reviewHiddenTemplate.compose(hidden, context), context);
    expect(email.to).toEqual({ address: 'priya@example.com', name: 'Priya <b>Sharma</b>' });
    expect(email.subject).toBe('Your review was hidden');
    expect(email.text).toContain('Hello Priya,');
    expect(email.text).toContain('We have hidden your 2-star review of Swedish Massage');
    expect(email.text).toContain('The reason: It names a member of staff & a phone number');
    expect(email.text).toContain('You can edit it from My Reviews');
    expect(email.text).toContain('https://aranya.example/reviews');
    expect(email.html).toContain('href="https://aranya.example/reviews"');
    expect(email.html).toContain('a member of staff &amp; a phone number');
    expect(email.html).not.toContain('<b>Sharma');
    // The review's own text is not repeated to the inbox.
    expect(email.text).not.toContain('Ravi');
  });

  it('names a product as a product', async () => {
    const product = create(catalogueV1.ReviewHiddenSchema, {
      ...hidden,
      review: { ...hidden.review!, subjectKind: 'product', subjectName: 'Lavender Oil' },
      subjectName: '',
    });
    const email = renderEmail(await reviewHiddenTemplate.compose(product, context), context);
    expect(email.text).toContain('review of Lavender Oil');
    const nameless = create(catalogueV1.ReviewHiddenSchema, {
      ...product,
      review: { ...product.review!, subjectName: '' },
    });
    const words = renderEmail(await reviewHiddenTemplate.compose(nameless, context), context);
    expect(words.text).toContain('review of a product you ordered');
  });

  it('sends nothing to an author without an email, and refuses an event without its review', () => {
    const noAddress = create(catalogueV1.ReviewHiddenSchema, { ...hidden, authorEmail: '' });
    expect(reviewHiddenTemplate.wanted!(noAddress as never)).toBe(false);
    expect(reviewHiddenTemplate.wanted!(hidden as never)).toBe(true);
    expect(() =>
      reviewHiddenTemplate.recipient(
        create(catalogueV1.ReviewHiddenSchema, { authorEmail: 'a@b.in' }) as never,
      ),
    ).toThrow(InvalidEmailData);
  });
});
