import { describe, expect, it } from 'vitest';
import { fairHoldRefusal, overlapRefusal, type HeldAppointment } from './fair-holds.js';

const now = new Date('2026-06-01T04:30:00Z'); // 10:00 in Kolkata
const limits = { maxOnlineHolds: 2, maxFutureCashBookings: 2 };
const hour = 3_600_000;

function held(startHoursAhead: number, changes: Partial<HeldAppointment> = {}): HeldAppointment {
  const startsAt = new Date(now.getTime() + startHoursAhead * hour);
  return {
    startsAt,
    endsAt: new Date(startsAt.getTime() + hour),
    status: 'Pending',
    paymentMethod: 'cash',
    paymentStatus: 'Cash',
    paymentHoldExpiresAt: null,
    ...changes,
  };
}

const onlineHold = (startHoursAhead: number, holdMinutes = 10, changes: Partial<HeldAppointment> = {}) =>
  held(startHoursAhead, {
    paymentMethod: 'online',
    paymentStatus: 'Pending',
    paymentHoldExpiresAt: new Date(now.getTime() + holdMinutes * 60_000),
    ...changes,
  });

const at = (hoursAhead: number, paymentMethod: 'cash' | 'online') => ({
  start: new Date(now.getTime() + hoursAhead * hour),
  end: new Date(now.getTime() + (hoursAhead + 1) * hour),
  paymentMethod,
});

const refusal = (appointments: HeldAppointment[], request: ReturnType<typeof at>) =>
  fairHoldRefusal(appointments, request, limits, now, 'Asia/Kolkata');

describe('fair holds', () => {
  it('refuses a time that overlaps one of the customer’s appointments, even by a minute', () => {
    const error = refusal([held(2)], { ...at(2.5, 'online') });
    expect(error?.statusCode).toBe(409);
    expect(error?.code).toBe('OVERLAPPING_APPOINTMENT');
    expect(error?.message).toBe(
      'You already have an appointment from 12:00 pm to 01:00 pm that overlaps this time. Choose another time.',
    );
    // Back to back is fine.
    expect(refusal([held(2)], at(3, 'cash'))).toBeUndefined();
    expect(refusal([held(2)], at(1, 'cash'))).toBeUndefined();
  });

  it('refuses a move onto another of the customer’s appointments, whatever the limits (reschedule)', () => {
    // Limits do not apply to a move (the appointment is already held), only the overlap does.
    const many = [held(2), held(5), held(8)];
    expect(overlapRefusal(many, at(5.5, 'cash'), now, 'Asia/Kolkata')?.code).toBe('OVERLAPPING_APPOINTMENT');
    expect(overlapRefusal(many, at(3, 'cash'), now, 'Asia/Kolkata')).toBeUndefined();
    expect(
      overlapRefusal([held(2, { status: 'Cancelled' })], at(2, 'cash'), now, 'Asia/Kolkata'),
    ).toBeUndefined();
  });

  it('ignores cancelled and completed appointments and online holds that ran out', () => {
    const gone = [
      held(2, { status: 'Cancelled' }),
      held(2, { status: 'Completed' }),
      onlineHold(2, -1),
      onlineHold(3, -1),
    ];
    expect(refusal(gone, at(2, 'online'))).toBeUndefined();
  });

  it('allows the set number of online bookings waiting for payment; paid ones do not count', () => {
    const two = [onlineHold(5), onlineHold(7, 5, { paymentStatus: 'Failed' })];
    expect(refusal(two, at(2, 'online'))).toMatchObject({
      statusCode: 409,
      code: 'TOO_MANY_UNPAID_BOOKINGS',
      message:
        'You already have 2 online bookings waiting for payment. Pay for or cancel one before booking another.',
    });
    expect(
      refusal([onlineHold(5), onlineHold(7, 5, { paymentStatus: 'Paid' })], at(2, 'online')),
    ).toBeUndefined();
    // Unpaid online holds do not limit cash bookings.
    expect(refusal(two, at(2, 'cash'))).toBeUndefined();
  });

  it('allows the set number of cash bookings to come', () => {
    const cash = [held(5), held(7, { status: 'Confirmed' })];
    expect(refusal(cash, at(2, 'cash'))).toMatchObject({
      code: 'TOO_MANY_CASH_BOOKINGS',
      message:
        'You already have 2 upcoming appointments to pay in cash. Pay online, or book again after one of them.',
    });
    expect(refusal(cash, at(2, 'online'))).toBeUndefined();
    expect(refusal([held(5)], at(2, 'cash'))).toBeUndefined();
  });
});
