/**
 * Deposits and the late-cancellation fee, as spas run on Fresha take them: a treatment's policy (set by
 * the admin in catalogue, carried to booking on the treatment's event) says how much of an online
 * booking is paid when booking, and how much of that a late cancellation keeps. Booking charges and
 * keeps by these functions; the wizard and My Appointments tell the customer by the same ones.
 *
 * Money in paise. A policy's `value` is a percent (1–100) of the appointment's price for `percent`,
 * paise for `fixed`.
 */
export const DEPOSIT_KINDS = ['none', 'percent', 'fixed'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export interface DepositPolicy {
  kind: DepositKind;
  /** percent: 1–100 of the price; fixed: paise; none: 0. */
  value: number;
  /** A customer's cancellation less than this many hours before the start is late. */
  lateCancellationHours: number;
  /** The share of the deposit (0–100) a late cancellation keeps; a no-show keeps all of it. */
  lateCancellationFeePercent: number;
}

export const NO_DEPOSIT: Readonly<DepositPolicy> = Object.freeze({
  kind: 'none',
  value: 0,
  lateCancellationHours: 0,
  lateCancellationFeePercent: 0,
});

/** The admin's limits: a late window up to a week, a share up to all of it. */
export const DEPOSIT_LIMITS = Object.freeze({ maxLateCancellationHours: 168, maxPercent: 100 });

/** What the admin's policy gets wrong, field by field (empty when it is a policy booking can use). */
export function depositPolicyProblems(policy: DepositPolicy): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!(DEPOSIT_KINDS as readonly string[]).includes(policy.kind))
    problems.push({ field: 'depositPolicy.kind', message: 'Choose none, a percentage or a fixed amount' });
  const whole = (value: number) => Number.isInteger(value) && value >= 0;
  if (policy.kind === 'percent' && !(whole(policy.value) && policy.value >= 1 && policy.value <= 100))
    problems.push({
      field: 'depositPolicy.value',
      message: 'A deposit share is a whole percent from 1 to 100',
    });
  if (policy.kind === 'fixed' && !(whole(policy.value) && policy.value >= 100))
    problems.push({ field: 'depositPolicy.value', message: 'A fixed deposit is at least ₹1' });
  if (
    !whole(policy.lateCancellationHours) ||
    policy.lateCancellationHours > DEPOSIT_LIMITS.maxLateCancellationHours
  )
    problems.push({
      field: 'depositPolicy.lateCancellationHours',
      message: `The late-cancellation window is a whole number of hours up to ${DEPOSIT_LIMITS.maxLateCancellationHours}`,
    });
  if (!whole(policy.lateCancellationFeePercent) || policy.lateCancellationFeePercent > 100)
    problems.push({
      field: 'depositPolicy.lateCancellationFeePercent',
      message: 'The late-cancellation fee is a whole percent of the deposit from 0 to 100',
    });
  return problems;
}

/**
 * What an online booking of `totalPaise` pays when booking: the policy's deposit, or everything (no
 * deposit, a deposit that would be the whole price, or a customer who must prepay in full).
 */
export function depositFor(policy: DepositPolicy, totalPaise: number): number | undefined {
  if (policy.kind === 'none' || totalPaise <= 0) return undefined;
  const deposit =
    policy.kind === 'percent' ? Math.round((totalPaise * policy.value) / 100) : Math.round(policy.value);
  if (deposit <= 0 || deposit >= totalPaise) return undefined;
  return deposit;
}

/** Whether cancelling at `now` is late by the policy: within its window before the start. */
export function isLateCancellation(
  policy: Pick<DepositPolicy, 'lateCancellationHours'>,
  startsAt: Date,
  now: Date,
): boolean {
  return startsAt.getTime() - now.getTime() < policy.lateCancellationHours * 3_600_000;
}

/** What a customer's cancellation at `now` keeps of the deposit taken (0 when it is not late). */
export function cancellationFee(
  policy: Pick<DepositPolicy, 'lateCancellationHours' | 'lateCancellationFeePercent'>,
  depositPaise: number,
  startsAt: Date,
  now: Date,
): number {
  if (depositPaise <= 0 || !isLateCancellation(policy, startsAt, now)) return 0;
  return Math.round((depositPaise * policy.lateCancellationFeePercent) / 100);
}

/**
 * The deposit a cancellation's fee is taken from: one paid online (a cash booking, or an online one not
 * paid yet, holds nothing to keep).
 */
export function depositAtStake(appointment: {
  paymentMethod: string;
  paymentStatus: string;
  depositPaise: number;
}): number {
  return appointment.paymentMethod === 'online' && appointment.paymentStatus === 'Paid'
    ? appointment.depositPaise
    : 0;
}

/** What a late-change rule looks at: the terms the appointment was booked under and its start. */
export interface LateChangeSubject extends Pick<
  DepositPolicy,
  'lateCancellationHours' | 'lateCancellationFeePercent'
> {
  startsAt: Date;
  /** The deposit paid (depositAtStake): 0 when there is nothing a late cancellation would keep. */
  depositPaise: number;
}

/**
 * Why the customer may not move the appointment themselves at `now`, or undefined when they may. Inside
 * the late window a cancellation keeps the fee; a move would restart the window from the new start and
 * let a cancellation after it refund everything, so inside the window the customer may cancel (under
 * the terms) but only the desk moves it. Said in the same words as the terms the customer agreed to.
 */
export function lateChangeProblem(appointment: LateChangeSubject, now: Date): string | undefined {
  const fee = cancellationFee(appointment, appointment.depositPaise, appointment.startsAt, now);
  if (fee <= 0) return undefined;
  const hours = appointment.lateCancellationHours;
  return `${lateCancellationTerms(hours, fee, appointment.depositPaise)} This appointment starts in less than ${hours} hour${hours === 1 ? '' : 's'}, so it can no longer be moved online: you can still cancel it on these terms, or call us to change it.`;
}

/** "Cancel up to 24 hours before for a full refund; a later cancellation keeps the deposit." */
function lateCancellationTerms(hours: number, fee: number, deposit: number): string {
  return `Cancel up to ${hours} hour${hours === 1 ? '' : 's'} before for a full refund; a later cancellation keeps ${fee === deposit ? 'the deposit' : rupees(fee)}.`;
}

/** "₹1,234.50" from paise, as the policy's sentences say amounts. */
function rupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * The policy as the customer reads it before paying, for an appointment of `totalPaise`; undefined when
 * the booking is paid in full.
 */
export function describeDepositPolicy(policy: DepositPolicy, totalPaise: number): string | undefined {
  const deposit = depositFor(policy, totalPaise);
  if (deposit === undefined) return undefined;
  const sentences = [
    `A deposit of ${rupees(deposit)} is paid now; the remaining ${rupees(totalPaise - deposit)} is paid at the spa.`,
  ];
  const fee = Math.round((deposit * policy.lateCancellationFeePercent) / 100);
  if (policy.lateCancellationHours > 0 && fee > 0)
    sentences.push(lateCancellationTerms(policy.lateCancellationHours, fee, deposit));
  else sentences.push('A cancellation refunds the deposit in full.');
  sentences.push('If you miss the appointment, the deposit is kept.');
  return sentences.join(' ');
}
