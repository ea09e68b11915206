import { AppError } from '@spa/kit/errors';
import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  noShowRate,
  openMinutesPerDay,
  orderRevenueAt,
  parseClock,
  ratio,
  resolveReportRange,
  refundedLinePaise,
  rupees,
  utilisationShare,
} from './reports.js';

/** The error a function throws, for its status, code and details. */
function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

// 2026-11-27 20:00 UTC is 2026-11-28 01:30 in Kolkata: the business day is already the 28th.
const lateEveningUtc = new Date('2026-11-27T20:00:00Z');

describe('the report range', () => {
  it('defaults to the 30 days ending today in Kolkata', () => {
    expect(resolveReportRange({}, lateEveningUtc)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(resolveReportRange({}, new Date('2026-11-27T18:00:00Z'))).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
    });
  });

  it('takes the days asked for, and defaults the missing end', () => {
    expect(resolveReportRange({ from: '2026-11-01', to: '2026-11-01' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
    });
    expect(resolveReportRange({ to: '2026-03-01' })).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(resolveReportRange({ from: '2026-11-20' }, lateEveningUtc)).toEqual({
      from: '2026-11-20',
      to: '2026-11-28',
    });
  });

  it('allows 366 days and no more', () => {
    expect(resolveReportRange({ from: '2024-01-01', to: '2024-12-31' })).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    const tooLong = errorOf(() => resolveReportRange({ from: '2025-01-01', to: '2026-01-02' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.toBody()).toEqual({
      message: 'A report covers at most 366 days',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'to', message: 'A report covers at most 366 days' }],
    });
  });

  it('refuses an end before the start and a day that is not one', () => {
    expect(errorOf(() => resolveReportRange({ from: '2026-11-10', to: '2026-11-09' })).toBody()).toEqual({
      message: 'The end date cannot be before the start date',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'to', message: 'The end date cannot be before the start date' }],
    });
    for (const from of ['yesterday', '2026-02-30', '2026-1-01', '2026-11-01T00:00:00Z'])
      expect(errorOf(() => resolveReportRange({ from, to: '2026-11-09' })).toBody().details).toEqual([
        { field: 'from', message: 'The start date must be a date as YYYY-MM-DD' },
      ]);
    expect(errorOf(() => resolveReportRange({ to: '13/11/2026' })).toBody().details).toEqual([
      { field: 'to', message: 'The end date must be a date as YYYY-MM-DD' },
    ]);
  });

  it('counts the days, both ends included, across months, years and leap days', () => {
    expect(daysInRange({ from: '2026-11-28', to: '2026-11-28' })).toBe(1);
    expect(daysInRange({ from: '2028-02-27', to: '2028-03-01' })).toBe(4);
    expect(daysInRange({ from: '2026-12-31', to: '2027-01-01' })).toBe(2);
    expect(daysInRange({ from: '2026-11-02', to: '2026-11-01' })).toBe(0);
  });
});

describe('opening hours', () => {
  it('reads a 24-hour clock', () => {
    expect(parseClock('09:00')).toBe(540);
    expect(parseClock(' 9:30 ')).toBe(570);
    expect(parseClock('24:00')).toBe(1440);
    for (const bad of ['9am', '24:01', '10:60', '', '10'] as const) expect(parseClock(bad)).toBeUndefined();
  });

  it('gives the open minutes of a day', () => {
    expect(openMinutesPerDay({ openMinute: 540, closeMinute: 1260 })).toBe(720);
    expect(openMinutesPerDay({ openMinute: 600, closeMinute: 600 })).toBe(0);
  });
});

describe('shares and rates', () => {
  it('rounds to 3 decimals and answers 0 for nothing available', () => {
    expect(ratio(1, 3)).toBe(0.333);
    expect(ratio(2, 3)).toBe(0.667);
    expect(ratio(5, 0)).toBe(0);
    expect(utilisationShare(150, 2160)).toBe(0.069);
    expect(utilisationShare(0, 720)).toBe(0);
  });

  it('never puts a share above 1', () => {
    expect(utilisationShare(800, 720)).toBe(1);
  });

  it('takes the no-show rate of the appointments that came to an end', () => {
    expect(noShowRate(1, 1)).toBe(0.5);
    expect(noShowRate(1, 2)).toBe(0.333);
    expect(noShowRate(0, 0)).toBe(0);
    expect(noShowRate(0, 4)).toBe(0);
  });

  it('shows paise as rupees', () => {
    expect(rupees(249_900)).toBe(2499);
    expect(rupees(12_345)).toBe(123.45);
    expect(rupees(-5_000)).toBe(-50);
  });
});

describe('when an order counts as revenue', () => {
  const paidAt = new Date('2026-11-20T05:00:00Z');
  const deliveredAt = new Date('2026-11-22T05:00:00Z');

  it('online: when paid', () => {
    expect(orderRevenueAt({ status: 'paid', paymentMethod: 'ONLINE', paidAt })).toEqual(paidAt);
    expect(orderRevenueAt({ status: 'delivered', paymentMethod: 'ONLINE', paidAt, deliveredAt })).toEqual(
      paidAt,
    );
    expect(orderRevenueAt({ status: 'pending_payment', paymentMethod: 'ONLINE' })).toBeUndefined();
  });

  it('cash on delivery: when delivered', () => {
    expect(orderRevenueAt({ status: 'placed', paymentMethod: 'COD' })).toBeUndefined();
    expect(
      orderRevenueAt({ status: 'delivered', paymentMethod: 'COD', paidAt: deliveredAt, deliveredAt }),
    ).toEqual(deliveredAt);
  });

  it('cancelled: never', () => {
    expect(orderRevenueAt({ status: 'cancelled', paymentMethod: 'ONLINE', paidAt })).toBeUndefined();
  });
});

describe('what a counter refund takes off a sale line', () => {
  const oil = { quantity: 3, totalPaise: 100_000 };

  it('the amount the refund names, when it names one', () => {
    expect(refundedLinePaise(oil, { quantity: 1, amountPaise: 30_000 })).toBe(30_000);
  });

  it('else the line’s total pro rata of the quantity returned (after its discounts), rounded', () => {
    expect(refundedLinePaise(oil, { quantity: 1, amountPaise: 0 })).toBe(33_333);
    expect(refundedLinePaise(oil, { quantity: 2, amountPaise: 0 })).toBe(66_667);
    expect(refundedLinePaise(oil, { quantity: 3, amountPaise: 0 })).toBe(100_000);
  });

  it('nothing for a line without a quantity', () => {
    expect(refundedLinePaise({ quantity: 0, totalPaise: 5_000 }, { quantity: 0, amountPaise: 0 })).toBe(0);
  });
});
