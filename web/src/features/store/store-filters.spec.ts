import { describe, expect, it } from 'vitest';
import {
  pageCount,
  pageItems,
  readStoreFilters,
  storeSearch,
  withCategory,
  withPage,
  withSubcategory,
} from './store-filters';

describe('store filters in the address', () => {
  it('reads defaults from an empty query', () => {
    expect(readStoreFilters(new URLSearchParams())).toEqual({ category: '', subcategory: '', page: 1 });
  });

  it('reads category, subcategory and page', () => {
    expect(readStoreFilters(new URLSearchParams('category=c1&subcategory=s1&page=3'))).toEqual({
      category: 'c1',
      subcategory: 's1',
      page: 3,
    });
  });

  it('ignores a subcategory without a category and a page that is not a positive number', () => {
    expect(readStoreFilters(new URLSearchParams('subcategory=s1&page=-2'))).toEqual({
      category: '',
      subcategory: '',
      page: 1,
    });
    expect(readStoreFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(storeSearch({ category: '', subcategory: '', page: 1 }).toString()).toBe('');
    expect(storeSearch({ category: 'c1', subcategory: 's1', page: 2 }).toString()).toBe(
      'category=c1&subcategory=s1&page=2',
    );
  });

  it('resets the subcategory and page when the category changes, and the page when the subcategory does', () => {
    const current = { category: 'c1', subcategory: 's1', page: 3 };
    expect(withCategory(current, 'c2')).toEqual({ category: 'c2', subcategory: '', page: 1 });
    expect(withSubcategory(current, 's2')).toEqual({ category: 'c1', subcategory: 's2', page: 1 });
    expect(withPage(current, 2)).toEqual({ category: 'c1', subcategory: 's1', page: 2 });
  });
});

describe('paging', () => {
  it('counts pages of 8, at least one', () => {
    expect([0, 1, 8, 9, 16, 17].map((total) => pageCount(total))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('lists every page when there are few', () => {
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the ends and the neighbours of the current page when there are many', () => {
    expect(pageItems(1, 12)).toEqual([1, 2, 'gap', 12]);
    expect(pageItems(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageItems(12, 12)).toEqual([1, 'gap', 11, 12]);
  });
});
