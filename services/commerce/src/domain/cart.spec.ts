import { describe, expect, it } from 'vitest';
import { assertQuantityInStock, unavailableReason } from './cart.js';

describe('cart lines', () => {
  it('flags a deleted, sold-out or short product instead of dropping the line', () => {
    expect(unavailableReason(undefined, 1)).toBe('deleted');
    expect(unavailableReason({ stock: 5, deleted: true }, 1)).toBe('deleted');
    expect(unavailableReason({ stock: 0, deleted: false }, 1)).toBe('out_of_stock');
    expect(unavailableReason({ stock: 2, deleted: false }, 3)).toBe('insufficient_stock');
    expect(unavailableReason({ stock: 3, deleted: false }, 3)).toBeUndefined();
  });

  it('refuses a quantity above stock, naming what is left', () => {
    expect(() => assertQuantityInStock({ name: 'Rose Oil', stock: 2 }, 3)).toThrow(
      'Only 2 of "Rose Oil" left in stock (asked for 3)',
    );
    expect(() => assertQuantityInStock({ name: 'Rose Oil', stock: 0 }, 1)).toThrow(
      '"Rose Oil" is out of stock',
    );
    expect(() => assertQuantityInStock({ name: 'Rose Oil', stock: 3 }, 3)).not.toThrow();
  });
});
