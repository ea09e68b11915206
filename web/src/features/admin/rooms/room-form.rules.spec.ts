import { describe, expect, it } from 'vitest';
import { roomDraft, validateRoomDraft } from './room-form.rules';

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
