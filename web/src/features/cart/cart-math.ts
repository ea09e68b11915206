import type { CartItem, UnavailableReason } from './cart.api';

/**
 * Money on the page is added up in whole paise, so that 0.1 + 0.2 style float drift can never show a
 * total a paisa off the lines above it.
 */
const toPaise = (rupees: number): number => Math.round(Number(rupees) * 100);
const toRupees = (paise: number): number => paise / 100;

export function lineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return toRupees(toPaise(item.price) * item.quantity);
}

export const isPurchasable = (item: Pick<CartItem, 'unavailableReason'>): boolean => !item.unavailableReason;

/** Lines that can be bought right now: flagged ones (deleted, out of stock) are shown but not charged. */
export function cartSubtotal(items: readonly CartItem[]): number {
  return toRupees(
    items.filter(isPurchasable).reduce((sum, item) => sum + toPaise(item.price) * item.quantity, 0),
  );
}

/** Lines whose price moved since they were added (and can still be bought). */
export function changedPriceLines(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => item.priceChanged && item.unavailableReason !== 'deleted');
}

/** What the purchasable lines cost at today's prices: the total after accepting them. */
export function subtotalAtTodaysPrices(items: readonly CartItem[]): number {
  return toRupees(
    items
      .filter(isPurchasable)
      .reduce(
        (sum, item) => sum + toPaise(item.priceChanged ? item.product.price : item.price) * item.quantity,
        0,
      ),
  );
}

/** The number on the header's cart icon: every unit, not every line. */
export function cartItemCount(items: readonly Pick<CartItem, 'quantity'>[] | undefined): number {
  return (items ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

export interface OrderTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/** Spec section 9: shipping and tax are 0 for now, shown as Free and ₹0.00. */
export function orderTotals(subtotal: number, shipping = 0, tax = 0): OrderTotals {
  return {
    subtotal,
    shipping,
    tax,
    total: toRupees(toPaise(subtotal) + toPaise(shipping) + toPaise(tax)),
  };
}

const UNAVAILABLE_TEXT: Record<UnavailableReason, string> = {
  deleted: 'No longer sold',
  out_of_stock: 'Out of stock',
  insufficient_stock: 'Not enough stock',
};

/** What the cart says beside a flagged line. */
export function unavailableText(item: Pick<CartItem, 'unavailableReason' | 'product'>): string | null {
  if (!item.unavailableReason) return null;
  if (item.unavailableReason === 'insufficient_stock') return `Only ${item.product.stock} left in stock`;
  return UNAVAILABLE_TEXT[item.unavailableReason];
}

/** The most of one product a shopper may ask for: the stock, and never less than the 1 already there. */
export function maxQuantity(item: Pick<CartItem, 'product' | 'quantity'>): number {
  return Math.max(1, item.product.stock);
}
