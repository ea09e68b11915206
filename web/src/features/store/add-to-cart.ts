import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage, isApiError, post } from '../../lib/api';
import { selectIsSignedIn, useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';

export const CART_COMING_SOON = 'The cart is coming soon. Please try again later.';

/**
 * The cart belongs to the store-and-payments service. Until it answers, the gateway says it is not
 * available (503), not reachable (502) or has no such endpoint (404): the shopper reads that the cart is
 * coming, never a silent failure.
 */
export function cartErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 501 || error.status === 502 || error.status === 503) return CART_COMING_SOON;
    if (error.status === 404 && /no api endpoint|route .* not found/i.test(error.message))
      return CART_COMING_SOON;
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
  const signedIn = useSessionStore(selectIsSignedIn);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ productId, quantity }: CartLine) =>
      post<unknown>('/cart', { product: productId, quantity }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });

  async function add(line: CartLine): Promise<boolean> {
    if (!signedIn) {
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
