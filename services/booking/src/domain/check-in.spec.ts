import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from './appointment.js';
import { bookedSlotOf, checkInChanges, type CheckInTimes } from './check-in.js';

// Thursday 3 Dec 2026, 14:00-15:00 IST (08:30-09:30 UTC).
const startsAt = new Date('2026-12-03T08:30:00Z');
const endsAt = new Date('2026-12-03T09:30:00Z');
const at = (iso: string) => new Date(iso);
const none: CheckInTimes = { arrivedAt: null, startedAt: null, completedAt: null, noShowAt: null };
const appointment = (status: AppointmentStatus, times: Partial<CheckInTimes> = {}) => ({
  status,
  startsAt,
  endsAt,
  ...none,
  ...times,
});

describe('checkInChanges', () => {
  it('records each step the first time it is taken', () => {
    const now = at('2026-12-03T08:25:00Z');
    expect(checkInChanges(appointment('Confirmed'), 'Arrived', now)).toEqual({ arrivedAt: now });
    expect(checkInChanges(appointment('Arrived', { arrivedAt: startsAt }), 'Arrived', now)).toEqual({});
    expect(checkInChanges(appointment('Arrived'), 'In Progress', now)).toEqual({ startedAt: now });
    expect(checkInChanges(appointment('In Progress'), 'Completed', now)).toEqual({ completedAt: now });
    expect(checkInChanges(appointment('Pending'), 'Confirmed', now)).toEqual({});
  });

  it('gives back the rest of a no-show slot from the mark, with no cleanup; a late mark frees nothing', () => {
    const mark = at('2026-12-03T08:50:00Z');
    expect(checkInChanges(appointment('Confirmed'), 'No-show', mark)).toEqual({
      noShowAt: mark,
      endsAt: mark,
      roomFreeAt: mark,
    });
    // Marked in its very first instant, the appointment keeps one minute (starts_at < ends_at).
    expect(checkInChanges(appointment('Confirmed'), 'No-show', startsAt).endsAt).toEqual(
      at('2026-12-03T08:31:00Z'),
    );
    const late = at('2026-12-03T10:00:00Z');
    expect(checkInChanges(appointment('Confirmed'), 'No-show', late)).toEqual({ noShowAt: late });
  });

  it('knows the slot a no-show had booked, to book it again', () => {
    expect(bookedSlotOf({ startsAt, durationMinutes: 60, cleanupMinutes: 15 })).toEqual({
      endsAt,
      roomFreeAt: at('2026-12-03T09:45:00Z'),
    });
  });
});
