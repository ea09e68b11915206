import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart.api';
import {
  cartItemCount,
  cartSubtotal,
  changedPriceLines,
  lineTotal,
  maxQuantity,
  orderTotals,
  subtotalAtTodaysPrices,
  unavailableText,
} from './cart-math';

function line(price: number, quantity: number, changes: Partial<CartItem> = {}): CartItem {
  return {
    _id: `line-${price}-${quantity}`,
    product: { _id: 'p', name: 'Rose Oil', image: null, price, stock: 10, available: true },
    quantity,
    price,
    ...changes,
  };
}

describe('cart money', () => {
  it('adds lines in paise, so no float drift reaches the total', () => {
    expect(lineTotal(line(0.1, 3))).toBe(0.3);
    expect(cartSubtotal([line(0.1, 1), line(0.2, 1)])).toBe(0.3);
    expect(cartSubtotal([line(1299.5, 2), line(450, 1)])).toBe(3049);
  });

  it('leaves flagged lines out of the subtotal but counts every unit for the header', () => {
    const items = [line(100, 2), line(50, 1, { unavailableReason: 'out_of_stock' })];
    expect(cartSubtotal(items)).toBe(200);
    expect(cartItemCount(items)).toBe(3);
    expect(cartItemCount(undefined)).toBe(0);
  });

  it('totals an order with free shipping and no tax', () => {
    expect(orderTotals(3049)).toEqual({ subtotal: 3049, shipping: 0, tax: 0, total: 3049 });
    expect(orderTotals(10.1, 0.2, 0.05).total).toBe(10.35);
  });

  it('says why a line cannot be bought', () => {
    expect(unavailableText(line(1, 1))).toBeNull();
    expect(unavailableText(line(1, 1, { unavailableReason: 'deleted' }))).toBe('No longer sold');
    expect(unavailableText(line(1, 1, { unavailableReason: 'out_of_stock' }))).toBe('Out of stock');
    const short = line(1, 5, { unavailableReason: 'insufficient_stock' });
    short.product.stock = 2;
    expect(unavailableText(short)).toBe('Only 2 left in stock');
  });

  it('lets the stepper go up to the stock, and never below 1', () => {
    expect(maxQuantity(line(1, 1))).toBe(10);
    const soldOut = line(1, 1);
    soldOut.product.stock = 0;
    expect(maxQuantity(soldOut)).toBe(1);
  });
});

describe('changed prices', () => {
  const raised = line(1, 5, {
    _id: 'raised',
    priceChanged: true,
    product: { _id: 'p1', name: 'Saffron Oil', image: null, price: 1000, stock: 10, available: true },
  });
  const same = line(300, 2);
  const gone = line(50, 1, { _id: 'gone', priceChanged: true, unavailableReason: 'deleted' });

  it('lists the lines whose price moved, leaving out deleted products', () => {
    expect(changedPriceLines([raised, same, gone]).map((item) => item._id)).toEqual(['raised']);
    expect(changedPriceLines([same])).toEqual([]);
  });

  it('totals the purchasable lines at today’s prices', () => {
    expect(cartSubtotal([raised, same, gone])).toBe(605);
    expect(subtotalAtTodaysPrices([raised, same, gone])).toBe(5600);
  });
});
