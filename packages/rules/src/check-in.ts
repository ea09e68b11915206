import { formatLocalDateTime, toLocal } from './business-time.js';
import { OPEN_APPOINTMENT_STATUSES } from './cancellation.js';

/**
 * The front desk's check-in flow: a customer Arrived, their treatment In Progress,
 * then Completed, each with the time it happened; or a No-show, which frees the rest of the slot and is
 * counted against the customer. Each step has one rule, used by the desk's check-in and by the admin's
 * status dropdown alike, so the recorded times mean the same whichever screen set them. Booking
 * enforces it; the web's calendar offers only the steps it allows.
 */
export const CHECK_IN_STATUSES = ['Arrived', 'In Progress', 'Completed', 'No-show'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

/** What the rule looks at: booking passes its row; the web, its calendar block. */
export interface CheckInSubject {
  status: string;
  startsAt: Date;
}

const OPEN: readonly string[] = OPEN_APPOINTMENT_STATUSES;
const localDay = (at: Date, timeZone: string) => toLocal(at.getTime(), timeZone).day;

/**
 * Why `appointment` may not take the step to `to` at `now`, as the desk reads it; undefined when it may.
 * Arrived and In Progress happen on the appointment's own day (in the business's zone); Completed only
 * follows In Progress (so never before the day); a No-show is only for an appointment still waiting
 * whose start has passed. Every path to these statuses (check-in, Complete, the admin's dropdown) asks it.
 */
export function checkInProblem(
  appointment: CheckInSubject,
  to: CheckInStatus,
  now: Date,
  timeZone: string,
): string | undefined {
  const { status } = appointment;
  const when = formatLocalDateTime(appointment.startsAt.getTime(), timeZone);
  switch (to) {
    case 'Arrived':
    case 'In Progress': {
      const from = to === 'Arrived' ? OPEN : [...OPEN, 'Arrived'];
      if (!from.includes(status))
        return `This appointment is ${status}; it can be marked ${to} only while it is ${listed(from)}.`;
      if (localDay(now, timeZone) !== localDay(appointment.startsAt, timeZone))
        return `This appointment is on ${when}; it can be marked ${to} on that day.`;
      return undefined;
    }
    case 'Completed':
      return status === 'In Progress'
        ? undefined
        : `Only an appointment in progress can be completed; this one is ${status}.`;
    case 'No-show':
      if (!OPEN.includes(status))
        return `This appointment is ${status}; only one still waiting for its customer can be a no-show.`;
      if (now.getTime() < appointment.startsAt.getTime())
        return `This appointment starts on ${when}; it can be marked a no-show once it has started.`;
      return undefined;
  }
}

function listed(statuses: readonly string[]): string {
  return statuses.length === 1
    ? statuses[0]!
    : `${statuses.slice(0, -1).join(', ')} or ${statuses[statuses.length - 1]}`;
}
