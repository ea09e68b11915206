import { business, businessAddressLines } from '../../app/business';
import type { Appointment } from './appointment';

/** 20261201T053000Z: the instant in UTC, as Google Calendar's template link takes it. */
const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

/**
 * "Add to Google Calendar" for a booked appointment: Google's event template link
 * with the treatment, the times (UTC, shown in Asia/Kolkata), the address and the appointment id. The
 * booking emails carry the same event as an .ics for every other calendar. Undefined without times.
 */
export function googleCalendarLink(appointment: Appointment): string | undefined {
  if (!appointment.start || !appointment.end) return undefined;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${appointment.service.name} at ${business.name}`,
    dates: `${utcStamp(appointment.start)}/${utcStamp(appointment.end)}`,
    ctz: 'Asia/Kolkata',
    details: `Appointment ${appointment.appointmentId}. Please arrive 10 minutes early. Questions? ${business.phone}`,
    location: [business.name, ...businessAddressLines].join(', '),
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
