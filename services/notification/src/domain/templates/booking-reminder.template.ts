import { bookingV1, defineEvent } from '@spa/proto';
import { defineTemplate } from '../email-template.js';
import { greetingFor } from './greeting.js';
import {
  appointmentDetails,
  contactNote,
  customerOf,
  myAppointmentsAction,
  whenText,
  type Appointment,
} from './booking-shared.js';

/**
 * The reminder is not an event on the bus but a delayed job, scheduled when an appointment is
 * confirmed (booked for cash, or paid online) and carrying the appointment as it then was. This
 * definition names the job's payload so the worker can read it like an event's.
 */
export const bookingReminderJob = defineEvent(
  'booking.appointment.reminder',
  bookingV1.AppointmentSchema,
  'booking.appointment.v1',
);

/** How long before the start the reminder goes out. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** The delivery purpose of a reminder: sent once per scheduling event (a reschedule schedules anew). */
export const BOOKING_REMINDER_PURPOSE = 'reminder';

/** One reminder job per appointment; rescheduling replaces it, cancelling removes it. */
export const bookingReminderJobId = (appointmentId: string) => `${appointmentId}.${BOOKING_REMINDER_PURPOSE}`;

const recipient = (appointment: Appointment) => customerOf({ appointment });

export const bookingReminderTemplate = defineTemplate({
  event: bookingReminderJob,
  recipient,
  compose(appointment, context) {
    return {
      to: recipient(appointment),
      subject: `Reminder: ${appointment.serviceName} tomorrow, ${whenText(appointment)}`,
      content: {
        preview: `See you ${whenText(appointment)}`,
        heading: 'See you tomorrow',
        greeting: greetingFor(appointment.customerName),
        paragraphs: [
          `A reminder that your ${appointment.serviceName} is on ${whenText(appointment)}.`,
          appointment.paymentStatus === 'Paid'
            ? 'It is paid; you only need to bring yourself.'
            : 'You pay at the counter when you arrive.',
        ],
        details: appointmentDetails(appointment),
        action: myAppointmentsAction(context),
        notes: ['Please arrive 10 minutes early so your treatment can start on time.', contactNote],
      },
    };
  },
});
