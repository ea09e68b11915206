import type { TopicSpec } from '@spa/kit';
import { events, type bookingV1 } from '@spa/proto';
import type { Actor } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';

/** The booking events, by name; every publish in this service takes its definition from here. */
export const bookingEvents = {
  booked: events.appointmentBooked,
  rescheduled: events.appointmentRescheduled,
  statusChanged: events.appointmentStatusChanged,
  employeeAssigned: events.appointmentEmployeeAssigned,
  paymentStatusChanged: events.appointmentPaymentStatusChanged,
  completed: events.appointmentCompleted,
  cancelled: events.appointmentCancelled,
  specialDaySet: events.specialDaySet,
  specialDayRemoved: events.specialDayRemoved,
  weeklyHoursSet: events.weeklyHoursSet,
  timeOffRequested: events.timeOffRequested,
  timeOffDecided: events.timeOffDecided,
  waitlistJoined: events.waitlistJoined,
  waitlistOffered: events.waitlistOffered,
  waitlistLeft: events.waitlistLeft,
} as const;

/**
 * The topics booking writes to, plus the compacted ones it mirrors: created with their cleanup policy
 * before the consumers start, so a consumer that comes up first cannot create them uncompacted.
 */
export const bookingTopics: TopicSpec[] = [
  ...new Map(
    [
      ...Object.values(bookingEvents),
      events.serviceUpserted,
      events.categoryUpserted,
      events.roomUpserted,
      events.userUpdated,
    ].map((event) => [event.topic, { topic: event.topic, compacted: event.compacted }]),
  ).values(),
];

export type Plain<T> = Omit<T, '$typeName' | '$unknown'>;

const ms = (date: Date | null) => BigInt(date ? date.getTime() : 0);

/** An appointment as its events carry it: enough for an email or a report, money in paise. */
export function appointmentMessage(view: AppointmentView, timeZone: string): Plain<bookingV1.Appointment> {
  return {
    id: view.id,
    appointmentCode: view.appointmentCode,
    status: view.status,
    paymentStatus: view.paymentStatus,
    paymentMethod: view.paymentMethod,
    customerId: view.customer.id,
    customerName: view.customer.name,
    customerEmail: view.customer.email,
    customerPhone: view.customer.phone,
    serviceId: view.service.id,
    serviceName: view.service.name,
    categoryName: view.service.categoryName,
    pricingOptionId: view.pricingOptionId,
    durationLabel: view.durationLabel,
    durationMinutes: view.durationMinutes,
    roomId: view.room.id,
    roomNumber: view.room.roomNumber,
    roomType: view.room.type,
    roomLocation: view.room.location,
    employeeId: view.employee?.id ?? '',
    employeeName: view.employee?.name ?? '',
    employeeCode: view.employee?.employeeCode ?? '',
    startMs: ms(view.startsAt),
    endMs: ms(view.endsAt),
    cleanupMinutes: view.cleanupMinutes,
    timeZone,
    servicePricePaise: BigInt(view.servicePricePaise),
    roomPricePaise: BigInt(view.roomPricePaise),
    totalPricePaise: BigInt(view.totalPricePaise),
    paymentHoldExpiresAtMs: ms(view.paymentHoldExpiresAt),
    createdAtMs: ms(view.createdAt),
    updatedAtMs: ms(view.updatedAt),
    arrivedAtMs: ms(view.arrivedAt),
    startedAtMs: ms(view.startedAt),
    completedAtMs: ms(view.completedAt),
    noShowAtMs: ms(view.noShowAt),
    depositPaise: BigInt(view.depositPaise),
    keptOnCancellationPaise: BigInt(view.keptOnCancellationPaise),
    sacCode: view.service.sacCode ?? '',
    ...(view.service.gstBp !== undefined ? { gstBp: view.service.gstBp } : {}),
  };
}

export const actorMessage = (actor: Actor): Plain<bookingV1.Actor> => ({
  id: actor.id,
  name: actor.name,
  role: actor.role,
});
