import { describe, expect, it } from 'vitest';
import { checkInProblem } from './check-in.js';

// The check-in flow's rule, as booking enforces it and the calendar offers it.
const zone = 'Asia/Kolkata';
// Thursday 3 Dec 2026, 14:00-15:00 IST (08:30-09:30 UTC).
const startsAt = new Date('2026-12-03T08:30:00Z');
const at = (iso: string) => new Date(iso);
const appointment = (status: string) => ({ status, startsAt });

describe('checkInProblem', () => {
  it('checks a waiting customer in on the day of the appointment, in the business zone', () => {
    expect(
      checkInProblem(appointment('Confirmed'), 'Arrived', at('2026-12-03T03:00:00Z'), zone),
    ).toBeUndefined();
    // 00:10 IST on the 3rd is still 2 Dec in UTC: the local day counts.
    expect(
      checkInProblem(appointment('Pending'), 'Arrived', at('2026-12-02T18:40:00Z'), zone),
    ).toBeUndefined();
    expect(checkInProblem(appointment('Confirmed'), 'Arrived', at('2026-12-02T18:00:00Z'), zone)).toBe(
      'This appointment is on Thu 3 Dec 2026, 2:00 PM; it can be marked Arrived on that day.',
    );
    expect(checkInProblem(appointment('Cancelled'), 'Arrived', at('2026-12-03T08:00:00Z'), zone)).toBe(
      'This appointment is Cancelled; it can be marked Arrived only while it is Pending, Scheduled or Confirmed.',
    );
  });

  it('starts a treatment after arrival or straight from waiting; completes only one in progress', () => {
    const day = at('2026-12-03T08:35:00Z');
    expect(checkInProblem(appointment('Arrived'), 'In Progress', day, zone)).toBeUndefined();
    expect(checkInProblem(appointment('Scheduled'), 'In Progress', day, zone)).toBeUndefined();
    expect(checkInProblem(appointment('Completed'), 'In Progress', day, zone)).toContain(
      'This appointment is Completed',
    );
    expect(checkInProblem(appointment('In Progress'), 'Completed', day, zone)).toBeUndefined();
    expect(checkInProblem(appointment('Arrived'), 'Completed', day, zone)).toBe(
      'Only an appointment in progress can be completed; this one is Arrived.',
    );
  });

  it('takes no step towards a visit days ahead, as the admin dropdown would', () => {
    const twoDaysBefore = at('2026-12-01T08:30:00Z');
    expect(checkInProblem(appointment('Confirmed'), 'In Progress', twoDaysBefore, zone)).toContain(
      'it can be marked In Progress on that day',
    );
    expect(checkInProblem(appointment('Confirmed'), 'Completed', twoDaysBefore, zone)).toContain(
      'Only an appointment in progress can be completed',
    );
  });

  it('marks a no-show only once the start has passed, and only for one still waiting', () => {
    expect(checkInProblem(appointment('Confirmed'), 'No-show', startsAt, zone)).toBeUndefined();
    expect(
      checkInProblem(appointment('Confirmed'), 'No-show', at('2026-12-04T08:00:00Z'), zone),
    ).toBeUndefined();
    expect(checkInProblem(appointment('Confirmed'), 'No-show', at('2026-12-03T08:29:00Z'), zone)).toBe(
      'This appointment starts on Thu 3 Dec 2026, 2:00 PM; it can be marked a no-show once it has started.',
    );
    expect(checkInProblem(appointment('Arrived'), 'No-show', at('2026-12-03T08:40:00Z'), zone)).toContain(
      'only one still waiting for its customer',
    );
  });
});
