/**
 * Reads back what booking itself published on its appointment topic since a moment: the newest
 * snapshot of every appointment an event was sent for from then on, with the facts some events carry
 * beside it. Booking asks at start, so that a database restored from a backup gets back the appointments
 * accepted (or changed) after the backup (use-cases/recover-appointments.ts). The bounded read itself
 * is the kit's readTopicSince.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { readTopicSince, type TopicReadResult } from '@spa/kit';
import { bookingV1, envelopeV1, events } from '@spa/proto';
import type { AppointmentSnapshot } from '../domain/appointment-snapshot.js';

export interface AppointmentTopicReadOptions {
  brokers: string[];
  /** KAFKA_NAMESPACE: the prefix of every topic and consumer group of this deployment. */
  namespace?: string;
  /** Read every message whose Kafka timestamp is at or after this moment (epoch ms; 0 = everything). */
  sinceMs: number;
  /** Give up (reject) when the read has not reached the end of every partition by then. */
  timeoutMs: number;
}

export interface AppointmentTopicReadResult extends TopicReadResult {
  /** Per appointment id, its newest snapshot read (and the facts seen beside it). */
  snapshots: Map<string, AppointmentSnapshot>;
}

// Every appointment event goes to one topic (booking.appointment.v1, keyed by the appointment id, so
// one appointment's events are read in the order they were written).
const APPOINTMENT_EVENTS = [
  events.appointmentBooked,
  events.appointmentRescheduled,
  events.appointmentStatusChanged,
  events.appointmentEmployeeAssigned,
  events.appointmentPaymentStatusChanged,
  events.appointmentCompleted,
  events.appointmentCancelled,
];
const APPOINTMENT_TOPIC = events.appointmentBooked.topic;
if (APPOINTMENT_EVENTS.some((event) => event.topic !== APPOINTMENT_TOPIC))
  throw new Error('every booking appointment event is expected on one topic');

/** The appointment topic's snapshots from `sinceMs` to the current end of every partition. */
export async function readAppointmentSnapshotsSince(
  options: AppointmentTopicReadOptions,
): Promise<AppointmentTopicReadResult> {
  const snapshots = new Map<string, AppointmentSnapshot>();
  const read = await readTopicSince(
    { ...options, topic: APPOINTMENT_TOPIC, reader: 'booking.appointment-recovery' },
    (value) => {
      const fact = appointmentFactOf(value);
      if (fact) remember(snapshots, fact);
    },
  );
  return { ...read, snapshots };
}

interface AppointmentFact {
  appointment: bookingV1.Appointment;
  providerOrderId?: string;
  providerPaymentId?: string;
  cancellationReason?: string;
  /** The event made (or found) it Paid: its payment was recorded then. */
  paid?: boolean;
}

/** Keeps the newest snapshot (a tie goes to the later event) and every fact seen on the way. */
function remember(snapshots: Map<string, AppointmentSnapshot>, fact: AppointmentFact): void {
  const { appointment } = fact;
  const updatedAtMs = Number(appointment.updatedAtMs);
  const known = snapshots.get(appointment.id);
  const newer = !known || updatedAtMs >= Number(known.appointment.updatedAtMs);
  const snapshot: AppointmentSnapshot = {
    appointment: newer ? appointment : known.appointment,
    providerOrderId: fact.providerOrderId || known?.providerOrderId,
    providerPaymentId: fact.providerPaymentId || known?.providerPaymentId,
    // The reason of the newest cancellation (a reopened one's is cleared by its status, not here).
    cancellationReason:
      fact.cancellationReason && (newer || !known.cancellationReason)
        ? fact.cancellationReason
        : known?.cancellationReason,
    // The first time it was seen Paid (paid_at is recorded once and kept).
    paidAtMs:
      fact.paid && (known?.paidAtMs === undefined || updatedAtMs < known.paidAtMs)
        ? updatedAtMs
        : known?.paidAtMs,
  };
  snapshots.set(appointment.id, snapshot);
}

/** The appointment (and extra facts) an appointment event carries; undefined for anything else. */
function appointmentFactOf(value: Buffer | null): AppointmentFact | undefined {
  if (!value) return undefined;
  try {
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, value);
    const payload = envelope.payload;
    switch (envelope.type) {
      case events.appointmentBooked.type:
        return withAppointment(fromBinary(bookingV1.AppointmentBookedSchema, payload).appointment);
      case events.appointmentRescheduled.type:
        return withAppointment(fromBinary(bookingV1.AppointmentRescheduledSchema, payload).appointment);
      case events.appointmentStatusChanged.type:
        return withAppointment(fromBinary(bookingV1.AppointmentStatusChangedSchema, payload).appointment);
      case events.appointmentEmployeeAssigned.type:
        return withAppointment(fromBinary(bookingV1.AppointmentEmployeeAssignedSchema, payload).appointment);
      case events.appointmentCompleted.type:
        return withAppointment(fromBinary(bookingV1.AppointmentCompletedSchema, payload).appointment);
      case events.appointmentPaymentStatusChanged.type: {
        const event = fromBinary(bookingV1.AppointmentPaymentStatusChangedSchema, payload);
        return withAppointment(event.appointment, {
          providerOrderId: event.providerOrderId,
          providerPaymentId: event.providerPaymentId,
          paid: event.appointment?.paymentStatus === 'Paid',
        });
      }
      case events.appointmentCancelled.type: {
        const event = fromBinary(bookingV1.AppointmentCancelledSchema, payload);
        return withAppointment(event.appointment, { cancellationReason: event.reason });
      }
    }
  } catch {
    // not one of booking's appointment events: nothing to learn from it
  }
  return undefined;
}

function withAppointment(
  appointment: bookingV1.Appointment | undefined,
  extra: Omit<AppointmentFact, 'appointment'> = {},
): AppointmentFact | undefined {
  return appointment?.id ? { appointment, ...extra } : undefined;
}
