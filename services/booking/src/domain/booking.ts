import { depositFor, type DepositPolicy, type RoomCapacity, type RoomType } from '@spa/rules';
import type { PaymentMethod } from './appointment.js';
import { fairHoldRefusal, type FairHoldLimits, type HeldAppointment } from './fair-holds.js';
import { fieldError } from './field-error.js';
import type { QuotedPrices } from './pricing.js';

/** A booking as the customer's wizard (or the desk, or the waitlist) asks for it. */
export interface BookingRequest extends QuotedPrices {
  serviceId: string;
  durationMinutes: number;
  pricingOptionId?: string;
  type: RoomType;
  /** The room chosen is of this capacity (the wizard offers each type with its capacities). */
  capacity?: RoomCapacity;
  appointmentDateTime: string;
  paymentMethod: PaymentMethod;
}

/** What an online booking pays as a deposit and the late-cancellation terms it is taken under. */
export interface DepositTerms {
  depositPaise: number;
  lateCancellationHours: number;
  lateCancellationFeePercent: number;
}

export const NO_TERMS: DepositTerms = {
  depositPaise: 0,
  lateCancellationHours: 0,
  lateCancellationFeePercent: 0,
};

/** The no-show rule of the settings: 0 turns it off. */
interface PrepayRule {
  prepayAfterNoShows: number;
}

/**
 * The treatment's deposit for this online booking, or none (the whole price is paid online): also
 * none for a customer with `prepayAfterNoShows` no-shows, who prepays in full.
 */
export function depositTerms(
  rules: PrepayRule,
  noShows: number,
  choice: { service: { depositPolicy: DepositPolicy }; price: { totalPricePaise: number } },
): DepositTerms {
  const policy = choice.service.depositPolicy;
  const depositPaise = depositFor(policy, choice.price.totalPricePaise);
  if (depositPaise === undefined) return NO_TERMS;
  if (mustPrepay(rules, noShows)) return NO_TERMS;
  return {
    depositPaise,
    lateCancellationHours: policy.lateCancellationHours,
    lateCancellationFeePercent: policy.lateCancellationFeePercent,
  };
}

/** Whether the customer's no-shows reach `prepayAfterNoShows` (then they prepay). */
function mustPrepay(rules: PrepayRule, noShows: number): boolean {
  const after = rules.prepayAfterNoShows;
  return after > 0 && noShows >= after;
}

/** Cash refused to a customer with `prepayAfterNoShows` no-shows or more, or undefined. */
export function prepayProblem(rules: PrepayRule, noShows: number) {
  if (!mustPrepay(rules, noShows)) return undefined;
  return fieldError(
    422,
    'PREPAY_REQUIRED',
    'paymentMethod',
    `You missed ${noShows} appointments without cancelling, so new bookings are paid online when you book. Please choose Pay Online, or call us to book.`,
  );
}

/** Fair holds (an overlapping appointment of the customer's, too many unpaid or cash bookings), or undefined. */
export function fairHoldProblem(
  rules: { fairHolds: FairHoldLimits; timeZone: string },
  held: HeldAppointment[],
  request: Pick<BookingRequest, 'paymentMethod'>,
  slot: { start: Date; end: Date },
  now: Date,
) {
  return fairHoldRefusal(
    held,
    { start: slot.start, end: slot.end, paymentMethod: request.paymentMethod },
    rules.fairHolds,
    now,
    rules.timeZone,
  );
}
