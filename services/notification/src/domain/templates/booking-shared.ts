import type { bookingV1 } from '@spa/proto';
import { brand } from '../brand.js';
import { emailAddress, InvalidEmailData, webLink } from '../html.js';
import type { EmailContent } from '../email-layout.js';
import type { Recipient, TemplateContext } from '../email-template.js';

/** What booking's appointment events share: the appointment as it is after the change. */
export type Appointment = bookingV1.Appointment;

export function appointmentOf(payload: { appointment?: Appointment }): Appointment {
  if (!payload.appointment?.id) throw new InvalidEmailData('The appointment event carries no appointment');
  return payload.appointment;
}

export function customerOf(payload: { appointment?: Appointment }): Recipient {
  const appointment = appointmentOf(payload);
  return { address: emailAddress(appointment.customerEmail), name: appointment.customerName };
}

/**
 * Whether the customer was told the appointment is theirs: a cash booking at once, an online one once
 * paid. An online booking that was never paid was only a hold on the customer's screen, so it gets
 * neither a reminder nor a cancellation notice.
 */
export const isConfirmedToCustomer = (appointment: Appointment | undefined) =>
  Boolean(appointment && (appointment.paymentMethod !== 'online' || appointment.paymentStatus === 'Paid'));

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
export const formatPaise = (paise: bigint) => rupees.format(Number(paise) / 100);

function parts(instantMs: number, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const found = new Intl.DateTimeFormat('en-GB', { timeZone, ...options }).formatToParts(new Date(instantMs));
  return Object.fromEntries(found.map((part) => [part.type, part.value])) as Record<string, string>;
}

/** "Saturday, 21 November 2026" in the business's time zone. */
export function dayText(instantMs: number, timeZone: string): string {
  const { weekday, day, month, year } = parts(instantMs, timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${weekday}, ${day} ${month} ${year}`;
}

/** "11:00 AM" in the business's time zone. */
export function clockText(instantMs: number, timeZone: string): string {
  const { hour, minute, dayPeriod } = parts(instantMs, timeZone, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  return `${hour}:${minute} ${(dayPeriod ?? '').toUpperCase()}`.trim();
}

const zoneLabel = (timeZone: string) => (timeZone === 'Asia/Kolkata' ? 'IST' : timeZone);

/** "Saturday, 21 November 2026, 11:00 AM": when it starts, as a sentence reads it. */
export function whenText(appointment: Appointment): string {
  const start = Number(appointment.startMs);
  const zone = appointment.timeZone || 'Asia/Kolkata';
  return `${dayText(start, zone)}, ${clockText(start, zone)}`;
}

/** The summary table every booking email shows. */
export function appointmentDetails(appointment: Appointment): NonNullable<EmailContent['details']> {
  const zone = appointment.timeZone || 'Asia/Kolkata';
  const start = Number(appointment.startMs);
  const end = Number(appointment.endMs);
  const room = [
    `${appointment.roomType} room ${appointment.roomNumber}`.trim(),
    appointment.roomLocation,
  ].filter(Boolean);
  const details = [
    { label: 'Appointment', value: appointment.appointmentCode },
    {
      label: 'Treatment',
      value: appointment.durationLabel
        ? `${appointment.serviceName} (${appointment.durationLabel})`
        : appointment.serviceName,
    },
    { label: 'Date', value: dayText(start, zone) },
    { label: 'Time', value: `${clockText(start, zone)} – ${clockText(end, zone)} (${zoneLabel(zone)})` },
    { label: 'Room', value: room.join(', ') },
  ];
  if (appointment.employeeName) details.push({ label: 'Therapist', value: appointment.employeeName });
  details.push(
    { label: 'Payment', value: paymentText(appointment) },
    { label: 'Total', value: formatPaise(appointment.totalPricePaise) },
  );
  return details;
}

function paymentText(appointment: Appointment): string {
  if (appointment.paymentStatus === 'Paid') return 'Paid online';
  if (appointment.paymentStatus === 'Refunded') return 'Refunded';
  if (appointment.paymentStatus === 'Partially refunded') return 'Partially refunded';
  if (appointment.paymentMethod === 'online') return 'Online payment pending';
  return 'Pay at the counter';
}

export const myAppointmentsAction = (context: TemplateContext) => ({
  label: 'View my appointments',
  url: webLink(new URL('/my-appointments', context.appUrl).toString(), 'app_url'),
});

export const contactNote = `Need to change or cancel? Open My Appointments or call us on ${brand.phone}.`;
