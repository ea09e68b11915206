import { AppError } from '@spa/kit';
import { describe, expect, it } from 'vitest';
import {
  assertEditable,
  cleanHideReason,
  cleanReply,
  cleanReviewForm,
  editableUntil,
  publicAuthorName,
} from './review-form.js';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

describe('review form', () => {
  it('keeps a whole rating of 1 to 5, trims the text and drops a blank photo', () => {
    expect(cleanReviewForm({ rating: 5, text: '  Lovely  ', photo: ' ' })).toEqual({
      rating: 5,
      text: 'Lovely',
      photo: null,
    });
    expect(cleanReviewForm({ rating: 1, text: null, photo: '/uploads/a1.webp' })).toEqual({
      rating: 1,
      text: '',
      photo: '/uploads/a1.webp',
    });
    // An edit: only what was sent.
    expect(cleanReviewForm({ text: 'Better' })).toEqual({ text: 'Better' });
  });

  it('refuses ratings outside 1-5 or not whole, long text and a photo from elsewhere', () => {
    for (const rating of [0, 6, 2.5, Number.NaN])
      expect(refusal(() => cleanReviewForm({ rating })).message).toBe(
        'The rating must be a whole number from 1 to 5',
      );
    expect(refusal(() => cleanReviewForm({ text: 'x'.repeat(2001) })).message).toBe(
      'A review can be at most 2000 characters',
    );
    // 2000 characters with spaces around them are 2000 characters.
    expect(cleanReviewForm({ text: ` ${'x'.repeat(2000)} ` }).text).toHaveLength(2000);
    // Counted as Postgres counts them: an emoji is one character.
    expect(cleanReviewForm({ text: '🌿'.repeat(2000) }).text).toBe('🌿'.repeat(2000));
    for (const photo of ['https://evil.example/x.png', '/uploads/../secret', 'javascript:alert(1)'])
      expect(refusal(() => cleanReviewForm({ photo })).statusCode).toBe(400);
  });

  it('the reply: empty removes it, at most 1000 characters; a reason to hide is required, at most 500', () => {
    expect(cleanReply('  Thank you!  ')).toBe('Thank you!');
    expect(cleanReply('   ')).toBeNull();
    expect(refusal(() => cleanReply('x'.repeat(1001))).statusCode).toBe(400);
    expect(cleanHideReason(' Personal details ')).toBe('Personal details');
    expect(refusal(() => cleanHideReason('  ')).statusCode).toBe(400);
    expect(refusal(() => cleanHideReason('x'.repeat(501))).statusCode).toBe(400);
  });

  it('may be edited for 30 days after it was written', () => {
    const written = new Date('2026-10-01T06:30:00Z');
    expect(editableUntil(written).toISOString()).toBe('2026-10-31T06:30:00.000Z');
    expect(() => assertEditable(written, new Date('2026-10-31T06:30:00Z'))).not.toThrow();
    const closed = refusal(() => assertEditable(written, new Date('2026-10-31T06:30:01Z')));
    expect(closed.statusCode).toBe(409);
    expect(closed.code).toBe('EDIT_WINDOW_CLOSED');
    expect(closed.message).toBe(
      'A review can be edited for 30 days after it was written; this one was written on 1 October 2026. You can still delete it.',
    );
  });

  it('shows the author as first name and last initial', () => {
    expect(publicAuthorName('Priya Sharma')).toBe('Priya S.');
    expect(publicAuthorName('  priya  devi   sharma ')).toBe('priya S.');
    expect(publicAuthorName('Priya')).toBe('Priya');
    expect(publicAuthorName('')).toBe('A verified customer');
  });
});
