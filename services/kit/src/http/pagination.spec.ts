import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, pageRequest, pageWindow } from './pagination.js';

describe('pageRequest', () => {
  it('without page: the first page of at most the maximum size, in the list’s own shape', () => {
    expect(pageRequest({})).toEqual({ number: 1, size: MAX_PAGE_SIZE, asked: false });
    expect(pageRequest({ pageSize: 5 })).toEqual({ number: 1, size: 5, asked: false });
  });

  it('with page: the list’s default size, clamped to 1..100', () => {
    expect(pageRequest({ page: 3 })).toEqual({ number: 3, size: 20, asked: true });
    expect(pageRequest({ page: 2 }, 8)).toEqual({ number: 2, size: 8, asked: true });
    expect(pageRequest({ page: '4', pageSize: '1000' })).toEqual({ number: 4, size: 100, asked: true });
    expect(pageRequest({ page: 0, pageSize: 0 })).toEqual({ number: 1, size: 1, asked: true });
  });

  it('turns a page into LIMIT and OFFSET', () => {
    expect(pageWindow({ number: 700, size: 100, asked: true })).toEqual({ limit: 100, offset: 69_900 });
  });
});
