import { describe, expect, it } from 'vitest';
import { cleanRoomForm } from './room-form.js';

describe('room form', () => {
  it('computes the price and ignores a sent one', () => {
    const room = cleanRoomForm({
      roomNumber: 101,
      location: ' First floor ',
      capacity: 'Double Bed',
      type: 'Diamond',
      price: 1,
    });
    expect(room).toEqual({
      roomNumber: '101',
      capacity: 'Double Bed',
      type: 'Diamond',
      status: 'Available',
      location: 'First floor',
      price: 3500,
    });
  });

  it('needs a room number and a location', () => {
    expect(() => cleanRoomForm({ location: 'Wing A' })).toThrow('Room Number and Location are required');
    expect(() => cleanRoomForm({ roomNumber: '12', location: '  ' })).toThrow(
      'Room Number and Location are required',
    );
  });

  it('refuses unknown capacities, types and statuses', () => {
    expect(() => cleanRoomForm({ roomNumber: '1', location: 'A', type: 'Platinum' })).toThrow(
      'Type must be one of: Silver, Gold, Diamond',
    );
    expect(() => cleanRoomForm({ roomNumber: '1', location: 'A', capacity: 'Bunk' })).toThrow('Capacity');
    expect(() => cleanRoomForm({ roomNumber: '1', location: 'A', status: 'Closed' })).toThrow('Status');
  });
});
