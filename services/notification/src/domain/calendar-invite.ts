import { brand } from './brand.js';
import type { Appointment } from './templates/booking-shared.js';
import type { EmailAttachment } from './email-template.js';

/**
 * An iCalendar (RFC 5545) invitation for an appointment, attached to the booking
 * emails so Google Calendar, Outlook and Apple Calendar add, move or remove it. One UID per appointment
 * (its id), so a reschedule updates the same entry and a cancellation removes it; SEQUENCE grows with
 * the appointment's last change. Times are in Asia/Kolkata with the zone defined inline (a fixed
 * +05:30, no daylight saving), as calendar apps expect for an invitation.
 */
export type InviteMethod = 'REQUEST' | 'CANCEL';

const CRLF = '\r\n';
const PRODUCT_ID = '-//Aranya Spa & Wellness//Bookings//EN';
const UID_DOMAIN = 'bookings.aranyaspa.in';
// SEQUENCE is a 32-bit integer: seconds since 2020 grow with every change and fit for decades.
const SEQUENCE_EPOCH_MS = Date.UTC(2020, 0, 1);

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * A parameter value (a CN): quoted, as a name may hold ; : or , and with RFC 6868's caret encoding for
 * what a quoted value cannot hold (a double quote, a newline).
 */
function paramValue(value: string): string {
  return `"${value.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r?\n/g, '^n')}"`;
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  const limit = () => (pieces.length === 0 ? 75 : 74);
  for (const character of line) {
    const length = Buffer.byteLength(character, 'utf8');
    if (size + length > limit()) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += length;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 20261201T110000: a local date-time in the appointment's zone (fixed offsets only, like booking). */
function localDateTime(instantMs: number, offsetMinutes: number): string {
  const local = new Date(instantMs + offsetMinutes * 60_000);
  return (
    `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`
  );
}

function utcDateTime(instantMs: number): string {
  return `${localDateTime(instantMs, 0)}Z`;
}

const ZONES: Record<string, { offsetMinutes: number; name: string }> = {
  'Asia/Kolkata': { offsetMinutes: 330, name: 'IST' },
};

export function calendarInvite(appointment: Appointment, method: InviteMethod, now = Date.now()): string {
  const timeZone = appointment.timeZone || 'Asia/Kolkata';
  const zone = ZONES[timeZone] ?? ZONES['Asia/Kolkata']!;
  const start = Number(appointment.startMs);
  const end = Number(appointment.endMs);
  const changed = Number(appointment.updatedAtMs) || now;
  const location = [brand.name, ...brand.addressLines].join(', ');
  const treatment = appointment.durationLabel
    ? `${appointment.serviceName} (${appointment.durationLabel})`
    : appointment.serviceName;
  const description = [
    `${appointment.appointmentCode}: ${treatment}`,
    `${appointment.roomType} room ${appointment.roomNumber}`.trim(),
    appointment.employeeName ? `With ${appointment.employeeName}` : '',
    `Questions? ${brand.phone} or ${brand.email}`,
  ]
    .filter(Boolean)
    .join('\n');
  const offset = `+${pad(Math.floor(zone.offsetMinutes / 60))}${pad(zone.offsetMinutes % 60)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${zone.name}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${appointment.id}@${UID_DOMAIN}`,
    `SEQUENCE:${Math.max(0, Math.floor((changed - SEQUENCE_EPOCH_MS) / 1000))}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART;TZID=${timeZone}:${localDateTime(start, zone.offsetMinutes)}`,
    `DTEND;TZID=${timeZone}:${localDateTime(end, zone.offsetMinutes)}`,
    `SUMMARY:${escapeText(`${treatment} at ${brand.name}`)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `LOCATION:${escapeText(location)}`,
    `ORGANIZER;CN=${paramValue(brand.name)}:mailto:${brand.email}`,
    `ATTENDEE;CN=${paramValue(appointment.customerName)};ROLE=REQ-PARTICIPANT:mailto:${appointment.customerEmail}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The invitation as an email attachment (the method in its content type, as calendar clients look for). */
export function calendarAttachment(appointment: Appointment, method: InviteMethod): EmailAttachment {
  return {
    filename: method === 'CANCEL' ? 'cancelled-appointment.ics' : 'appointment.ics',
    content: calendarInvite(appointment, method),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}
