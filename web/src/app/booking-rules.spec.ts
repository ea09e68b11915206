import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES, readBookingRules } from './booking-rules';

describe("booking's rules as the screens read them", () => {
  it('takes what booking answers', () => {
    expect(
      readBookingRules({
        timeZone: 'Asia/Kolkata',
        openMinute: 600,
        closeMinute: 1_080,
        opens: '10:00',
        closes: '18:00',
        cancellationNoticeMinutes: 90,
        paymentHoldSeconds: 600,
        maxDaysAhead: 60,
      }),
    ).toEqual({
      timeZone: 'Asia/Kolkata',
      openMinute: 600,
      closeMinute: 1_080,
      cancellationNoticeMinutes: 90,
      paymentHoldSeconds: 600,
      maxDaysAhead: 60,
    });
  });

  it("keeps booking's defaults for what is missing or malformed", () => {
    expect(readBookingRules(null)).toEqual(DEFAULT_BOOKING_RULES);
    expect(readBookingRules({ openMinute: 1_200, closeMinute: 600, cancellationNoticeMinutes: -1 })).toEqual(
      DEFAULT_BOOKING_RULES,
    );
    expect(readBookingRules({ paymentHoldSeconds: '900', maxDaysAhead: 1.5 })).toEqual(DEFAULT_BOOKING_RULES);
  });

  it('defaults to 9:00 AM to 9:00 PM in Asia/Kolkata, a 4-hour notice and a 15-minute hold', () => {
    expect(DEFAULT_BOOKING_RULES).toEqual({
      openMinute: 540,
      closeMinute: 1_260,
      timeZone: 'Asia/Kolkata',
      cancellationNoticeMinutes: 240,
      paymentHoldSeconds: 900,
      maxDaysAhead: 365,
    });
  });
});
