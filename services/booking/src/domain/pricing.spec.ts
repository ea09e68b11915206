import { describe, expect, it } from 'vitest';
import {
  choosePricingOption,
  formatRupees,
  priceAppointment,
  quoteMismatches,
  roomsOfChoice,
} from './pricing.js';

const service = {
  id: 's1',
  name: 'Deep Tissue Massage',
  pricing: [
    { id: 'o60', duration: '60 min', durationMinutes: 60, pricePaise: 299_900, label: '' },
    { id: 'o90', duration: '90 min', durationMinutes: 90, pricePaise: 399_900, label: '' },
    { id: 'o90x', duration: '90 min', durationMinutes: 90, pricePaise: 449_900, label: 'Signature' },
  ],
};

describe('pricing', () => {
  it("finds the duration among the treatment's own options", () => {
    expect(choosePricingOption(service, { durationMinutes: 60 })).toMatchObject({ id: 'o60' });
    expect(choosePricingOption(service, { durationMinutes: 90, price: 4499 })).toMatchObject({ id: 'o90x' });
    expect(choosePricingOption(service, { durationMinutes: 90 })).toMatchObject({ id: 'o90' });
    expect(choosePricingOption(service, { durationMinutes: 90, pricingOptionId: 'o90x' })).toMatchObject({
      id: 'o90x',
    });
  });

  it('refuses a duration the treatment does not offer, naming the ones it does', () => {
    expect(choosePricingOption(service, { durationMinutes: 45 })).toBe(
      'Deep Tissue Massage is not offered for 45 minutes. Choose one of: 60 min, 90 min, 90 min.',
    );
    expect(choosePricingOption(service, { durationMinutes: 60, pricingOptionId: 'other' })).toBe(
      "That duration is not one of Deep Tissue Massage's options. Choose one of: 60 min, 90 min, 90 min.",
    );
    expect(choosePricingOption(service, { durationMinutes: 60, pricingOptionId: 'o90' })).toContain(
      'is not offered for 60 minutes',
    );
  });

  // How the price of a room choice is chosen is @spa/rules' (packages/rules/src/rooms.spec.ts).
  const gold = [
    { id: 'g10', roomNumber: '10', capacity: 'Single Bed', status: 'Available', pricePaise: 200_000 },
    { id: 'g2', roomNumber: '2', capacity: 'Double Bed', status: 'Maintenance', pricePaise: 250_000 },
    { id: 'g9', roomNumber: '9', capacity: 'Double Bed', status: 'Occupied', pricePaise: 250_000 },
    { id: 'gA1', roomNumber: 'A1', capacity: 'Single Bed', status: 'Available', pricePaise: 200_000 },
  ];

  it('allocates only rooms of exactly the choice', () => {
    expect(
      roomsOfChoice(gold, { capacity: 'Double Bed', pricePaise: 250_000 }).map((room) => room.id),
    ).toEqual(['g2', 'g9']);
    expect(roomsOfChoice(gold, { pricePaise: 200_000 }).map((room) => room.id)).toEqual(['g10', 'gA1']);
    expect(roomsOfChoice(gold, { capacity: 'Double Bed', pricePaise: 200_000 })).toEqual([]);
  });

  it('compares the quoted amounts with the computed ones to the paisa', () => {
    const price = priceAppointment(service.pricing[0]!, 200_000);
    expect(price).toEqual({ servicePricePaise: 299_900, roomPricePaise: 200_000, totalPricePaise: 499_900 });
    expect(quoteMismatches({ price: 2999, roomPrice: 2000, totalPrice: 4999 }, price)).toEqual([]);
    expect(quoteMismatches({ totalPrice: 4999.004 }, price)).toEqual([]);
    expect(quoteMismatches({ roomPrice: 1000, totalPrice: 3999 }, price)).toEqual([
      { field: 'roomPrice', message: 'The room price is ₹2,000.00, not ₹1,000.00', expected: 2000 },
      { field: 'totalPrice', message: 'The total is ₹4,999.00, not ₹3,999.00', expected: 4999 },
    ]);
  });

  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(12_345_678_90)).toBe('₹1,23,45,678.90');
    expect(formatRupees(99_900)).toBe('₹999.00');
    expect(formatRupees(5)).toBe('₹0.05');
  });
});
