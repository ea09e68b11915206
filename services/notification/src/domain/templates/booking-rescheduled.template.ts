import { events } from '@spa/proto';
import { calendarAttachment } from '../calendar-invite.js';
import { defineTemplate } from '../email-template.js';
import { greetingFor } from './greeting.js';
import {
  appointmentDetails,
  appointmentOf,
  contactNote,
  customerOf,
  dayText,
  clockText,
  isConfirmedToCustomer,
  myAppointmentsAction,
  whenText,
} from './booking-shared.js';

/** booking.appointment.rescheduled: the new time, for appointments the customer had been told were theirs. */
export const bookingRescheduledTemplate = defineTemplate({
  event: events.appointmentRescheduled,
  wanted: (payload) => isConfirmedToCustomer(payload.appointment),
  recipient: customerOf,
  compose(payload, context) {
    const appointment = appointmentOf(payload);
    const zone = appointment.timeZone || 'Asia/Kolkata';
    const before = Number(payload.previousStartMs);
    return {
      to: customerOf(payload),
      // Adds (or moves, or removes) the appointment in the customer's calendar: calendar-invite.ts.
      attachments: [calendarAttachment(appointment, 'REQUEST')],
      subject: `Moved: ${appointment.serviceName} is now on ${whenText(appointment)}`,
      content: {
        preview: `${appointment.appointmentCode} now starts ${whenText(appointment)}`,
        heading: 'Your appointment has moved',
        greeting: greetingFor(appointment.customerName),
        paragraphs: [
          `Your ${appointment.serviceName} has moved from ${dayText(before, zone)}, ${clockText(before, zone)} to ${whenText(appointment)}.`,
        ],
        details: appointmentDetails(appointment),
        action: myAppointmentsAction(context),
        notes: ['Please arrive 10 minutes early so your treatment can start on time.', contactNote],
      },
    };
  },
});
