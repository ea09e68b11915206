import { describe, expect, it } from 'vitest';
import type { PricingOption, Room } from '../catalogue/types';
import { bookingTotal, cardPricing, optionTitle, roomTypeOffers } from './booking-choices';

const option = (minutes: number, price: number, label?: string): PricingOption => ({
  _id: `p${minutes}`,
  duration: `${minutes} min`,
  durationMinutes: minutes,
  price,
  label,
});

const room = (roomNumber: string, type: Room['type'], overrides: Partial<Room> = {}): Room => ({
  _id: `r${roomNumber}`,
  roomNumber,
  capacity: 'Single Bed',
  type,
  price: 1000,
  status: 'Available',
  location: 'Garden Wing',
  ...overrides,
});

describe('service cards', () => {
  it('show the first two pricing options and count the rest', () => {
    expect(cardPricing([option(60, 2499)])).toEqual({ shown: [option(60, 2499)], moreLabel: undefined });
    expect(cardPricing([option(60, 1), option(90, 2), option(120, 3)]).moreLabel).toBe('+1 more option');
    const four = cardPricing([option(30, 1), option(60, 2), option(90, 3), option(120, 4)]);
    expect(four.shown.map((shown) => shown.durationMinutes)).toEqual([30, 60]);
    expect(four.moreLabel).toBe('+2 more options');
  });

  it('names an option by its label, else its duration', () => {
    expect(optionTitle(option(120, 4999, 'Extended'))).toBe('Extended');
    expect(optionTitle(option(60, 2499))).toBe('60 min');
    expect(optionTitle({ duration: '', durationMinutes: 45, label: '  ' })).toBe('45 min');
  });
});

describe('room choices', () => {
  it('offers each type with each of its capacities at that room’s own price, Silver to Diamond', () => {
    const offers = roomTypeOffers([
      room('101', 'Gold', { price: 2000 }),
      room('102', 'Silver', { price: 1000 }),
      room('103', 'Gold', { price: 2500, capacity: 'Double Bed' }),
      room('104', 'Gold', { price: 2000 }),
      room('301', 'Diamond', { price: '3500', capacity: 'Double Bed' }),
    ]);
    expect(offers).toEqual([
      { key: 'Silver|Single Bed', type: 'Silver', price: 1000, capacity: 'Single Bed', tint: 'silver' },
      { key: 'Gold|Single Bed', type: 'Gold', price: 2000, capacity: 'Single Bed', tint: 'gold' },
      { key: 'Gold|Double Bed', type: 'Gold', price: 2500, capacity: 'Double Bed', tint: 'gold' },
      { key: 'Diamond|Double Bed', type: 'Diamond', price: 3500, capacity: 'Double Bed', tint: 'diamond' },
    ]);
  });

  it('a Double Bed Gold room is offered at its own price, never at the first Gold room’s', () => {
    const offers = roomTypeOffers([
      room('10', 'Gold', { price: 2500, capacity: 'Double Bed' }),
      room('9', 'Gold', { price: 2000 }),
    ]);
    expect(offers.map((offer) => [offer.capacity, offer.price])).toEqual([
      ['Single Bed', 2000],
      ['Double Bed', 2500],
    ]);
  });

  it('skips rooms under maintenance', () => {
    const offers = roomTypeOffers([
      room('101', 'Silver', { status: 'Maintenance', price: 1500 }),
      room('102', 'Silver', { price: 1000 }),
      room('201', 'Gold', { status: 'Maintenance' }),
    ]);
    expect(offers.map((offer) => [offer.type, offer.price])).toEqual([['Silver', 1000]]);
  });

  it('offers nothing without rooms', () => {
    expect(roomTypeOffers([])).toEqual([]);
  });
});

describe('bookingTotal', () => {
  it('adds the duration price and the room price exactly', () => {
    expect(bookingTotal(2499, 1000)).toBe(3499);
    expect(bookingTotal(0.1, 0.2)).toBe(0.3);
    expect(bookingTotal(2499.99, 1000.01)).toBe(3500);
  });
});
