import { describe, expect, it } from 'vitest';
import { appointmentCode, customerCancellationProblem } from './appointment.js';

const now = new Date('2026-11-21T06:00:00Z');
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('appointments', () => {
  it('builds readable ids from the local date and a sequence', () => {
    expect(appointmentCode('20261121', 42)).toBe('APT-20261121-0042');
    expect(appointmentCode('20261121', 123_456)).toBe('APT-20261121-123456');
  });

  it('lets a customer cancel an open appointment up to the notice before it', () => {
    expect(
      customerCancellationProblem({ status: 'Pending', startsAt: hoursFromNow(4) }, now, 240),
    ).toBeUndefined();
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
});
