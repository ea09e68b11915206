import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { readBookingResult, readConflict } from './appointments.api';

const appointment = {
  _id: 'a1',
  appointmentId: 'APT-20261125-0001',
  serviceId: { _id: 's1', name: 'Swedish Massage' },
  appointmentDateTime: '2026-11-25T12:30:00.000Z',
  status: 'Pending',
  paymentStatus: 'Cash',
  paymentMethod: 'cash',
  totalPrice: 3499,
};

describe('readBookingResult', () => {
  it('reads a cash answer, which is the appointment itself', () => {
    const result = readBookingResult(appointment);
    expect(result?.appointment).toMatchObject({ id: 'a1', paymentStatus: 'Cash' });
    expect(result?.payment).toBeUndefined();
  });

  it('reads an online answer with its provider order', () => {
    const result = readBookingResult({
      appointment: { ...appointment, paymentStatus: 'Pending', paymentMethod: 'online' },
      totalPrice: 3499,
      razorpayOrderId: 'order_Abc123',
      amount: 349900,
      currency: 'INR',
      keyId: 'rzp_test_sandbox',
    });
    expect(result).toMatchObject({
      appointment: { id: 'a1', paymentMethod: 'online' },
      payment: { orderId: 'order_Abc123', amount: 349900, currency: 'INR', keyId: 'rzp_test_sandbox' },
    });
  });

  it('has no payment when the online answer lacks an order, and null for nonsense', () => {
    expect(readBookingResult({ appointment })?.payment).toBeUndefined();
    expect(readBookingResult({ message: 'odd' })).toBeNull();
    expect(readBookingResult(null)).toBeNull();
  });
});

describe('readConflict', () => {
  const now = new Date('2026-11-25T02:00:00.000Z');
  const full = 'No Gold room is free at that time. Nearest free start times: Wed 25 Nov 2026, 7:00 PM.';
  const conflict = (details: unknown) => new ApiError(409, 'NO_ROOM_AVAILABLE', full, full, details);

  it('reads the message and the suggested future starts, once each', () => {
    expect(
      readConflict(
        conflict([
          {
            field: 'appointmentDateTime',
            message: 'No Gold room is free at that time.',
            suggestions: [
              '2026-11-25T13:30:00.000Z',
              '2026-11-25T13:30:00Z',
              '2026-11-25T01:00:00.000Z',
              'soon',
            ],
          },
        ]),
        now,
      ),
    ).toEqual({ message: 'No Gold room is free at that time.', suggestions: ['2026-11-25T13:30:00.000Z'] });
  });

  it('is null for any other error', () => {
    expect(readConflict(new ApiError(400, 'BAD_REQUEST', 'x'), now)).toBeNull();
    expect(readConflict(new Error('boom'), now)).toBeNull();
    expect(readConflict(conflict(undefined), now)).toEqual({ message: full, suggestions: [] });
  });
});
