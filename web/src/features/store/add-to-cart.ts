import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage, isApiError } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { addCartItem, cartKeys, type Cart } from '../cart/cart.api';

export const CART_COMING_SOON = 'The cart is coming soon. Please try again later.';

/**
 * The message for a refused or failed add. A deployment without the store service answers 503
 * SERVICE_NOT_AVAILABLE (or, behind an older gateway, has no such endpoint): the shopper reads that the
 * cart is coming. Otherwise the server's own words (e.g. "Only 2 left in stock", or the gateway's "not
 * reachable right now"), else the spec's fallback.
 */
export function cartErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 503 && error.code === 'SERVICE_NOT_AVAILABLE') return CART_COMING_SOON;
    if (error.status === 404 && /no api endpoint/i.test(error.message)) return CART_COMING_SOON;
  }
  return getErrorMessage(error, 'Failed to add to cart');
}

interface CartLine {
  productId: string;
  quantity: number;
}

/**
 * POST /cart { product, quantity } for a signed-in shopper. `add` resolves true when the item is in the
 * cart; the messages are shown here (spec: "Please login to add items to cart", "Failed to add to cart").
 */
export function useAddToCart() {
  const userId = useSessionStore((state) => (state.token && state.user ? state.user.id : null));
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ productId, quantity }: CartLine) => addCartItem(productId, quantity),
    onSuccess: (cart: Cart) => {
      // The answer is the whole cart: the header's count moves at once, before the refetch.
      if (cart && Array.isArray(cart.items)) queryClient.setQueryData([...cartKeys.all, userId], cart);
      return queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });

  async function add(line: CartLine): Promise<boolean> {
    if (!userId) {
      toast.error('Please login to add items to cart');
      return false;
    }
    try {
      await mutation.mutateAsync(line);
      return true;
    } catch (error) {
      toast.error(cartErrorMessage(error));
      return false;
    }
  }

  return { add, pending: mutation.isPending, pendingProductId: mutation.variables?.productId };
}
