import type { BusinessHours } from './business-time.js';

/**
 * Booking's configurable rules, as booking serves them at GET /api/v1/appointments/rules: the
 * business hours, the cancellation notice, how long an unpaid online booking holds its time and how
 * far ahead one may book. Booking reads them from its environment (BUSINESS_OPENS, BUSINESS_CLOSES,
 * BUSINESS_TIME_ZONE, CANCELLATION_NOTICE_MINUTES, PAYMENT_HOLD_SECONDS, BOOKING_MAX_DAYS_AHEAD).
 */
export interface BookingRuleSettings extends BusinessHours {
  cancellationNoticeMinutes: number;
  paymentHoldSeconds: number;
  maxDaysAhead: number;
}

/** Booking's defaults: its configuration when nothing is set, and the web's until booking answers. */
export const BOOKING_RULE_DEFAULTS: Readonly<BookingRuleSettings> = Object.freeze({
  openMinute: 9 * 60,
  closeMinute: 21 * 60,
  timeZone: 'Asia/Kolkata',
  cancellationNoticeMinutes: 4 * 60,
  paymentHoldSeconds: 15 * 60,
  maxDaysAhead: 365,
});
