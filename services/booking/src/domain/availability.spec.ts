import { toLocal } from '@spa/rules';
import { describe, expect, it } from 'vitest';
import { bookableStarts, type AvailabilityRoom } from './availability.js';

const hours = { openMinute: 9 * 60, closeMinute: 21 * 60, timeZone: 'Asia/Kolkata' };
const ist = (day: number, clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return Date.UTC(2026, 10, day, h, m) - 330 * 60_000;
};
const span = (day: number, from: string, to: string) => ({ start: ist(day, from), end: ist(day, to) });
const localDay = (day: number) => toLocal(ist(day, '12:00'), hours.timeZone).day;
const shifts = {
  morning: { startMinute: 9 * 60, endMinute: 17 * 60 },
  night: { startMinute: 13 * 60, endMinute: 21 * 60 },
};

const room = (id: string, extra: Partial<AvailabilityRoom> = {}): AvailabilityRoom => ({
  id,
  roomNumber: id,
  type: 'Gold',
  capacity: 'Single Bed',
  status: 'Available',
  pricePaise: 200_000,
  busy: [],
  ...extra,
});

const base = {
  days: [localDay(21)],
  durationMinutes: 60,
  cleanupMinutes: 15,
  stepMinutes: 30,
  hours,
  now: ist(20, '12:00'),
  latestStart: ist(30, '00:00'),
  shifts,
};
const times = (starts: { start: number }[]) =>
  starts.map(({ start }) => new Date(start + 330 * 60_000).toISOString().slice(11, 16));

describe('bookable starts', () => {
  it('offers every grid start of the day that fits the hours, with the free room choices', () => {
    const [day] = bookableStarts({ ...base, rooms: [room('1')], employees: null });
    expect(times(day!.starts)).toHaveLength(23); // 9:00 … 20:00, the last that ends by 21:00
    expect(times(day!.starts).at(-1)).toBe('20:00');
    expect(day!.starts[0]!.rooms).toEqual(['Gold|Single Bed']);
  });

  it('leaves out starts whose treatment or cleanup would meet a booking in every room of a choice', () => {
    // The only room is busy 11:00-12:15 (a 60-minute booking and its cleanup).
    const [day] = bookableStarts({
      ...base,
      rooms: [room('1', { busy: [span(21, '11:00', '12:15')] })],
      employees: null,
    });
    const offered = times(day!.starts);
    // 10:00 would keep the room until 11:15; 12:00 starts inside the cleanup.
    expect(offered).toContain('09:30');
    expect(offered).not.toContain('10:00');
    expect(offered).not.toContain('10:30');
    expect(offered).not.toContain('12:00');
    expect(offered).toContain('12:30');
  });

  it('names only the choices free at each start, and one choice free in any of its rooms is enough', () => {
    const [day] = bookableStarts({
      ...base,
      rooms: [
        room('1', { busy: [span(21, '09:00', '10:15')] }),
        room('2'),
        room('3', { type: 'Diamond', pricePaise: 300_000, busy: [span(21, '09:00', '10:15')] }),
      ],
      employees: null,
    });
    expect(day!.starts[0]).toEqual({ start: ist(21, '09:00'), rooms: ['Gold|Single Bed'] });
    expect(day!.starts.find(({ start }) => start === ist(21, '10:30'))!.rooms).toEqual([
      'Gold|Single Bed',
      'Diamond|Single Bed',
    ]);
  });

  it('ignores rooms under maintenance and rooms not at their choice’s price (booking would not give them)', () => {
    const [day] = bookableStarts({
      ...base,
      rooms: [
        room('1', { busy: [span(21, '09:00', '21:00')] }),
        room('2', { pricePaise: 250_000 }),
        room('3', { status: 'Maintenance' }),
      ],
      employees: null,
    });
    expect(day!.starts).toEqual([]);
  });

  it('needs an employee of the role free and on shift over the whole treatment', () => {
    const [day] = bookableStarts({
      ...base,
      rooms: [room('1')],
      employees: [
        { shift: 'morning', busy: [span(21, '10:00', '11:00')] },
        { shift: 'night', busy: [] },
      ],
    });
    const offered = times(day!.starts);
    expect(offered).toContain('09:00');
    // The morning therapist is busy 10:00-11:00 and the night one starts at 13:00.
    expect(offered).not.toContain('09:30');
    expect(offered).not.toContain('10:30');
    expect(offered).toContain('11:00');
    // The night shift covers the afternoon and the evening.
    expect(offered).toContain('20:00');
    expect(bookableStarts({ ...base, rooms: [room('1')], employees: [] })[0]!.starts).toEqual([]);
  });

  it('offers nothing in the past or beyond the booking window, and answers each day asked', () => {
    const days = bookableStarts({
      ...base,
      days: [localDay(20), localDay(21), localDay(30)],
      rooms: [room('1')],
      employees: null,
    });
    expect(days.map(({ day }) => day)).toEqual([localDay(20), localDay(21), localDay(30)]);
    expect(times(days[0]!.starts)[0]).toBe('12:30');
    expect(days[1]!.starts).toHaveLength(23);
    expect(days[2]!.starts).toEqual([]);
  });
});
