import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { calendarAttachment } from '../calendar-invite.js';
import { defineTemplate } from '../email-template.js';
import { greetingFor } from './greeting.js';
import {
  appointmentDetails,
  appointmentOf,
  customerOf,
  formatPaise,
  isConfirmedToCustomer,
  whenText,
} from './booking-shared.js';

const REASONS: Record<string, string> = {
  customer: 'As you asked, we have cancelled your appointment.',
  admin: 'Your appointment has been cancelled by the spa.',
};

/** booking.appointment.cancelled: the notice, for appointments the customer had been told were theirs. */
export const bookingCancellationTemplate = defineTemplate({
  event: events.appointmentCancelled,
  wanted: (payload) => isConfirmedToCustomer(payload.appointment),
  recipient: customerOf,
  compose(payload, context) {
    const appointment = appointmentOf(payload);
    const paidOnline = appointment.paymentStatus === 'Paid';
    return {
      to: customerOf(payload),
      // Adds (or moves, or removes) the appointment in the customer's calendar: calendar-invite.ts.
      attachments: [calendarAttachment(appointment, 'CANCEL')],
      subject: `Cancelled: ${appointment.serviceName} on ${whenText(appointment)}`,
      content: {
        preview: `${appointment.appointmentCode} has been cancelled`,
        heading: 'Your appointment is cancelled',
        greeting: greetingFor(appointment.customerName),
        paragraphs: [
          `${REASONS[payload.reason] ?? 'Your appointment has been cancelled.'} It was booked for ${whenText(appointment)}.`,
          ...(paidOnline
            ? [
                `You paid ${formatPaise(appointment.totalPricePaise)} online; it is being refunded in full to your original payment method, and we will email you once the refund is processed.`,
              ]
            : []),
        ],
        details: appointmentDetails(appointment),
        action: {
          label: 'Book another appointment',
          url: new URL('/appointment', context.appUrl).toString(),
        },
        notes: [`Questions? Call us on ${brand.phone} or write to ${brand.email}.`],
      },
    };
  },
});
