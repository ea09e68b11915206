import { lateChangeProblem, type LateChangeSubject } from './deposits.js';

/**
 * The cancellation notice (booking's CANCELLATION_NOTICE_MINUTES, served at GET
 * /api/v1/appointments/rules): a customer may cancel an open appointment on their own up to the
 * notice before it starts. Booking enforces it; the web decides with the same function whether to
 * offer Cancel when the server did not say.
 */

/** Statuses in which nothing has happened yet: the appointment can still be called off. */
export const OPEN_APPOINTMENT_STATUSES = ['Pending', 'Scheduled', 'Confirmed'] as const;

export const isOpenStatus = (status: string) =>
  (OPEN_APPOINTMENT_STATUSES as readonly string[]).includes(status);

/** "4 hours", "1 hour", "90 minutes": a notice as a sentence says it. */
export function describeNotice(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Whether the customer may cancel on their own: an open appointment that starts at least the notice
 * from now. Answers the reason as the customer should read it, or undefined when they may.
 */
export function customerCancellationProblem(
  appointment: { status: string; startsAt: Date },
  now: Date,
  noticeMinutes: number,
): string | undefined {
  if (appointment.status === 'Cancelled') return 'This appointment is already cancelled.';
  if (!isOpenStatus(appointment.status))
    return `This appointment is ${appointment.status.toLowerCase()} and can no longer be cancelled.`;
  const minutesLeft = (appointment.startsAt.getTime() - now.getTime()) / 60_000;
  if (minutesLeft < noticeMinutes)
    return `Appointments can be cancelled online up to ${describeNotice(noticeMinutes)} before they start. Please call us to change this one.`;
  return undefined;
}

/**
 * Whether the customer may move their own appointment at `now`: what lets them cancel it (the notice),
 * and, with a deposit paid, not inside its late-cancellation window (lateChangeProblem: a move there
 * would shed the fee a cancellation keeps). Answers the refusal's code and the reason as the customer
 * should read it, or undefined when they may. The desk moves any open appointment.
 */
export function customerRescheduleProblem(
  appointment: { status: string } & LateChangeSubject,
  now: Date,
  noticeMinutes: number,
): { code: 'CANCELLATION_NOT_ALLOWED' | 'LATE_CHANGE'; message: string } | undefined {
  const notice = customerCancellationProblem(appointment, now, noticeMinutes);
  if (notice) return { code: 'CANCELLATION_NOT_ALLOWED', message: notice };
  const late = lateChangeProblem(appointment, now);
  if (late) return { code: 'LATE_CHANGE', message: late };
  return undefined;
}
