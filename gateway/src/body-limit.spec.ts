import { describe, expect, it } from 'vitest';
import { API_BODY_LIMIT, declaresOversizeBody, UPLOAD_BODY_LIMIT } from './body-limit.js';

describe('declaresOversizeBody', () => {
  it('refuses an API body larger than the services accept', () => {
    expect(declaresOversizeBody('/api/v1/cart', String(API_BODY_LIMIT + 1))).toBe(true);
    expect(declaresOversizeBody('/api/v1/auth/register?x=1', String(2 * 1024 * 1024))).toBe(true);
  });

  it('lets bodies within the limit through', () => {
    expect(declaresOversizeBody('/api/v1/cart', String(API_BODY_LIMIT))).toBe(false);
    expect(declaresOversizeBody('/api/v1/cart', undefined)).toBe(false);
    expect(declaresOversizeBody('/api/v1/cart', 'not a number')).toBe(false);
  });

  it('gives image uploads their own, larger limit', () => {
    expect(declaresOversizeBody('/api/v1/upload', String(4 * 1024 * 1024))).toBe(false);
    expect(declaresOversizeBody('/api/v1/upload', String(UPLOAD_BODY_LIMIT + 1))).toBe(true);
    expect(declaresOversizeBody('/api/v1/reviews/photos', String(4 * 1024 * 1024))).toBe(false);
    expect(declaresOversizeBody('/api/v1/reviews', String(4 * 1024 * 1024))).toBe(true);
  });

  it('leaves paths outside the API alone', () => {
    expect(declaresOversizeBody('/uploads/a.webp', String(API_BODY_LIMIT * 10))).toBe(false);
  });
});
