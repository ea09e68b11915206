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
  formatPaise,
  myAppointmentsAction,
  whenText,
} from './booking-shared.js';

/**
 * booking.appointment.payment-status-changed, when it became Paid: the receipt (and the confirmation).
 * Not for a visit already completed (paid at the counter's checkout): its tax invoice is the receipt,
 * and "your appointment is confirmed, please arrive early" would be wrong after it.
 */
export const bookingPaymentReceiptTemplate = defineTemplate({
  event: events.appointmentPaymentStatusChanged,
  wanted: (payload) =>
    payload.appointment?.paymentStatus === 'Paid' &&
    payload.previousPaymentStatus !== 'Paid' &&
    payload.appointment.status !== 'Completed',
  recipient: customerOf,
  compose(payload, context) {
    const appointment = appointmentOf(payload);
    const amount = formatPaise(appointment.totalPricePaise);
    // Paid after the hold ran out, when someone else had taken the slot: the money goes back.
    const lost = appointment.status === 'Cancelled';
    const paragraphs = lost
      ? [
          `We received your payment of ${amount}, but it arrived after your reservation had been released and the slot is no longer free.`,
          `We will refund ${amount} to your original payment method. We are sorry for the trouble; please book another time.`,
        ]
      : [`We received your payment of ${amount}. Your appointment on ${whenText(appointment)} is confirmed.`];
    const details = [...appointmentDetails(appointment)];
    if (payload.providerPaymentId)
      details.push({ label: 'Payment reference', value: payload.providerPaymentId });
    return {
      to: customerOf(payload),
      // Adds (or moves, or removes) the appointment in the customer's calendar: calendar-invite.ts.
      attachments: [calendarAttachment(appointment, 'REQUEST')],
      subject: lost
        ? `Your payment for ${appointment.appointmentCode} will be refunded`
        : `Payment received: ${appointment.serviceName} on ${whenText(appointment)}`,
      content: {
        preview: `${amount} received for ${appointment.appointmentCode}`,
        heading: lost ? 'Your payment will be refunded' : 'Payment received',
        greeting: greetingFor(appointment.customerName),
        paragraphs,
        details,
        action: myAppointmentsAction(context),
        notes: [
          ...(lost ? [] : ['Please arrive 10 minutes early so your treatment can start on time.']),
          'This email is your receipt; please keep it for your records.',
          lost ? `Questions? Call us on ${brand.phone} or write to ${brand.email}.` : contactNote,
        ],
      },
    };
  },
});
