import { describe, expect, it } from 'vitest';
import { availabilityView, dateKey, monthRange } from './availability';

// Instants of IST wall-clock times on 2026-11-28 (UTC+05:30).
const at = (clock: string) => new Date(`2026-11-28T${clock}:00+05:30`).toISOString();

describe('what the wizard makes of booking’s availability', () => {
  const view = availabilityView([
    {
      date: '2026-11-28',
      starts: [
        { start: at('09:00'), rooms: ['Gold|Single Bed', 'Diamond|Single Bed'] },
        { start: at('12:00'), rooms: ['Diamond|Single Bed'] },
      ],
    },
    { date: '2026-11-29', starts: [] },
    { date: '2026-11-30', note: 'Closed: Diwali', starts: [] },
  ]);

  it('calls a day full only when booking answered it with no start', () => {
    expect(view.fullDay({ year: 2026, month: 11, day: 29 })).toBe(true);
    expect(view.fullDay({ year: 2026, month: 11, day: 28 })).toBe(false);
    // Not asked: unknown, so not full (the hours decide, and Confirm).
    expect(view.fullDay({ year: 2026, month: 12, day: 1 })).toBe(false);
  });

  it('names a closure the admin set, and nothing on a usual day', () => {
    expect(view.fullDay({ year: 2026, month: 11, day: 30 })).toBe(true);
    expect(view.noteOf({ year: 2026, month: 11, day: 30 })).toBe('Closed: Diwali');
    expect(view.noteOf({ year: 2026, month: 11, day: 29 })).toBeUndefined();
  });

  it('calls a start taken when its day was answered without it', () => {
    expect(view.takenStart(at('09:00'))).toBe(false);
    expect(view.takenStart(at('09:30'))).toBe(true);
    expect(view.takenStart(new Date('2026-12-01T10:00:00+05:30').toISOString())).toBe(false);
  });

  it('names the room choices free at a start; none at a taken one; unknown on a day not asked', () => {
    expect([...view.roomsAt(at('12:00'))!]).toEqual(['Diamond|Single Bed']);
    expect(view.roomsAt(at('12:30'))!.size).toBe(0);
    expect(view.roomsAt(new Date('2026-12-01T10:00:00+05:30').toISOString())).toBeUndefined();
  });
});

describe('the days of the month the calendar shows', () => {
  const today = { year: 2026, month: 11, day: 27 };

  it('runs from today in the current month and from the 1st in a later one, to the month’s end', () => {
    expect(monthRange({ year: 2026, month: 11 }, today)).toEqual({ from: today, days: 4 });
    expect(monthRange({ year: 2026, month: 12 }, today)).toEqual({
      from: { year: 2026, month: 12, day: 1 },
      days: 31,
    });
  });

  it('stops at the booking window and asks nothing for a month before today', () => {
    // 90 days from 27 Nov 2026 is 25 Feb 2027.
    expect(monthRange({ year: 2027, month: 2 }, today)).toEqual({
      from: { year: 2027, month: 2, day: 1 },
      days: 25,
    });
    expect(monthRange({ year: 2026, month: 10 }, today)).toBeUndefined();
  });

  it('keys a day as booking does', () => {
    expect(dateKey({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
  });
});
