import { describe, expect, it } from 'vitest';
import { nearestFreeStarts, someRoomFree } from './slot-suggestions.js';

const hours = { openMinute: 9 * 60, closeMinute: 21 * 60, timeZone: 'Asia/Kolkata' };
const ist = (day: number, clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return Date.UTC(2026, 10, day, h, m) - 330 * 60_000;
};
const span = (day: number, from: string, to: string) => ({ start: ist(day, from), end: ist(day, to) });

const base = {
  durationMinutes: 60,
  cleanupMinutes: 15,
  hours,
  now: ist(20, '12:00'),
  stepMinutes: 30,
  count: 3,
  daysAfter: 6,
};

describe('nearest free start times', () => {
  it('offers the closest grid times around the asked one where a room is free, in time order', () => {
    // One room, busy 10:30-12:15 on the 21st (two bookings with cleanup); 10:00 would overrun into it.
    const starts = nearestFreeStarts({
      ...base,
      requestedStart: ist(21, '11:00'),
      roomsBusy: [[span(21, '10:30', '11:15'), span(21, '11:15', '12:15')]],
    });
    expect(starts).toEqual([ist(21, '09:00'), ist(21, '12:30'), ist(21, '13:00')]);
  });

  it('never offers a time in the past or one the treatment would overrun closing', () => {
    const starts = nearestFreeStarts({
      ...base,
      now: ist(21, '19:10'),
      requestedStart: ist(21, '19:30'),
      durationMinutes: 90,
      roomsBusy: [[span(21, '19:30', '21:15')]],
    });
    expect(starts).toEqual([ist(22, '09:00'), ist(22, '09:30'), ist(22, '10:00')]);
  });

  it('says nothing when every room is busy on every searched day', () => {
    const starts = nearestFreeStarts({
      ...base,
      requestedStart: ist(21, '10:00'),
      daysAfter: 1,
      roomsBusy: [[span(21, '09:00', '21:30'), span(22, '09:00', '21:30')]],
    });
    expect(starts).toEqual([]);
  });

  it('needs one room free for the whole treatment plus cleanup', () => {
    const rooms = [[span(21, '10:00', '11:00')], [span(21, '10:30', '11:30')]];
    expect(someRoomFree(rooms, ist(21, '11:00'), 75)).toBe(true);
    expect(someRoomFree(rooms, ist(21, '09:30'), 75)).toBe(false);
    expect(someRoomFree(rooms, ist(21, '08:45'), 75)).toBe(true);
  });
});
