import { del, get, patch, post } from '../../lib/api';

/** Why a line can no longer be bought as it is (the commerce service flags it instead of dropping it). */
export type UnavailableReason = 'deleted' | 'out_of_stock' | 'insufficient_stock';

interface CartProduct {
  _id: string;
  name: string;
  image?: string | null;
  /** Today's price, in rupees. */
  price: number;
  stock: number;
  available: boolean;
}

export interface CartItem {
  _id: string;
  product: CartProduct;
  quantity: number;
  /** The price when the item was added, in rupees: what the line costs. */
  price: number;
  unavailableReason?: UnavailableReason;
  /**
   * Today's price (product.price) is not the price at addition: the order is refused (409
   * PRICE_CHANGED) until the shopper accepts today's prices.
   */
  priceChanged?: boolean;
  /** An appointment reference, when a line stands for a booked treatment (spec section 3). */
  appointment?: { _id: string; appointmentId?: string } | string | null;
}

export interface Cart {
  _id: string;
  user: string;
  items: CartItem[];
  totalPrice: number;
  /** The same lines at today's prices. */
  currentTotalPrice?: number;
}

export const cartKeys = {
  all: ['cart'] as const,
};

export const fetchCart = () => get<Cart>('/cart');

export const addCartItem = (productId: string, quantity: number) =>
  post<Cart>('/cart', { product: productId, quantity });

export const updateCartItem = (itemId: string, quantity: number) =>
  patch<Cart>(`/cart/${encodeURIComponent(itemId)}`, { quantity });

/** Every line whose price changed takes today's price (the shopper's confirmation after PRICE_CHANGED). */
export const acceptCartPrices = () => post<Cart>('/cart/accept-prices');

export const removeCartItem = (itemId: string) => del<Cart>(`/cart/${encodeURIComponent(itemId)}`);
