import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { bookingV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { appointmentCodeSequence, appointmentFromSnapshot } from './appointment-snapshot.js';

// Thursday 3 Dec 2026, 14:00-15:00 IST (08:30-09:30 UTC), 15 minutes of cleanup.
const start = Date.parse('2026-12-03T08:30:00Z');
const message = (fields: MessageInitShape<typeof bookingV1.AppointmentSchema> = {}) =>
  create(bookingV1.AppointmentSchema, {
    id: '9b2f6f3e-8d7c-4b1a-9f00-3c2d1e0f5a6b',
    appointmentCode: 'APT-20261128-0042',
    status: 'Confirmed',
    paymentStatus: 'Cash',
    paymentMethod: 'cash',
    durationMinutes: 60,
    cleanupMinutes: 15,
    startMs: BigInt(start),
    endMs: BigInt(start + 60 * 60_000),
    servicePricePaise: 249_900n,
    roomPricePaise: 200_000n,
    totalPricePaise: 449_900n,
    createdAtMs: BigInt(start - 86_400_000),
    updatedAtMs: BigInt(start - 3_600_000),
    ...fields,
  });

describe('an appointment row from its snapshot', () => {
  it('blocks the room for the cleanup after the end, and knows no late-cancellation terms', () => {
    const row = appointmentFromSnapshot({ appointment: message() });
    expect(row.roomFreeAt).toEqual(new Date(start + 75 * 60_000));
    expect(row).toMatchObject({
      employeeId: null,
      paymentHoldExpiresAt: null,
      arrivedAt: null,
      lateCancellationHours: 0,
      lateCancellationFeePercent: 0,
      totalPricePaise: 449_900,
    });
  });

  it('frees the room at a no-show’s mark, as the check-in flow does', () => {
    const mark = start + 20 * 60_000;
    const row = appointmentFromSnapshot({
      appointment: message({ status: 'No-show', endMs: BigInt(mark), noShowAtMs: BigInt(mark) }),
    });
    expect(row.endsAt).toEqual(new Date(mark));
    expect(row.roomFreeAt).toEqual(new Date(mark));
  });

  it('keeps a cancellation reason only while cancelled, and the provider ids and payment time seen', () => {
    const facts = { cancellationReason: 'customer', providerOrderId: 'order_1', paidAtMs: start - 7_200_000 };
    expect(
      appointmentFromSnapshot({ appointment: message({ status: 'Cancelled' }), ...facts }),
    ).toMatchObject({
      cancellationReason: 'customer',
      providerOrderId: 'order_1',
      providerPaymentId: null,
      paidAt: new Date(start - 7_200_000),
    });
    expect(appointmentFromSnapshot({ appointment: message(), ...facts }).cancellationReason).toBeNull();
  });

  it('refuses a status it does not know', () => {
    expect(() => appointmentFromSnapshot({ appointment: message({ status: 'Lost' }) })).toThrow(/status/);
  });

  it('reads the sequence of a code', () => {
    expect(appointmentCodeSequence('APT-20261121-0042')).toBe(42);
    expect(appointmentCodeSequence('APT-20261121-12345')).toBe(12345);
    expect(appointmentCodeSequence('APT-BLOCKER-1')).toBeUndefined();
  });
});
