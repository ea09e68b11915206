import { ConfigError, readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';
import { BOOKING_RULE_DEFAULTS, clock24Text, type BookingRuleSettings } from '@spa/rules';
import type { FairHoldLimits } from './domain/fair-holds.js';
import { parseShiftHours, type ShiftHours } from './domain/shifts.js';

/**
 * The rules of booking, from its environment. The part the web applies too (business hours in a
 * fixed-offset zone, the cancellation notice, the payment hold, how far ahead) is @spa/rules'
 * BookingRuleSettings, served at GET /appointments/rules.
 */
export interface BookingRules extends BookingRuleSettings {
  /** The grid and number of the start times suggested when no room is free. */
  suggestionStepMinutes: number;
  suggestionCount: number;
  /** The working hours of each shift (an employee is auto-assigned only inside their shift). */
  shifts: ShiftHours;
  /** Fair holds: what one customer may hold at once (online bookings waiting for payment, cash bookings to come). */
  fairHolds: FairHoldLimits;
  /**
   * No-show protection: a customer with this many no-shows books online only, paying
   * when they book; the desk may still book them at the counter. 0 turns it off.
   */
  prepayAfterNoShows: number;
}

export interface BookingConfig extends BaseConfig {
  rules: BookingRules;
  /** Commerce's internal API (payment orders for online bookings). */
  commerceUrl: string;
  commerceTimeoutMs: number;
  /** How often expired payment holds are looked for. */
  holdSweepIntervalMs: number;
  /**
   * How long a customer's identical booking request may be told the same "no room free" without the
   * database being asked again (use-cases/full-slots.ts); 0 asks every time.
   */
  fullSlotMemoMs: number;
  /** BullMQ key prefix; parallel stacks and test runs each use their own so none takes another's jobs. */
  queuePrefix: string;
}

const DEFAULT_SHIFTS = 'morning=09:00-17:00,night=13:00-21:00';
/** The rules' defaults are @spa/rules' (the web shows them until booking answers GET /appointments/rules). */
const defaults = BOOKING_RULE_DEFAULTS;

function clockMinute(value: string, name: string, problems: string[]): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  const minute = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  if (!match || Number(match[2]) > 59 || minute > 24 * 60) {
    problems.push(`${name} must be a time of day like 09:00, got "${value}"`);
    return 0;
  }
  return minute;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): BookingConfig {
  const problems: string[] = [];
  const config = readConfig((env) => {
    const base = readBaseConfig(env, 'booking', 4003);
    const shifts = parseShiftHours(env.string('SHIFT_HOURS', DEFAULT_SHIFTS));
    if (typeof shifts === 'string') problems.push(`SHIFT_HOURS: ${shifts}`);
    return {
      ...base,
      rules: {
        openMinute: clockMinute(
          env.string('BUSINESS_OPENS', clock24Text(defaults.openMinute)),
          'BUSINESS_OPENS',
          problems,
        ),
        closeMinute: clockMinute(
          env.string('BUSINESS_CLOSES', clock24Text(defaults.closeMinute)),
          'BUSINESS_CLOSES',
          problems,
        ),
        timeZone: env.oneOf('BUSINESS_TIME_ZONE', ['Asia/Kolkata'] as const, 'Asia/Kolkata'),
        cancellationNoticeMinutes: env.int('CANCELLATION_NOTICE_MINUTES', defaults.cancellationNoticeMinutes),
        paymentHoldSeconds: env.int('PAYMENT_HOLD_SECONDS', defaults.paymentHoldSeconds),
        maxDaysAhead: env.int('BOOKING_MAX_DAYS_AHEAD', defaults.maxDaysAhead),
        suggestionStepMinutes: env.int('SUGGESTION_STEP_MINUTES', 30),
        suggestionCount: env.int('SUGGESTION_COUNT', 3),
        shifts: typeof shifts === 'string' ? {} : shifts,
        fairHolds: {
          maxOnlineHolds: env.int('MAX_OPEN_ONLINE_BOOKINGS', 2),
          maxFutureCashBookings: env.int('MAX_FUTURE_CASH_BOOKINGS', 5),
        },
        prepayAfterNoShows: env.int('PREPAY_AFTER_NO_SHOWS', 2),
      },
      commerceUrl: env.url('COMMERCE_URL', 'http://127.0.0.1:4004'),
      commerceTimeoutMs: env.int('COMMERCE_TIMEOUT_MS', 5_000),
      holdSweepIntervalMs: env.int('HOLD_SWEEP_INTERVAL_MS', 30_000),
      fullSlotMemoMs: env.int('FULL_SLOT_MEMO_MS', 500),
      // A stack with its own Kafka namespace (each browser-test stack) gets its own jobs as well.
      queuePrefix: env.string('BULLMQ_PREFIX', base.kafkaNamespace ? `bull.${base.kafkaNamespace}` : 'bull'),
    };
  }, source);
  const { rules } = config;
  if (rules.closeMinute <= rules.openMinute) problems.push('BUSINESS_CLOSES must be after BUSINESS_OPENS');
  if (rules.cancellationNoticeMinutes < 0) problems.push('CANCELLATION_NOTICE_MINUTES cannot be negative');
  if (rules.paymentHoldSeconds < 1) problems.push('PAYMENT_HOLD_SECONDS must be at least 1');
  if (rules.maxDaysAhead < 1) problems.push('BOOKING_MAX_DAYS_AHEAD must be at least 1');
  if (rules.suggestionStepMinutes < 5) problems.push('SUGGESTION_STEP_MINUTES must be at least 5');
  if (rules.suggestionCount < 1) problems.push('SUGGESTION_COUNT must be at least 1');
  if (rules.fairHolds.maxOnlineHolds < 1) problems.push('MAX_OPEN_ONLINE_BOOKINGS must be at least 1');
  if (rules.fairHolds.maxFutureCashBookings < 1) problems.push('MAX_FUTURE_CASH_BOOKINGS must be at least 1');
  if (rules.prepayAfterNoShows < 0) problems.push('PREPAY_AFTER_NO_SHOWS cannot be negative');
  if (config.fullSlotMemoMs < 0 || config.fullSlotMemoMs > 5_000)
    problems.push('FULL_SLOT_MEMO_MS must be between 0 and 5000');
  if (config.holdSweepIntervalMs < 100) problems.push('HOLD_SWEEP_INTERVAL_MS must be at least 100');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
