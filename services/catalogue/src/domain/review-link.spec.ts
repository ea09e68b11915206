import { describe, expect, it } from 'vitest';
import { readReviewLink, reviewLinkExpiry, signReviewLink } from './review-link.js';

const secret = 'a-test-secret-of-at-least-32-characters!';
const link = { sourceId: 'order:7f1c2d3e-0000-4000-8000-000000000001:p.1', expiresAtMs: 1_795_000_000_000 };

describe('the review link token', () => {
  it('reads back what it signed, source ids with dots and colons included', () => {
    const token = signReviewLink(link, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readReviewLink(token, secret)).toEqual(link);
  });

  it('refuses a token signed with another secret, or with any one character changed', () => {
    const token = signReviewLink(link, secret);
    expect(readReviewLink(token, 'another-secret-of-at-least-32-characters')).toBeUndefined();
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const changed = `${token.slice(0, index)}${token[index] === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;
      expect(readReviewLink(changed, secret), `character ${index}`).toBeUndefined();
    }
  });

  it('refuses garbage', () => {
    for (const token of ['', '.', 'abc', 'a.b.c', `${'a'.repeat(600)}.b`, 'ab$c.def', 'YQ.YQ'])
      expect(readReviewLink(token, secret)).toBeUndefined();
    // Signed, but not "<source>.<ms>".
    const payload = Buffer.from('no-expiry').toString('base64url');
    const forged = signReviewLink({ sourceId: 'x', expiresAtMs: 1 }, secret).split('.')[1];
    expect(readReviewLink(`${payload}.${forged}`, secret)).toBeUndefined();
  });

  it('expires 30 days after the request', () => {
    expect(reviewLinkExpiry(new Date('2026-11-22T07:30:00Z')).toISOString()).toBe('2026-12-22T07:30:00.000Z');
  });
});
