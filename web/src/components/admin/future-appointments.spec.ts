import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { appointmentsText, futureAppointmentsOf } from './future-appointments';

describe('futureAppointmentsOf', () => {
  it('reads the count and message of a 409 HAS_FUTURE_APPOINTMENTS', () => {
    const error = new ApiError(409, 'HAS_FUTURE_APPOINTMENTS', 'Room 101 has 3 …', 'Room 101 has 3 …', [
      { field: 'futureAppointments', futureAppointments: 3 },
    ]);
    expect(futureAppointmentsOf(error)).toEqual({ count: 3, message: 'Room 101 has 3 …' });
  });

  it('ignores every other error', () => {
    expect(futureAppointmentsOf(new ApiError(409, 'CONFLICT', 'x'))).toBeUndefined();
    expect(futureAppointmentsOf(new ApiError(503, 'BOOKING_UNAVAILABLE', 'x'))).toBeUndefined();
    expect(futureAppointmentsOf(new Error('x'))).toBeUndefined();
  });

  it('words the count', () => {
    expect(appointmentsText(1)).toBe('1 appointment');
    expect(appointmentsText(4)).toBe('4 appointments');
  });
});
