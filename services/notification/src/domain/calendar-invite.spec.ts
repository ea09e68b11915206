import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Appointment } from './templates/booking-shared.js';
import { calendarAttachment, calendarInvite, escapeText, foldLine } from './calendar-invite.js';

const start = Date.parse('2026-12-01T11:00:00+05:30');
const appointment = {
  id: '6f1c2a9e-1b2c-4d5e-8f90-123456789abc',
  appointmentCode: 'APT-20261201-0042',
  serviceName: 'Deep Tissue Massage',
  durationLabel: '60 min',
  roomType: 'Gold',
  roomNumber: '204',
  employeeName: 'Anjali Patel',
  customerName: 'Priya Sharma, MD; "VIP"',
  customerEmail: 'priya@example.in',
  timeZone: 'Asia/Kolkata',
  startMs: BigInt(start),
  endMs: BigInt(start + 60 * 60_000),
  updatedAtMs: BigInt(Date.parse('2026-11-27T09:00:00Z')),
} as unknown as Appointment;

/** What a calendar app reads: parsed by ical.js, the zone registered from the invitation itself. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
  ICAL.TimezoneService.register(zone, 'Asia/Kolkata');
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, event };
}

describe('the calendar invitation of an appointment', () => {
  it('is an iCalendar a real parser reads: one event at the right instant, in Asia/Kolkata', () => {
    const { calendar, event } = parsed(calendarInvite(appointment, 'REQUEST'));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe('6f1c2a9e-1b2c-4d5e-8f90-123456789abc@bookings.aranyaspa.in');
    expect(event.startDate.toJSDate().getTime()).toBe(start);
    expect(event.endDate.toJSDate().getTime()).toBe(start + 60 * 60_000);
    expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Asia/Kolkata');
    expect(event.startDate.zone.tzid).toBe('Asia/Kolkata');
    expect(event.summary).toBe('Deep Tissue Massage (60 min) at Aranya Spa & Wellness');
    expect(event.location).toContain('Vijay Nagar');
    expect(event.description).toContain('APT-20261201-0042');
    expect(event.description).toContain('With Anjali Patel');
    expect(event.attendees[0]!.getFirstValue()).toBe('mailto:priya@example.in');
    // The customer's name with a comma, a semicolon and quotes survives as written.
    expect(event.attendees[0]!.getParameter('cn')).toBe('Priya Sharma, MD; "VIP"');
  });

  it('keeps one UID, so a reschedule updates the entry (higher SEQUENCE) and a cancellation removes it', () => {
    const first = parsed(calendarInvite(appointment, 'REQUEST')).event;
    const moved = parsed(
      calendarInvite(
        {
          ...appointment,
          startMs: BigInt(start + 3_600_000),
          updatedAtMs: appointment.updatedAtMs + 60_000n,
        },
        'REQUEST',
      ),
    ).event;
    const cancelled = parsed(calendarInvite(appointment, 'CANCEL'));
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBeGreaterThan(first.sequence);
    expect(cancelled.event.uid).toBe(first.uid);
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('uses CRLF line ends and folds long lines at 75 octets without splitting a character', () => {
    const text = calendarInvite({ ...appointment, serviceName: 'अभ्यंग '.repeat(20) }, 'REQUEST');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(parsed(text).event.summary.startsWith('अभ्यंग अभ्यंग')).toBe(true);
    expect(foldLine('x'.repeat(80))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(5)}`);
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('travels as a text/calendar attachment that names its method', () => {
    expect(calendarAttachment(appointment, 'REQUEST')).toMatchObject({
      filename: 'appointment.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(calendarAttachment(appointment, 'CANCEL').filename).toBe('cancelled-appointment.ics');
  });
});
