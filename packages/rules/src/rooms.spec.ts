import { describe, expect, it } from 'vitest';
import {
  appointmentTotal,
  bookableRoomsInOrder,
  chooseRoomPrice,
  compareRoomNumbers,
  ROOM_CAPACITIES,
  ROOM_TYPES,
  roomPrice,
} from './rooms.js';

// One table for the catalogue's stored price, the admin form's live price, booking's charge and the
// booking screen's offers, so none of them can disagree with another.
describe('roomPrice: 1000, plus 500 for a double bed, plus 1000 for Gold or 2000 for Diamond', () => {
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

describe('room numbers in order', () => {
  it('puts numbers numerically first, then names', () => {
    const numbers = ['A1', '10', 'B', '2', '9', 'A10'].map((roomNumber) => ({ roomNumber }));
    expect(numbers.sort(compareRoomNumbers).map((room) => room.roomNumber)).toEqual([
      '2',
      '9',
      '10',
      'A1',
      'A10',
      'B',
    ]);
  });
});

const gold = [
  { id: 'g10', roomNumber: '10', capacity: 'Single Bed', status: 'Available', pricePaise: 200_000 },
  { id: 'g2', roomNumber: '2', capacity: 'Double Bed', status: 'Maintenance', pricePaise: 250_000 },
  { id: 'g9', roomNumber: '9', capacity: 'Double Bed', status: 'Occupied', pricePaise: 250_000 },
  { id: 'gA1', roomNumber: 'A1', capacity: 'Single Bed', status: 'Available', pricePaise: 200_000 },
];

describe('bookableRoomsInOrder', () => {
  it('leaves out rooms under maintenance and orders the rest by room number', () => {
    expect(bookableRoomsInOrder(gold).map((room) => room.id)).toEqual(['g9', 'g10', 'gA1']);
    expect(gold.map((room) => room.id)).toEqual(['g10', 'g2', 'g9', 'gA1']);
  });
});

describe('chooseRoomPrice', () => {
  it('charges a room choice its own price: the quoted one when a bookable room of the choice has it', () => {
    expect(chooseRoomPrice(gold, { capacity: 'Double Bed', roomPricePaise: 250_000 })).toBe(250_000);
    expect(chooseRoomPrice(gold, { capacity: 'Single Bed', roomPricePaise: 200_000 })).toBe(200_000);
    // Without a capacity (an old client), the price shown picks the rooms.
    expect(chooseRoomPrice(gold, { roomPricePaise: 250_000 })).toBe(250_000);
    expect(chooseRoomPrice(gold, { roomPricePaise: 200_000 })).toBe(200_000);
  });

  it('answers the first bookable room’s price of the choice when the quote is none of them', () => {
    // Double Bed Gold at the Single Bed price: the Double Bed price, which the quote check refuses.
    expect(chooseRoomPrice(gold, { capacity: 'Double Bed', roomPricePaise: 200_000 })).toBe(250_000);
    // By room number, numbers numerically; rooms under maintenance never count.
    expect(chooseRoomPrice(gold, { roomPricePaise: 1 })).toBe(250_000);
    expect(chooseRoomPrice(gold, {})).toBe(250_000);
    expect(chooseRoomPrice(gold.slice(1, 2), {})).toBeUndefined();
    expect(chooseRoomPrice(gold, { capacity: 'Triple Bed' })).toBeUndefined();
  });
});

describe('appointmentTotal', () => {
  it('adds the duration price and the room price, in paise', () => {
    expect(appointmentTotal(299_900, 200_000)).toBe(499_900);
    expect(appointmentTotal(249_999, 100_001)).toBe(350_000);
    expect(appointmentTotal(10, 20)).toBe(30);
  });
});
