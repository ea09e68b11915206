import type { Queryable } from '@spa/kit';
import { inArray, max, sql } from 'drizzle-orm';
import type { Appointment } from '../domain/appointment.js';
import { appointments } from './schema.js';

/*
 * The queries of the appointment recovery at start (use-cases/recover-appointments.ts): the rows a
 * database restored from a backup may lack or hold in an older state are written back from booking's
 * own events.
 */

/** The newest change any appointment row records, or undefined for an empty table. */
export async function newestAppointmentChange(db: Queryable): Promise<Date | undefined> {
  const [row] = await db.select({ newest: max(appointments.updatedAt) }).from(appointments);
  return row?.newest ?? undefined;
}

/** Of these appointments, the ones the table has: their status and when they last changed. */
export async function appointmentVersions(
  db: Queryable,
  ids: string[],
): Promise<Map<string, { status: string; updatedAt: Date }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: appointments.id, status: appointments.status, updatedAt: appointments.updatedAt })
    .from(appointments)
    .where(inArray(appointments.id, ids));
  return new Map(rows.map((row) => [row.id, { status: row.status, updatedAt: row.updatedAt }]));
}

/**
 * Writes an appointment as its newest event showed it: inserted when the row is missing, or replacing
 * an older row (only when the row's updated_at is older than the snapshot's, so a newer row, e.g. one
 * changed since, always wins and a second replica recovering at once writes nothing). What the
 * snapshot cannot know is kept from the row: the late-cancellation terms, and the provider ids and
 * paid_at when the events read did not carry them. Answers whether a row was written. An overlap with
 * another active appointment is refused by the exclusion constraints (the caller skips it).
 */
export async function restoreAppointmentSnapshot(tx: Queryable, row: Appointment): Promise<boolean> {
  const written = await tx
    .insert(appointments)
    .values(row)
    .onConflictDoUpdate({
      target: appointments.id,
      set: {
        appointmentCode: sql`excluded.appointment_code`,
        customerId: sql`excluded.customer_id`,
        customerName: sql`excluded.customer_name`,
        customerEmail: sql`excluded.customer_email`,
        serviceId: sql`excluded.service_id`,
        serviceName: sql`excluded.service_name`,
        categoryName: sql`excluded.category_name`,
        pricingOptionId: sql`excluded.pricing_option_id`,
        durationLabel: sql`excluded.duration_label`,
        durationMinutes: sql`excluded.duration_minutes`,
        cleanupMinutes: sql`excluded.cleanup_minutes`,
        roomId: sql`excluded.room_id`,
        roomType: sql`excluded.room_type`,
        roomNumber: sql`excluded.room_number`,
        roomLocation: sql`excluded.room_location`,
        employeeId: sql`excluded.employee_id`,
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        roomFreeAt: sql`excluded.room_free_at`,
        status: sql`excluded.status`,
        paymentStatus: sql`excluded.payment_status`,
        paymentMethod: sql`excluded.payment_method`,
        servicePricePaise: sql`excluded.service_price_paise`,
        roomPricePaise: sql`excluded.room_price_paise`,
        totalPricePaise: sql`excluded.total_price_paise`,
        paymentHoldExpiresAt: sql`excluded.payment_hold_expires_at`,
        providerOrderId: sql`coalesce(excluded.provider_order_id, ${appointments.providerOrderId})`,
        providerPaymentId: sql`coalesce(excluded.provider_payment_id, ${appointments.providerPaymentId})`,
        paidAt: sql`coalesce(${appointments.paidAt}, excluded.paid_at)`,
        cancellationReason: sql`case when excluded.status = 'Cancelled' then coalesce(excluded.cancellation_reason, ${appointments.cancellationReason}) end`,
        arrivedAt: sql`excluded.arrived_at`,
        startedAt: sql`excluded.started_at`,
        completedAt: sql`excluded.completed_at`,
        noShowAt: sql`excluded.no_show_at`,
        depositPaise: sql`excluded.deposit_paise`,
        keptOnCancellationPaise: sql`excluded.kept_on_cancellation_paise`,
        createdAt: sql`excluded.created_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${appointments.updatedAt} < excluded.updated_at`,
    })
    .returning({ id: appointments.id });
  return written.length > 0;
}

/**
 * Raises the sequence of the appointment codes to at least `sequence`, so the next code made is past
 * every code the events showed (a restored database's sequence is back where the backup left it, and
 * would hand out again the codes of the appointments it forgot). Never lowers it.
 */
export async function raiseAppointmentCodeSequence(db: Queryable, sequence: number): Promise<void> {
  await db.execute(
    sql`select setval('appointment_code_seq', ${sequence}) from appointment_code_seq where last_value <= ${sequence}`,
  );
}
