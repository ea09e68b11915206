import { MINUTE_MS } from '@spa/rules';
import type { Appointment, AppointmentStatus } from './appointment.js';

// The steps and their rule are shared with the web (the calendar offers only the steps it allows).
export { CHECK_IN_STATUSES, checkInProblem, type CheckInStatus } from '@spa/rules';

/** The times the check-in flow records, one per step. */
export interface CheckInTimes {
  arrivedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  noShowAt: Date | null;
}

type Judged = Pick<Appointment, 'status' | 'startsAt' | 'endsAt'>;

/**
 * What the step changes on the row: the time it happened (the first time only: a step repeated by a
 * second desk keeps the first record), and for a No-show the rest of the slot given back. The span up
 * to the mark stays booked (it has passed); from the mark the room and the employee are free, with no
 * cleanup to wait for since nobody used the room. The booked length stays in duration_minutes.
 */
export function checkInChanges(
  appointment: Judged & CheckInTimes,
  to: AppointmentStatus,
  now: Date,
): Partial<CheckInTimes & { endsAt: Date; roomFreeAt: Date }> {
  switch (to) {
    case 'Arrived':
      return appointment.arrivedAt ? {} : { arrivedAt: now };
    case 'In Progress':
      return appointment.startedAt ? {} : { startedAt: now };
    case 'Completed':
      return appointment.completedAt ? {} : { completedAt: now };
    case 'No-show': {
      const changes: Partial<CheckInTimes & { endsAt: Date; roomFreeAt: Date }> = {
        noShowAt: appointment.noShowAt ?? now,
      };
      if (now.getTime() < appointment.endsAt.getTime()) {
        // starts_at < ends_at holds: a mark in its first minute keeps that minute.
        const end = new Date(Math.max(now.getTime(), appointment.startsAt.getTime() + MINUTE_MS));
        changes.endsAt = end;
        changes.roomFreeAt = end;
      }
      return changes;
    }
    default:
      return {};
  }
}

/** The slot a no-show had booked: its start, the booked length, then its cleanup (to reopen it). */
export function bookedSlotOf(
  appointment: Pick<Appointment, 'startsAt' | 'durationMinutes' | 'cleanupMinutes'>,
) {
  const endsAt = new Date(appointment.startsAt.getTime() + appointment.durationMinutes * MINUTE_MS);
  return { endsAt, roomFreeAt: new Date(endsAt.getTime() + appointment.cleanupMinutes * MINUTE_MS) };
}
