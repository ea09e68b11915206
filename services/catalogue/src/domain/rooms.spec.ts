import { describe, expect, it } from 'vitest';
import { ROOM_CAPACITIES, ROOM_TYPES, roomPrice } from './rooms.js';

describe('room price', () => {
  it.each([
    ['Single Bed', 'Silver', 1000],
    ['Double Bed', 'Silver', 1500],
    ['Single Bed', 'Gold', 2000],
    ['Double Bed', 'Gold', 2500],
    ['Single Bed', 'Diamond', 3000],
    ['Double Bed', 'Diamond', 3500],
  ] as const)('%s %s costs %i', (capacity, type, price) => {
    expect(roomPrice(capacity, type)).toBe(price);
  });

  it('covers every capacity and type', () => {
    for (const capacity of ROOM_CAPACITIES)
      for (const type of ROOM_TYPES) expect(roomPrice(capacity, type)).toBeGreaterThanOrEqual(1000);
  });
});
