import { describe, expect, it } from 'vitest';
import {
  cancellationFee,
  depositAtStake,
  depositFor,
  depositPolicyProblems,
  describeDepositPolicy,
  isLateCancellation,
  lateChangeProblem,
  NO_DEPOSIT,
  type DepositPolicy,
} from './deposits.js';

// One table for booking (what it charges and keeps) and the web (what it tells before payment).
const half: DepositPolicy = {
  kind: 'percent',
  value: 50,
  lateCancellationHours: 24,
  lateCancellationFeePercent: 100,
};
const fixed: DepositPolicy = {
  kind: 'fixed',
  value: 50_000,
  lateCancellationHours: 48,
  lateCancellationFeePercent: 50,
};
const now = new Date('2026-11-27T06:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('the deposit an online booking pays', () => {
  it('takes the share or the fixed amount of the price', () => {
    expect(depositFor(half, 349_900)).toBe(174_950);
    expect(depositFor({ ...half, value: 33 }, 100_001)).toBe(33_000);
    expect(depositFor(fixed, 349_900)).toBe(50_000);
  });

  it('is the whole price (undefined) with no policy, or when the deposit would be all of it', () => {
    expect(depositFor(NO_DEPOSIT, 349_900)).toBeUndefined();
    expect(depositFor({ ...half, value: 100 }, 349_900)).toBeUndefined();
    expect(depositFor(fixed, 50_000)).toBeUndefined();
    expect(depositFor(fixed, 40_000)).toBeUndefined();
    expect(depositFor(half, 0)).toBeUndefined();
  });
});

describe('the late-cancellation fee', () => {
  it('is kept only inside the window before the start', () => {
    expect(isLateCancellation(half, inHours(25), now)).toBe(false);
    expect(isLateCancellation(half, inHours(24), now)).toBe(false);
    expect(isLateCancellation(half, inHours(23.9), now)).toBe(true);
    expect(cancellationFee(half, 174_950, inHours(30), now)).toBe(0);
    expect(cancellationFee(half, 174_950, inHours(5), now)).toBe(174_950);
    expect(cancellationFee(fixed, 50_000, inHours(47), now)).toBe(25_000);
    expect(cancellationFee(fixed, 50_000, inHours(49), now)).toBe(0);
  });

  it('keeps nothing without a deposit, a window or a share', () => {
    expect(cancellationFee(half, 0, inHours(1), now)).toBe(0);
    expect(cancellationFee({ ...half, lateCancellationHours: 0 }, 174_950, inHours(1), now)).toBe(0);
    expect(cancellationFee({ ...half, lateCancellationFeePercent: 0 }, 174_950, inHours(1), now)).toBe(0);
  });
});

describe("the customer's own move inside the late window", () => {
  // The terms on the appointment, the deposit paid: what a cancellation now would keep.
  const booked = (policy: DepositPolicy, hours: number, depositPaise = 174_950) => ({
    ...policy,
    startsAt: inHours(hours),
    depositPaise,
  });

  it('is refused exactly where a cancellation would keep a fee, so a move cannot shed it', () => {
    expect(lateChangeProblem(booked(half, 16), now)).toBe(
      'Cancel up to 24 hours before for a full refund; a later cancellation keeps the deposit. This appointment starts in less than 24 hours, so it can no longer be moved online: you can still cancel it on these terms, or call us to change it.',
    );
    expect(lateChangeProblem(booked(half, 23.9), now)).toBeDefined();
    expect(lateChangeProblem(booked(fixed, 47, 50_000), now)).toContain(
      'Cancel up to 48 hours before for a full refund; a later cancellation keeps ₹250.00.',
    );
  });

  it('is allowed outside the window, and wherever a cancellation keeps nothing', () => {
    expect(lateChangeProblem(booked(half, 24), now)).toBeUndefined();
    expect(lateChangeProblem(booked(half, 30), now)).toBeUndefined();
    expect(lateChangeProblem(booked(half, 16, 0), now)).toBeUndefined();
    expect(lateChangeProblem(booked({ ...half, lateCancellationFeePercent: 0 }, 16), now)).toBeUndefined();
    expect(lateChangeProblem(booked(NO_DEPOSIT, 1), now)).toBeUndefined();
  });

  it('counts only a deposit paid online', () => {
    const online = { paymentMethod: 'online', paymentStatus: 'Paid', depositPaise: 174_950 };
    expect(depositAtStake(online)).toBe(174_950);
    expect(depositAtStake({ ...online, paymentStatus: 'Pending' })).toBe(0);
    expect(depositAtStake({ ...online, paymentMethod: 'cash' })).toBe(0);
  });
});

describe("the admin's policy", () => {
  it('accepts a sensible one', () => {
    expect(depositPolicyProblems(half)).toEqual([]);
    expect(depositPolicyProblems(fixed)).toEqual([]);
    expect(depositPolicyProblems(NO_DEPOSIT)).toEqual([]);
  });

  it('names each field it gets wrong', () => {
    const fields = (policy: DepositPolicy) => depositPolicyProblems(policy).map((problem) => problem.field);
    expect(fields({ ...half, value: 0 })).toEqual(['depositPolicy.value']);
    expect(fields({ ...half, value: 101 })).toEqual(['depositPolicy.value']);
    expect(fields({ ...half, value: 12.5 })).toEqual(['depositPolicy.value']);
    expect(fields({ ...fixed, value: 50 })).toEqual(['depositPolicy.value']);
    expect(fields({ ...half, lateCancellationHours: 169 })).toEqual(['depositPolicy.lateCancellationHours']);
    expect(fields({ ...half, lateCancellationFeePercent: -1 })).toEqual([
      'depositPolicy.lateCancellationFeePercent',
    ]);
    expect(fields({ ...half, kind: 'card' as never })).toEqual(['depositPolicy.kind']);
  });
});

describe('the policy as the customer reads it before paying', () => {
  it('says the deposit, the rest, the window and the no-show rule', () => {
    expect(describeDepositPolicy(half, 349_900)).toBe(
      'A deposit of ₹1,749.50 is paid now; the remaining ₹1,749.50 is paid at the spa. Cancel up to 24 hours before for a full refund; a later cancellation keeps the deposit. If you miss the appointment, the deposit is kept.',
    );
    expect(describeDepositPolicy(fixed, 349_900)).toBe(
      'A deposit of ₹500.00 is paid now; the remaining ₹2,999.00 is paid at the spa. Cancel up to 48 hours before for a full refund; a later cancellation keeps ₹250.00. If you miss the appointment, the deposit is kept.',
    );
    expect(describeDepositPolicy({ ...fixed, lateCancellationFeePercent: 0 }, 349_900)).toContain(
      'A cancellation refunds the deposit in full.',
    );
  });

  it('says nothing when the booking is paid in full', () => {
    expect(describeDepositPolicy(NO_DEPOSIT, 349_900)).toBeUndefined();
    expect(describeDepositPolicy(fixed, 40_000)).toBeUndefined();
  });
});
