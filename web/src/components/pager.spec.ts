import { describe, expect, it } from 'vitest';
import { pageCountOf } from './pager';

describe('pageCountOf', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCountOf(0, 50)).toBe(1);
    expect(pageCountOf(50, 50)).toBe(1);
    expect(pageCountOf(51, 50)).toBe(2);
    expect(pageCountOf(70_000, 50)).toBe(1_400);
  });
});
