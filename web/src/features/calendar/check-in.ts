import { checkInProblem, type CheckInStatus } from '@spa/rules';

/**
 * The check-in buttons on a calendar block. Booking's own rule (@spa/rules'
 * checkInProblem) decides which steps are offered, so the desk never sees a button the server refuses:
 * Arrived and Start on the appointment's day, Complete once it is in progress, No-show once its start
 * has passed while it still waits.
 */
export interface CheckInAction {
  status: CheckInStatus;
  label: string;
}

const STEPS: readonly CheckInAction[] = [
  { status: 'Arrived', label: 'Arrived' },
  { status: 'In Progress', label: 'Start treatment' },
  { status: 'Completed', label: 'Complete' },
  { status: 'No-show', label: 'No-show' },
];

export function checkInActions(
  appointment: { status: string; start: string },
  now: Date,
  timeZone = 'Asia/Kolkata',
): CheckInAction[] {
  const subject = { status: appointment.status, startsAt: new Date(appointment.start) };
  return STEPS.filter((step) => checkInProblem(subject, step.status, now, timeZone) === undefined);
}

/** "2 no-shows on record": the desk's warning beside the customer's name; nothing for none. */
export const noShowRecord = (count: number) =>
  count > 0 ? `${count} no-show${count === 1 ? '' : 's'} on record` : '';

/** Over: completed, a no-show or cancelled. Nothing is left to move or check in. */
export const isOver = (status: string) => ['Completed', 'No-show', 'Cancelled'].includes(status);
