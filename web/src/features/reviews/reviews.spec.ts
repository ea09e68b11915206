import { describe, expect, it } from 'vitest';
import { checkReviewDraft } from './review-form';
import { ratingText, REVIEW_TEXT_MAX } from './reviews.api';

describe('a review draft', () => {
  it('needs one to five whole stars and at most 2,000 characters, trimmed', () => {
    expect(checkReviewDraft({ rating: 5, text: '  Lovely.  ' })).toEqual({
      input: { rating: 5, text: 'Lovely.', photo: null },
      errors: {},
    });
    expect(checkReviewDraft({ rating: 0, text: '' }).errors).toEqual({
      rating: 'Choose from one to five stars',
    });
    expect(checkReviewDraft({ rating: 3, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) }).errors).toEqual({
      text: 'At most 2,000 characters',
    });
    expect(checkReviewDraft({ rating: 3, text: 'x'.repeat(REVIEW_TEXT_MAX) }).input?.rating).toBe(3);
    expect(checkReviewDraft({ rating: 4, text: '', photo: '/uploads/a.webp' }).input?.photo).toBe(
      '/uploads/a.webp',
    );
  });
});

describe('a rating in words', () => {
  it('says the average and the count, and nothing invented when there is none', () => {
    expect(ratingText({ average: 4.6, count: 12 })).toBe('4.6 out of 5 from 12 reviews');
    expect(ratingText({ average: 5, count: 1 })).toBe('5.0 out of 5 from 1 review');
    expect(ratingText({ average: null, count: 0 })).toBe('No reviews yet');
  });
});
