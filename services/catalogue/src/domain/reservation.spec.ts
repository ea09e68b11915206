import { describe, expect, it } from 'vitest';
import {
  agreedPrices,
  normaliseReservationItems,
  reservationProblems,
  sameReservationItems,
} from './reservation.js';

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

describe('priced reservations', () => {
  const products = [
    { id: 'a', name: 'Almond Oil', pricePaise: 100_000, stock: 10 },
    { id: 'b', name: 'Rose Oil', pricePaise: 50_000, stock: 1 },
  ];

  it('keeps the first agreed price of a product split over lines, keyed like the lines', () => {
    expect(
      agreedPrices([
        { productId: 'A', quantity: 1, unitPricePaise: 100 },
        { productId: 'a', quantity: 1, unitPricePaise: 200 },
        { productId: 'b', quantity: 1 },
      ]),
    ).toEqual(new Map([['a', 100]]));
  });

  it('finds nothing when every line is at today’s price and in stock', () => {
    const lines = [
      { productId: 'a', quantity: 10 },
      { productId: 'b', quantity: 1 },
    ];
    expect(
      reservationProblems(
        lines,
        new Map([
          ['a', 100_000],
          ['b', 50_000],
        ]),
        products,
      ),
    ).toEqual([]);
  });

  it('names every line whose price changed, whose product is gone or whose stock is short', () => {
    const lines = [
      { productId: 'a', quantity: 5 },
      { productId: 'b', quantity: 2 },
      { productId: 'c', quantity: 1 },
    ];
    const prices = new Map([
      ['a', 100],
      ['b', 50_000],
      ['c', 700],
    ]);
    expect(reservationProblems(lines, prices, products)).toEqual([
      {
        productId: 'a',
        problem: 'price_changed',
        name: 'Almond Oil',
        requested: 5,
        available: 10,
        unitPricePaise: 100,
        currentPricePaise: 100_000,
      },
      {
        productId: 'b',
        problem: 'insufficient_stock',
        name: 'Rose Oil',
        requested: 2,
        available: 1,
        unitPricePaise: 50_000,
        currentPricePaise: 50_000,
      },
      { productId: 'c', problem: 'unavailable', requested: 1, available: 0, unitPricePaise: 700 },
    ]);
  });
});
