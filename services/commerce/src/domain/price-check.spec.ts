import { describe, expect, it } from 'vitest';
import { checkoutRefusal, lineProblems, totalAtTodaysPrices } from './price-check.js';

const lines = [
  { id: 'line-1', productId: 'P1', name: 'Rose Oil', quantity: 5, pricePaise: 100 },
  { id: 'line-2', productId: 'p2', name: 'Soap', quantity: 2, pricePaise: 25_000 },
];

describe('checkout price check', () => {
  it('tells each refused product as its cart line, with the old and new price in rupees', () => {
    expect(
      lineProblems(lines, [
        { productId: 'p1', problem: 'price_changed', requested: 5, available: 9, currentPricePaise: 100_000 },
        { productId: 'p2', problem: 'unavailable', requested: 2, available: 0 },
        { productId: 'p3', problem: 'unavailable', requested: 1, available: 0 },
      ]),
    ).toEqual([
      {
        itemId: 'line-1',
        productId: 'P1',
        name: 'Rose Oil',
        problem: 'price_changed',
        quantity: 5,
        available: 9,
        oldPrice: 1,
        newPrice: 1000,
      },
      {
        itemId: 'line-2',
        productId: 'p2',
        name: 'Soap',
        problem: 'unavailable',
        quantity: 2,
        available: 0,
        oldPrice: 250,
      },
    ]);
  });

  it('totals the cart at today’s prices', () => {
    const refused = [
      {
        productId: 'p1',
        problem: 'price_changed' as const,
        requested: 5,
        available: 9,
        currentPricePaise: 100_000,
      },
    ];
    expect(totalAtTodaysPrices(lines, refused)).toBe(5 * 100_000 + 2 * 25_000);
  });

  it('answers 409 PRICE_CHANGED naming the line and the new total; other refusals keep their message', () => {
    const refused = [
      {
        productId: 'p1',
        problem: 'price_changed' as const,
        requested: 5,
        available: 9,
        currentPricePaise: 100_000,
      },
    ];
    const error = checkoutRefusal('PRICE_CHANGED', 'ignored', lines, refused);
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('PRICE_CHANGED');
    expect(error.message).toBe(
      'A price in your cart changed since you added it: "Rose Oil" (₹1.00 → ₹1000.00). The new total is ₹5500.00; accept the new prices to place your order.',
    );
    const short = checkoutRefusal(
      'INSUFFICIENT_STOCK',
      'Only 2 of "Soap" left in stock (asked for 3)',
      lines,
      [
        {
          productId: 'p2',
          problem: 'insufficient_stock',
          requested: 2,
          available: 1,
          currentPricePaise: 25_000,
        },
      ],
    );
    expect(short.message).toBe('Only 2 of "Soap" left in stock (asked for 3)');
    expect(short.details).toEqual([
      expect.objectContaining({ itemId: 'line-2', available: 1, newPrice: 250 }),
    ]);
  });
});
