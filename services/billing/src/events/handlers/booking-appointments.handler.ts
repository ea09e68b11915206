import { PermanentEventError, type EventHandler, type Tx } from '@spa/kit';
import type { bookingV1, events } from '@spa/proto';
import { upsertAppointment } from '../../db/reports.repository.js';

/** Every booking event whose payload carries the whole appointment as it is after the change. */
export type AppointmentEvent =
  | typeof events.appointmentBooked
  | typeof events.appointmentRescheduled
  | typeof events.appointmentStatusChanged
  | typeof events.appointmentEmployeeAssigned
  | typeof events.appointmentPaymentStatusChanged
  | typeof events.appointmentCompleted
  | typeof events.appointmentCancelled
  | typeof events.waitlistOffered;

/** The producer's change time, or the event's when an older producer left it out. */
const sourceTime = (updatedAtMs: bigint, occurredAt: Date) =>
  updatedAtMs > 0n ? new Date(Number(updatedAtMs)) : occurredAt;

/** The report's copy of an appointment (report_appointments); an older event leaves a newer row alone. */
async function mirrorAppointment(
  tx: Tx,
  appointment: bookingV1.Appointment | undefined,
  occurredAt: Date,
): Promise<void> {
  if (!appointment?.id) throw new PermanentEventError('appointment event without an appointment id');
  const startsAt = new Date(Number(appointment.startMs));
  // A No-show's end_ms is already the mark; one without an end (never sent by booking) lasts no time.
  const endsAt = appointment.endMs > 0n ? new Date(Number(appointment.endMs)) : startsAt;
  await upsertAppointment(tx, {
    id: appointment.id,
    status: appointment.status,
    serviceId: appointment.serviceId,
    serviceName: appointment.serviceName,
    employeeId: appointment.employeeId,
    employeeName: appointment.employeeId ? appointment.employeeName : '',
    roomId: appointment.roomId,
    roomNumber: appointment.roomNumber,
    roomType: appointment.roomType,
    startsAt,
    endsAt,
    totalPricePaise: Number(appointment.totalPricePaise),
    paymentMethod: appointment.paymentMethod,
    paymentStatus: appointment.paymentStatus,
    customerId: appointment.customerId,
    updatedAt: sourceTime(appointment.updatedAtMs, occurredAt),
  });
}

/** booking.appointment.* (and booking.waitlist.offered, which carries the held appointment). */
export const appointmentChanged: EventHandler<AppointmentEvent> = (tx, payload, meta) =>
  mirrorAppointment(tx, payload.appointment, meta.occurredAt);
