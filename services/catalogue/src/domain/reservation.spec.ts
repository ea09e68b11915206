import { describe, expect, it } from 'vitest';
import { normaliseReservationItems, sameReservationItems } from './reservation.js';

describe('reservation items', () => {
  it('adds up repeated products and sorts by id', () => {
    expect(
      normaliseReservationItems([
        { productId: 'b', quantity: 1 },
        { productId: 'a', quantity: 2 },
        { productId: 'B', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'b', quantity: 4 },
    ]);
  });

  it('compares two requests regardless of line order and splitting', () => {
    expect(
      sameReservationItems(
        [
          { productId: 'a', quantity: 1 },
          { productId: 'a', quantity: 1 },
        ],
        [{ productId: 'a', quantity: 2 }],
      ),
    ).toBe(true);
    expect(sameReservationItems([{ productId: 'a', quantity: 1 }], [{ productId: 'a', quantity: 2 }])).toBe(
      false,
    );
  });
});
