import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { calendarAttachment } from '../calendar-invite.js';
import { defineTemplate } from '../email-template.js';
import { greetingFor } from './greeting.js';
import {
  appointmentDetails,
  appointmentOf,
  contactNote,
  customerOf,
  myAppointmentsAction,
  whenText,
} from './booking-shared.js';

/**
 * booking.appointment.booked: the confirmation of a booking paid at the counter. An online booking is
 * confirmed by its payment receipt instead (until it is paid it is only a hold).
 */
export const bookingConfirmationTemplate = defineTemplate({
  event: events.appointmentBooked,
  wanted: (payload) => payload.appointment?.paymentMethod !== 'online',
  recipient: customerOf,
  compose(payload, context) {
    const appointment = appointmentOf(payload);
    return {
      to: customerOf(payload),
      // Adds (or moves, or removes) the appointment in the customer's calendar: calendar-invite.ts.
      attachments: [calendarAttachment(appointment, 'REQUEST')],
      subject: `Your ${appointment.serviceName} on ${whenText(appointment)} is booked`,
      content: {
        preview: `${appointment.appointmentCode}: ${appointment.serviceName}, ${whenText(appointment)}`,
        heading: 'Your appointment is booked',
        greeting: greetingFor(appointment.customerName),
        paragraphs: [
          `Thank you for booking with ${brand.name}. We look forward to seeing you on ${whenText(appointment)}.`,
          'You pay at the counter when you arrive.',
        ],
        details: appointmentDetails(appointment),
        action: myAppointmentsAction(context),
        notes: [
          'Please arrive 10 minutes early so your treatment can start on time.',
          'We will send you a reminder the day before.',
          contactNote,
        ],
      },
    };
  },
});
