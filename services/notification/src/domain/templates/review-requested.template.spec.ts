import { create } from '@bufbuild/protobuf';
import { catalogueV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { InvalidEmailData } from '../html.js';
import { renderEmail } from '../render-email.js';
import { emailTemplates } from './index.js';
import { reviewRequestedTemplate } from './review-requested.template.js';

const context = {
  appUrl: 'https://aranya.example',
  invoices: { pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')) },
};

const token = 'YXBwb2ludG1lbnQ6NWIwZC4xNzk1MDAwMDAwMDAw.Qm9ndXNTaWduYXR1cmVGb3JUaGVUZW1wbGF0ZQ';

const requested = create(catalogueV1.ReviewRequestedSchema, {
  sourceId: 'appointment:5b0d3c1e-6d8c-4b55-9a43-0a4c1f3a9e01',
  userId: 'u1',
  authorEmail: 'priya@example.com',
  authorName: 'Priya <b>Sharma</b>',
  subjectKind: 'service',
  subjectId: 's1',
  subjectName: 'Deep Tissue Massage',
  token,
  expiresAtMs: BigInt(Date.parse('2026-12-28T08:00:00Z')),
  // 27 Nov 2026, 12:30 AM in India (26 Nov in UTC): the spa's date.
  visitedAtMs: BigInt(Date.parse('2026-11-26T19:00:00Z')),
});

describe('the review request email', () => {
  it('is registered for catalogue.review.requested', () => {
    expect(emailTemplates.get('catalogue.review.requested')).toBe(reviewRequestedTemplate);
  });

  it('asks about the treatment on its day, with the one-use link', async () => {
    const email = renderEmail(await reviewRequestedTemplate.compose(requested, context), context);
    expect(email.to).toEqual({ address: 'priya@example.com', name: 'Priya <b>Sharma</b>' });
    expect(email.subject).toBe('How was your Deep Tissue Massage?');
    expect(email.text).toContain('Hello Priya,');
    expect(email.text).toContain('How was your Deep Tissue Massage on 27 Nov 2026?');
    expect(email.text).toContain(`https://aranya.example/review/${token}`);
    expect(email.text).toContain('The link works once and for 30 days.');
    expect(email.html).toContain(`href="https://aranya.example/review/${token}"`);
    expect(email.html).toContain('your Deep Tissue Massage on 27 Nov 2026');
    expect(email.html).toContain('The link works once and for 30 days.');
    expect(email.html).not.toContain('<b>Sharma');
  });

  it('names a product without a date', async () => {
    const product = create(catalogueV1.ReviewRequestedSchema, {
      ...requested,
      subjectKind: 'product',
      subjectName: 'Sandal Soap',
    });
    const email = renderEmail(await reviewRequestedTemplate.compose(product, context), context);
    expect(email.subject).toBe('How was your Sandal Soap?');
    expect(email.text).toContain('How was your Sandal Soap?');
    expect(email.text).not.toContain('Nov 2026');
  });

  it('sends nothing without an address, and refuses an event without its link', () => {
    expect(
      reviewRequestedTemplate.wanted!(
        create(catalogueV1.ReviewRequestedSchema, { ...requested, authorEmail: ' ' }) as never,
      ),
    ).toBe(false);
    expect(reviewRequestedTemplate.wanted!(requested as never)).toBe(true);
    expect(() =>
      reviewRequestedTemplate.recipient(
        create(catalogueV1.ReviewRequestedSchema, { ...requested, token: '' }) as never,
      ),
    ).toThrow(InvalidEmailData);
  });
});
