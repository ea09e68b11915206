import { describe, expect, it } from 'vitest';
import { roomDraft, roomPrice, validateRoomDraft } from './room-form.rules';

describe('roomPrice', () => {
  it('is 1000, plus 500 for a double bed, plus 1000 for Gold or 2000 for Diamond', () => {
    expect(roomPrice('Single Bed', 'Silver')).toBe(1000);
    expect(roomPrice('Double Bed', 'Silver')).toBe(1500);
    expect(roomPrice('Single Bed', 'Gold')).toBe(2000);
    expect(roomPrice('Double Bed', 'Gold')).toBe(2500);
    expect(roomPrice('Single Bed', 'Diamond')).toBe(3000);
    expect(roomPrice('Double Bed', 'Diamond')).toBe(3500);
  });
});

describe('room form', () => {
  it('starts a new room as Single Bed, Silver, Occupied', () => {
    expect(roomDraft()).toEqual({
      roomNumber: '',
      capacity: 'Single Bed',
      type: 'Silver',
      status: 'Occupied',
      location: '',
    });
  });

  it('requires the room number and the location with the spec message', () => {
    expect(validateRoomDraft({ ...roomDraft(), roomNumber: '101', location: '  ' }).error).toBe(
      'Room Number and Location are required',
    );
    expect(validateRoomDraft({ ...roomDraft(), roomNumber: ' ', location: 'First floor' }).error).toBe(
      'Room Number and Location are required',
    );
  });

  it('answers the trimmed payload without a price', () => {
    const { input } = validateRoomDraft({
      ...roomDraft(),
      roomNumber: ' 101 ',
      location: ' First floor ',
      type: 'Gold',
    });
    expect(input).toEqual({
      roomNumber: '101',
      location: 'First floor',
      capacity: 'Single Bed',
      type: 'Gold',
      status: 'Occupied',
    });
  });
});
