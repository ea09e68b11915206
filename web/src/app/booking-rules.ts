import { useQuery } from '@tanstack/react-query';
import { BOOKING_RULE_DEFAULTS, businessHoursText, type BookingRuleSettings } from '@spa/rules';
import { get } from '../lib/api';

/**
 * Booking's configurable rules (GET /appointments/rules, public): business hours, the cancellation
 * notice and how long an online booking holds its time while the customer pays. The screens read them
 * from there, so a spa that changes its hours or notice in booking's configuration changes the picker,
 * the Cancel button and the texts with it. The rules' functions themselves come from @spa/rules.
 */
export type BookingRules = BookingRuleSettings;

/**
 * Booking's default configuration (@spa/rules): what the server render (which does not ask booking)
 * and a first render show until the answer arrives.
 */
export const DEFAULT_BOOKING_RULES: Readonly<BookingRules> = BOOKING_RULE_DEFAULTS;

const bookingRulesKey = ['booking-rules'] as const;

/** The rules change only when booking is reconfigured: an hour is fresh enough. */
const BOOKING_RULES_STALE_MS = 60 * 60_000;

const minuteOfDay = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 24 * 60 ? value : undefined;
const wholeNumber = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** The answer, read defensively: a field missing or malformed keeps its default. */
export function readBookingRules(body: unknown): BookingRules {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const openMinute = minuteOfDay(raw.openMinute);
  const closeMinute = minuteOfDay(raw.closeMinute);
  const hours =
    openMinute !== undefined && closeMinute !== undefined && openMinute < closeMinute
      ? { openMinute, closeMinute }
      : { openMinute: DEFAULT_BOOKING_RULES.openMinute, closeMinute: DEFAULT_BOOKING_RULES.closeMinute };
  return {
    ...hours,
    timeZone:
      typeof raw.timeZone === 'string' && raw.timeZone ? raw.timeZone : DEFAULT_BOOKING_RULES.timeZone,
    cancellationNoticeMinutes:
      wholeNumber(raw.cancellationNoticeMinutes) ?? DEFAULT_BOOKING_RULES.cancellationNoticeMinutes,
    paymentHoldSeconds: wholeNumber(raw.paymentHoldSeconds) ?? DEFAULT_BOOKING_RULES.paymentHoldSeconds,
    maxDaysAhead: wholeNumber(raw.maxDaysAhead) ?? DEFAULT_BOOKING_RULES.maxDaysAhead,
  };
}

async function fetchBookingRules(): Promise<BookingRules> {
  return readBookingRules(await get<unknown>('/appointments/rules'));
}

/**
 * Booking's rules for a screen: the defaults until booking has answered (and on the server, which
 * renders the public pages without asking booking, so the browser's first render matches its markup).
 */
export function useBookingRules(): BookingRules {
  const query = useQuery({
    queryKey: bookingRulesKey,
    queryFn: fetchBookingRules,
    staleTime: BOOKING_RULES_STALE_MS,
    enabled: !import.meta.env.SSR,
  });
  return query.data ?? DEFAULT_BOOKING_RULES;
}

/** "9:00 AM – 9:00 PM": booking's business hours as the pages print them. */
export function useOpeningHoursText(): string {
  return businessHoursText(useBookingRules());
}
