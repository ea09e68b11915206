import { CHECK_IN_STATUSES, checkInProblem, type CheckInStatus } from '@spa/rules';
import { addDays, BUSINESS_TIME_ZONE, businessInstant } from '../../appointments/business-time';

/** The admin list's filter panel: dates as the date inputs give them (yyyy-mm-dd, business days). */
export interface AdminFilterValues {
  search: string;
  /** '' for All. */
  status: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_FILTERS: AdminFilterValues = { search: '', status: '', startDate: '', endDate: '' };

/** Spec section 5: the end date cannot be before the start date. */
export const DATE_ORDER_MESSAGE = 'End date cannot be before start date';

export function isDateRangeInOrder({ startDate, endDate }: Pick<AdminFilterValues, 'startDate' | 'endDate'>) {
  return !startDate || !endDate || startDate <= endDate;
}

function parseDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/**
 * The query the booking service reads: ISO instants, the start at the first moment of its day and the
 * end at the last moment of its day in the business's time zone (both days included); status left out
 * for All.
 */
export function adminQuery(values: AdminFilterValues) {
  const start = parseDay(values.startDate);
  const end = parseDay(values.endDate);
  return {
    search: values.search.trim() || undefined,
    status: values.status || undefined,
    startDate: start ? businessInstant(start, 0).toISOString() : undefined,
    endDate: end ? new Date(businessInstant(addDays(end, 1), 0).getTime() - 1).toISOString() : undefined,
  };
}

/** Statuses the dropdown offers, with the appointment's own first when it is not among them. */
export function optionsWith(options: readonly string[], current: string): string[] {
  return options.includes(current) ? [...options] : [current, ...options];
}

/**
 * The payment statuses an admin may pick by hand: an online payment's Refunded and Partially refunded
 * come only from the provider's confirmed refund (the card's Refund button), so they are not offered
 * (the current one is always shown).
 */
export function paymentStatusChoices(
  statuses: readonly string[],
  appointment: { paymentMethod?: string; paymentStatus: string },
): string[] {
  const byHand =
    appointment.paymentMethod === 'online'
      ? statuses.filter((status) => status !== 'Refunded' && status !== 'Partially refunded')
      : statuses;
  return optionsWith(byHand, appointment.paymentStatus);
}

/** Spec section 4: assigning is offered when no employee is assigned or the status is Pending. */
export function canAssignEmployee(appointment: { employee?: unknown; status: string }): boolean {
  return !appointment.employee || appointment.status === 'Pending';
}

/** Spec: Complete Appointment appears only when the status is In Progress. */
export function canComplete(appointment: { status: string }): boolean {
  return appointment.status === 'In Progress';
}

const stepAllowed = (status: string, startMs: number, to: CheckInStatus, now: Date) =>
  checkInProblem({ status, startsAt: new Date(startMs) }, to, now, BUSINESS_TIME_ZONE) === undefined;

/**
 * The statuses the admin's dropdown offers an appointment at `now`: the check-in steps (Arrived, In
 * Progress, Completed, No-show) only when booking's rule (@spa/rules' checkInProblem) allows them, so
 * a visit days ahead cannot be started or completed; the rest as they are; its own always shown.
 */
export function statusChoices(
  statuses: readonly string[],
  appointment: { status: string; start?: string },
  now: Date,
): string[] {
  const start = Date.parse(appointment.start ?? '');
  const offered = statuses.filter(
    (status) =>
      status === appointment.status ||
      !isCheckInStatus(status) ||
      (!Number.isNaN(start) && stepAllowed(appointment.status, start, status, now)),
  );
  return optionsWith(offered, appointment.status);
}

const isCheckInStatus = (status: string): status is CheckInStatus =>
  (CHECK_IN_STATUSES as readonly string[]).includes(status);
