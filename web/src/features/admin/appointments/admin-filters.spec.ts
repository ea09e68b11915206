import { describe, expect, it } from 'vitest';
import {
  adminQuery,
  canAssignEmployee,
  canComplete,
  EMPTY_FILTERS,
  isDateRangeInOrder,
  optionsWith,
  paymentStatusChoices,
  statusChoices,
} from './admin-filters';

// Thursday 3 Dec 2026, 14:00 IST: a visit the admin's choices are judged against.
const start = '2026-12-03T08:30:00.000Z';
const at = (iso: string) => new Date(iso);

describe('admin appointment filters', () => {
  it('sends nothing for empty filters (status omitted for All)', () => {
    expect(adminQuery(EMPTY_FILTERS)).toEqual({
      search: undefined,
      status: undefined,
      startDate: undefined,
      endDate: undefined,
    });
  });

  it('sends whole business days in Asia/Kolkata as ISO instants', () => {
    expect(
      adminQuery({
        search: '  APT-2026 ',
        status: 'In Progress',
        startDate: '2026-11-25',
        endDate: '2026-11-26',
      }),
    ).toEqual({
      search: 'APT-2026',
      status: 'In Progress',
      startDate: '2026-11-24T18:30:00.000Z',
      endDate: '2026-11-26T18:29:59.999Z',
    });
  });

  it('keeps the end date from being before the start date', () => {
    expect(isDateRangeInOrder({ startDate: '2026-11-25', endDate: '2026-11-24' })).toBe(false);
    expect(isDateRangeInOrder({ startDate: '2026-11-25', endDate: '2026-11-25' })).toBe(true);
    expect(isDateRangeInOrder({ startDate: '', endDate: '2026-11-24' })).toBe(true);
    expect(isDateRangeInOrder({ startDate: '2026-11-24', endDate: '' })).toBe(true);
  });

  it("puts an appointment's unlisted value into its dropdown", () => {
    expect(optionsWith(['Pending', 'Paid'], 'Paid')).toEqual(['Pending', 'Paid']);
    expect(optionsWith(['Pending', 'Paid'], 'Failed')).toEqual(['Failed', 'Pending', 'Paid']);
  });

  it('offers Refunded by hand only for cash; an online refund comes from the provider', () => {
    const all = ['Pending', 'Paid', 'Failed', 'Partially refunded', 'Refunded', 'Cash'];
    expect(paymentStatusChoices(all, { paymentMethod: 'cash', paymentStatus: 'Cash' })).toEqual(all);
    expect(paymentStatusChoices(all, { paymentMethod: 'online', paymentStatus: 'Paid' })).toEqual([
      'Pending',
      'Paid',
      'Failed',
      'Cash',
    ]);
    // What the provider confirmed still shows as the current value.
    expect(paymentStatusChoices(all, { paymentMethod: 'online', paymentStatus: 'Refunded' })).toEqual([
      'Refunded',
      'Pending',
      'Paid',
      'Failed',
      'Cash',
    ]);
  });
});

describe('admin appointment actions', () => {
  it('offers assigning when nobody is assigned or the status is Pending', () => {
    expect(canAssignEmployee({ status: 'Confirmed' })).toBe(true);
    expect(canAssignEmployee({ status: 'Pending', employee: { name: 'A' } })).toBe(true);
    expect(canAssignEmployee({ status: 'Confirmed', employee: { name: 'A' } })).toBe(false);
  });

  it('offers Complete Appointment only In Progress', () => {
    expect(canComplete({ status: 'In Progress' })).toBe(true);
    for (const status of ['Pending', 'Confirmed', 'Completed', 'Cancelled'])
      expect(canComplete({ status })).toBe(false);
  });
});

describe("the admin's status dropdown", () => {
  const all = [
    'Pending',
    'Scheduled',
    'Confirmed',
    'Arrived',
    'In Progress',
    'Completed',
    'No-show',
    'Cancelled',
  ];

  it('offers no check-in step for a visit days ahead, so it cannot be started or completed', () => {
    expect(statusChoices(all, { status: 'Confirmed', start }, at('2026-12-01T08:30:00Z'))).toEqual([
      'Pending',
      'Scheduled',
      'Confirmed',
      'Cancelled',
    ]);
  });

  it('offers the steps booking allows on the day: start it, then complete it', () => {
    expect(statusChoices(all, { status: 'Confirmed', start }, at('2026-12-03T08:00:00Z'))).toEqual([
      'Pending',
      'Scheduled',
      'Confirmed',
      'Arrived',
      'In Progress',
      'Cancelled',
    ]);
    expect(statusChoices(all, { status: 'In Progress', start }, at('2026-12-03T09:35:00Z'))).toEqual([
      'Pending',
      'Scheduled',
      'Confirmed',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
    expect(statusChoices(all, { status: 'Confirmed', start }, at('2026-12-03T08:35:00Z'))).toContain(
      'No-show',
    );
  });

  it('keeps its own status in place, and offers no step when the start is unknown', () => {
    expect(statusChoices(all, { status: 'Completed', start }, at('2026-12-03T10:00:00Z'))).toEqual([
      'Pending',
      'Scheduled',
      'Confirmed',
      'Completed',
      'Cancelled',
    ]);
    expect(statusChoices(all, { status: 'Pending' }, at('2026-12-03T08:35:00Z'))).toEqual([
      'Pending',
      'Scheduled',
      'Confirmed',
      'Cancelled',
    ]);
  });
});
