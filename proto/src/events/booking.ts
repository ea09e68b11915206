import * as booking from '../../gen/spa/booking/v1/events_pb.js';
import { defineEvent } from '../define.js';

const APPOINTMENT_TOPIC = 'booking.appointment.v1';
const SPECIAL_DAY_TOPIC = 'booking.special-day.v1';
const WORKING_TIME_TOPIC = 'booking.working-time.v1';
const WAITLIST_TOPIC = 'booking.waitlist.v1';

// Not compacted: each event is a fact a consumer acts on (the notification service emails on booked,
// paid and cancelled, and schedules the reminder), so an older event of an appointment must not vanish
// behind a newer one. Keyed by the appointment id (our UUID).
export const bookingEvents = {
  appointmentBooked: defineEvent(
    'booking.appointment.booked',
    booking.AppointmentBookedSchema,
    APPOINTMENT_TOPIC,
  ),
  appointmentRescheduled: defineEvent(
    'booking.appointment.rescheduled',
    booking.AppointmentRescheduledSchema,
    APPOINTMENT_TOPIC,
  ),
  appointmentStatusChanged: defineEvent(
    'booking.appointment.status-changed',
    booking.AppointmentStatusChangedSchema,
    APPOINTMENT_TOPIC,
  ),
  appointmentEmployeeAssigned: defineEvent(
    'booking.appointment.employee-assigned',
    booking.AppointmentEmployeeAssignedSchema,
    APPOINTMENT_TOPIC,
  ),
  appointmentPaymentStatusChanged: defineEvent(
    'booking.appointment.payment-status-changed',
    booking.AppointmentPaymentStatusChangedSchema,
    APPOINTMENT_TOPIC,
  ),
  appointmentCompleted: defineEvent(
    'booking.appointment.completed',
    booking.AppointmentCompletedSchema,
    APPOINTMENT_TOPIC,
  ),
  appointmentCancelled: defineEvent(
    'booking.appointment.cancelled',
    booking.AppointmentCancelledSchema,
    APPOINTMENT_TOPIC,
  ),
  // Compacted and keyed by the date: the latest word on each date is all a consumer needs.
  specialDaySet: defineEvent('booking.special-day.set', booking.SpecialDaySetSchema, SPECIAL_DAY_TOPIC, true),
  specialDayRemoved: defineEvent(
    'booking.special-day.removed',
    booking.SpecialDayRemovedSchema,
    SPECIAL_DAY_TOPIC,
    true,
  ),
  // Compacted: the latest state of each schedule (key: employee id) and request (key: its id).
  weeklyHoursSet: defineEvent('booking.schedule.set', booking.WeeklyHoursSetSchema, WORKING_TIME_TOPIC, true),
  timeOffRequested: defineEvent(
    'booking.time-off.requested',
    booking.TimeOffRequestedSchema,
    WORKING_TIME_TOPIC,
    true,
  ),
  timeOffDecided: defineEvent(
    'booking.time-off.decided',
    booking.TimeOffDecidedSchema,
    WORKING_TIME_TOPIC,
    true,
  ),
  // Not compacted: an offer is a fact notification emails on (key: the entry id).
  waitlistJoined: defineEvent('booking.waitlist.joined', booking.WaitlistJoinedSchema, WAITLIST_TOPIC),
  waitlistOffered: defineEvent('booking.waitlist.offered', booking.WaitlistOfferedSchema, WAITLIST_TOPIC),
  waitlistLeft: defineEvent('booking.waitlist.left', booking.WaitlistLeftSchema, WAITLIST_TOPIC),
} as const;
