import { useCallback, useSyncExternalStore } from 'react';
import { browserStorage, type KeyValueStorage } from '../../stores/session-storage';

/**
 * The product wishlist is local only (spec: Product detail): a list of product ids per signed-in
 * user in this browser's storage. Nothing is sent to the server.
 */
export const wishlistKey = (userId: string) => `wishlist:${userId}`;

export function readWishlist(storage: KeyValueStorage | null, userId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(wishlistKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds or removes the product; answers whether it is now on the list. */
export function toggleWishlist(storage: KeyValueStorage | null, userId: string, productId: string): boolean {
  const current = readWishlist(storage, userId);
  const present = current.includes(productId);
  const next = present ? current.filter((id) => id !== productId) : [...current, productId];
  try {
    storage?.setItem(wishlistKey(userId), JSON.stringify(next));
  } catch {
    // Full or disabled storage: the toggle simply does not persist.
  }
  return !present;
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a product is on the signed-in user's wishlist, and a toggle that re-renders every reader. */
export function useWishlist(userId: string | undefined, productId: string | undefined) {
  const storage = browserStorage();
  const onList = useSyncExternalStore(
    subscribe,
    () => (userId && productId ? readWishlist(storage, userId).includes(productId) : false),
    // The server render and hydration see a visitor, whose list is empty.
    () => false,
  );
  const toggle = useCallback(() => {
    if (!userId || !productId) return false;
    const added = toggleWishlist(storage, userId, productId);
    for (const listener of listeners) listener();
    return added;
  }, [storage, userId, productId]);
  return { onList, toggle };
}
