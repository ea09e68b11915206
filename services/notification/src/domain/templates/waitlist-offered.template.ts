import { events, type bookingV1 } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { emailAddress, InvalidEmailData, webLink } from '../html.js';
import { appointmentDetails, clockText, formatPaise, whenText } from './booking-shared.js';
import { greetingFor } from './greeting.js';

function entryOf(payload: { entry?: bookingV1.WaitlistEntry }) {
  if (!payload.entry?.entryId) throw new InvalidEmailData('The waitlist event carries no entry');
  return payload.entry;
}

/**
 * booking.waitlist.offered: a time the customer waited for came free and is held
 * for them until it expires; paying keeps it (the receipt follows as for any online booking), and
 * unpaid it goes to the next one waiting. The link opens My Appointments at the offer.
 */
export const waitlistOfferedTemplate = defineTemplate({
  event: events.waitlistOffered,
  wanted: (payload) => Boolean(payload.entry?.customerEmail),
  recipient: (payload) => {
    const entry = entryOf(payload);
    return { address: emailAddress(entry.customerEmail), name: entry.customerName || undefined };
  },
  compose(payload, context) {
    const entry = entryOf(payload);
    const appointment = payload.appointment;
    if (!appointment?.id) throw new InvalidEmailData('The waitlist offer carries no appointment');
    const zone = appointment.timeZone || 'Asia/Kolkata';
    const until = clockText(Number(payload.expiresMs), zone);
    const when = whenText(appointment);
    const link = new URL('/my-appointments', context.appUrl);
    link.searchParams.set('waitlist', entry.entryId);
    return {
      to: { address: emailAddress(entry.customerEmail), name: entry.customerName || undefined },
      subject: `A time is free: ${appointment.serviceName} on ${when}`,
      content: {
        preview: `Held for you until ${until}: pay to keep it`,
        heading: 'The time you waited for is free',
        greeting: greetingFor(entry.customerName),
        paragraphs: [
          `${appointment.serviceName} on ${when} has come free, and we are holding it for you until ${until}.`,
          `Pay ${formatPaise(appointment.totalPricePaise)} online before then to keep it. If you do not, we offer it to the next person waiting.`,
        ],
        details: appointmentDetails(appointment),
        action: { label: 'Keep this time', url: webLink(link.toString(), 'app_url') },
        notes: [
          'You are receiving this because you joined the waitlist for this day. Leave it in My Appointments.',
          `Questions? Call us on ${brand.phone} or write to ${brand.email}.`,
        ],
      },
    };
  },
});
