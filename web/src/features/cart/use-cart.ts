import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../stores/session.store';
import { acceptCartPrices, cartKeys, fetchCart, removeCartItem, updateCartItem, type Cart } from './cart.api';
import { cartItemCount } from './cart-math';

/** The signed-in user's id, or null; the cart is only asked for with a session. */
function useSignedInUserId(): string | null {
  return useSessionStore((state) => (state.token && state.user ? state.user.id : null));
}

/**
 * GET /cart, shared by the header's icon, the cart and the checkout: one request, one cache entry per
 * user (so a second account in the same tab never sees the first one's cart).
 */
export function useCart() {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: [...cartKeys.all, userId],
    queryFn: fetchCart,
    enabled: Boolean(userId),
  });
}

/** Units in the cart for the header badge; 0 when signed out or not loaded. */
export function useCartCount(): number {
  return cartItemCount(useCart().data?.items);
}

/** Every answer of the cart endpoints is the whole cart: it replaces the cached one at once. */
function useCartWrite<TArgs>(write: (args: TArgs) => Promise<Cart>) {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: write,
    onSuccess: (cart) => {
      if (cart && typeof cart === 'object' && Array.isArray(cart.items))
        queryClient.setQueryData([...cartKeys.all, userId], cart);
      return queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

export const useUpdateCartItem = () =>
  useCartWrite(({ itemId, quantity }: { itemId: string; quantity: number }) =>
    updateCartItem(itemId, quantity),
  );

export const useAcceptCartPrices = () => useCartWrite(() => acceptCartPrices());

export const useRemoveCartItem = () => useCartWrite((itemId: string) => removeCartItem(itemId));
