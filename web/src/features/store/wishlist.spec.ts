import { describe, expect, it } from 'vitest';
import { readWishlist, toggleWishlist, wishlistKey } from './wishlist';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('local wishlist', () => {
  it('adds, then removes a product, per user', () => {
    const storage = memoryStorage();
    expect(toggleWishlist(storage, 'u1', 'p1')).toBe(true);
    expect(toggleWishlist(storage, 'u1', 'p2')).toBe(true);
    expect(readWishlist(storage, 'u1')).toEqual(['p1', 'p2']);
    expect(readWishlist(storage, 'u2')).toEqual([]);
    expect(toggleWishlist(storage, 'u1', 'p1')).toBe(false);
    expect(readWishlist(storage, 'u1')).toEqual(['p2']);
  });

  it('treats a corrupt entry as an empty list', () => {
    const storage = memoryStorage();
    storage.setItem(wishlistKey('u1'), '{not json');
    expect(readWishlist(storage, 'u1')).toEqual([]);
    storage.setItem(wishlistKey('u1'), JSON.stringify({ p1: true }));
    expect(readWishlist(storage, 'u1')).toEqual([]);
  });
});
