import { describe, expect, it } from 'vitest';
import {
  customerCancellationProblem,
  customerRescheduleProblem,
  describeNotice,
  isOpenStatus,
} from './cancellation.js';

// One table for booking's refusal and the web's Cancel button, so the two cannot disagree.
const now = new Date('2026-11-21T06:00:00Z');
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const mayCancel = (status: string, hours: number, noticeMinutes = 240) =>
  customerCancellationProblem({ status, startsAt: hoursFromNow(hours) }, now, noticeMinutes) === undefined;

describe('the cancellation notice', () => {
  it('lets a customer cancel an open appointment up to the notice before it', () => {
    expect(mayCancel('Pending', 5)).toBe(true);
    expect(mayCancel('Pending', 4)).toBe(true);
    expect(mayCancel('Confirmed', 4)).toBe(true);
    expect(mayCancel('Scheduled', 48)).toBe(true);
    expect(mayCancel('Confirmed', 3.9)).toBe(false);
    expect(mayCancel('Pending', 0.2, 30)).toBe(false);
    expect(mayCancel('Pending', 0.5, 30)).toBe(true);
    expect(mayCancel('Pending', 0, 0)).toBe(true);
  });

  it('refuses started, finished and cancelled appointments', () => {
    for (const status of ['In Progress', 'Completed', 'Cancelled']) expect(mayCancel(status, 48)).toBe(false);
  });

  it('says why, as the customer reads it', () => {
    expect(customerCancellationProblem({ status: 'Confirmed', startsAt: hoursFromNow(3.9) }, now, 240)).toBe(
      'Appointments can be cancelled online up to 4 hours before they start. Please call us to change this one.',
    );
    expect(customerCancellationProblem({ status: 'In Progress', startsAt: hoursFromNow(10) }, now, 240)).toBe(
      'This appointment is in progress and can no longer be cancelled.',
    );
    expect(customerCancellationProblem({ status: 'Cancelled', startsAt: hoursFromNow(10) }, now, 240)).toBe(
      'This appointment is already cancelled.',
    );
    expect(
      customerCancellationProblem({ status: 'Pending', startsAt: hoursFromNow(0.2) }, now, 30),
    ).toContain('up to 30 minutes before');
  });

  it('names the notice in hours when it is whole hours', () => {
    expect(describeNotice(240)).toBe('4 hours');
    expect(describeNotice(60)).toBe('1 hour');
    expect(describeNotice(90)).toBe('90 minutes');
    expect(describeNotice(1)).toBe('1 minute');
  });

  it('knows the open statuses', () => {
    expect(['Pending', 'Scheduled', 'Confirmed'].every(isOpenStatus)).toBe(true);
    expect(['In Progress', 'Completed', 'Cancelled', 'pending'].some(isOpenStatus)).toBe(false);
  });
});

describe("the customer's own move", () => {
  // A ₹1,749.50 deposit paid under a 24-hour window that keeps all of it; the notice is 4 hours.
  const terms = { lateCancellationHours: 24, lateCancellationFeePercent: 100 };
  const move = (hours: number, depositPaise = 174_950, status = 'Confirmed') =>
    customerRescheduleProblem({ status, startsAt: hoursFromNow(hours), depositPaise, ...terms }, now, 240);

  it('is allowed outside the late window, and anywhere before the notice without a deposit', () => {
    expect(move(48)).toBeUndefined();
    expect(move(24)).toBeUndefined();
    expect(move(16, 0)).toBeUndefined();
    expect(move(4, 0)).toBeUndefined();
  });

  it('is refused inside the late window (LATE_CHANGE), where cancelling would keep the fee', () => {
    expect(move(16)?.code).toBe('LATE_CHANGE');
    expect(move(16)?.message).toContain('no longer be moved online');
    expect(move(5)?.code).toBe('LATE_CHANGE');
  });

  it('is refused inside the notice and once closed, as a cancellation is', () => {
    expect(move(3.9)?.code).toBe('CANCELLATION_NOT_ALLOWED');
    expect(move(3.9)?.message).toContain('up to 4 hours before');
    expect(move(3.9, 0)?.code).toBe('CANCELLATION_NOT_ALLOWED');
    expect(move(48, 174_950, 'Completed')?.code).toBe('CANCELLATION_NOT_ALLOWED');
  });
});
