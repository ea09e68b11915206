import { lockKeys, type Queryable } from '@spa/kit';
import { and, eq, gt, inArray, notInArray, or } from 'drizzle-orm';
import { CLOSED_STATUSES } from '../domain/appointment.js';
import type { HeldAppointment } from '../domain/fair-holds.js';
import { appointments } from './schema.js';

/** A closed status (CLOSED_STATUSES): a no-show holds nothing. */
const NO_SHOW = 'No-show' satisfies (typeof CLOSED_STATUSES)[number];

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

const heldColumns = {
  id: appointments.id,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  paymentMethod: appointments.paymentMethod,
  paymentStatus: appointments.paymentStatus,
  paymentHoldExpiresAt: appointments.paymentHoldExpiresAt,
};

const heldBy = (customerIds: readonly string[], now: Date) =>
  and(
    inArray(appointments.customerId, [...customerIds]),
    gt(appointments.endsAt, now),
    notInArray(appointments.status, [...CLOSED_STATUSES]),
  );

/** The customer's appointments not over yet and neither cancelled nor completed (appointments_customer_idx). */
export async function heldAppointments(
  db: Queryable,
  customerId: string,
  now: Date,
): Promise<HeldAppointment[]> {
  return (await heldAppointmentsOf(db, [customerId], now)).get(customerId)!;
}

/** What a new booking of the customer's is judged by: what they hold now, and how many they missed. */
export interface CustomerStanding {
  held: HeldAppointment[];
  noShows: number;
}

/**
 * heldAppointments and the customer's no-show count in one read (appointments_customer_idx): a
 * no-show is closed, so it is never held, and the rows of the two never mix.
 */
export async function customerStanding(
  db: Queryable,
  customerId: string,
  now: Date,
): Promise<CustomerStanding> {
  return (await customersStanding(db, [customerId], now)).get(customerId)!;
}

/** heldAppointments of several customers in one read (a batch of bookings, under their locks), by customer. */
export async function heldAppointmentsOf(
  db: Queryable,
  customerIds: readonly string[],
  now: Date,
): Promise<Map<string, HeldAppointment[]>> {
  const held = new Map<string, HeldAppointment[]>(customerIds.map((id) => [id, []]));
  if (customerIds.length === 0) return held;
  const rows = await db
    .select({ ...heldColumns, customerId: appointments.customerId })
    .from(appointments)
    .where(heldBy(customerIds, now));
  for (const { customerId, ...row } of rows) held.get(customerId)?.push(row);
  return held;
}

/** customerStanding of several customers in one read (a batch of bookings), by customer. */
export async function customersStanding(
  db: Queryable,
  customerIds: readonly string[],
  now: Date,
): Promise<Map<string, CustomerStanding>> {
  const standing = new Map<string, CustomerStanding>(customerIds.map((id) => [id, { held: [], noShows: 0 }]));
  if (customerIds.length === 0) return standing;
  const rows = await db
    .select({ ...heldColumns, customerId: appointments.customerId })
    .from(appointments)
    .where(
      or(
        heldBy(customerIds, now),
        and(inArray(appointments.customerId, [...customerIds]), eq(appointments.status, NO_SHOW)),
      ),
    );
  for (const { customerId, ...row } of rows) {
    const of = standing.get(customerId);
    if (!of) continue;
    if (row.status === NO_SHOW) of.noShows += 1;
    else of.held.push(row);
  }
  return standing;
}
