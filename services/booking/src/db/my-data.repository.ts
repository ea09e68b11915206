import type { Queryable, Tx } from '@spa/kit';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { OPEN_STATUSES } from '../domain/appointment.js';
import { appointmentHistory, appointments, users } from './schema.js';

/** A customer's own appointments, earliest first, as stored. */
export function appointmentsOfCustomer(db: Queryable, customerId: string) {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.customerId, customerId))
    .orderBy(asc(appointments.startsAt));
}

/** The history entries of these appointments, in the order they were written. */
export function historyOfAppointments(db: Queryable, appointmentIds: string[]) {
  return db
    .select()
    .from(appointmentHistory)
    .where(inArray(appointmentHistory.appointmentId, appointmentIds))
    .orderBy(asc(appointmentHistory.seq));
}

/** The ids of a customer's open appointments that start after `now`. */
export function futureOpenAppointmentIds(tx: Tx, customerId: string, now: Date) {
  return tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, customerId),
        inArray(appointments.status, [...OPEN_STATUSES]),
        gt(appointments.startsAt, now),
      ),
    );
}

/**
 * Replaces a customer's name (by `name`) and email on every appointment of theirs and on the history
 * entries they wrote, and strips their user read-model row of name, email and phone.
 */
export async function forgetCustomer(tx: Tx, customerId: string, name: string): Promise<void> {
  await tx
    .update(appointments)
    .set({ customerName: name, customerEmail: '' })
    .where(eq(appointments.customerId, customerId));
  await tx
    .update(appointmentHistory)
    .set({ actorName: name })
    .where(eq(appointmentHistory.actorId, customerId));
  await tx.update(users).set({ name, email: '', phone: '', deleted: true }).where(eq(users.id, customerId));
}
