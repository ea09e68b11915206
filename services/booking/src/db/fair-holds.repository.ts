import { lockKeys, type Queryable } from '@spa/kit';
import { and, eq, gt, notInArray } from 'drizzle-orm';
import { CLOSED_STATUSES } from '../domain/appointment.js';
import type { HeldAppointment } from '../domain/fair-holds.js';
import { appointments } from './schema.js';

/**
 * One customer's bookings take turns (a transaction-scoped advisory lock on the customer id), so two
 * bookings at once cannot both pass the fair-hold limits. Taken after the slot's room and employee
 * locks; a transaction holding it never waits for another slot lock, so no lock cycle can form.
 */
export async function lockCustomerBookings(tx: Queryable, customerId: string): Promise<void> {
  await lockKeys(tx, [customerBookingsKey(customerId)]);
}

/** The lock key of a customer's bookings: it sorts after every slot key, so a booking takes both at once. */
export const customerBookingsKey = (customerId: string) => `customer:${customerId}`;

/** The customer's appointments not over yet and neither cancelled nor completed (appointments_customer_idx). */
export async function heldAppointments(
  db: Queryable,
  customerId: string,
  now: Date,
): Promise<HeldAppointment[]> {
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      paymentMethod: appointments.paymentMethod,
      paymentStatus: appointments.paymentStatus,
      paymentHoldExpiresAt: appointments.paymentHoldExpiresAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, customerId),
        gt(appointments.endsAt, now),
        notInArray(appointments.status, [...CLOSED_STATUSES]),
      ),
    );
}
