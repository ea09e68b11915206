import { describe, expect, it } from 'vitest';
import type { Appointment } from './appointment';
import { googleCalendarLink } from './calendar-link';

const appointment = {
  id: 'a1',
  appointmentId: 'APT-20261201-0042',
  service: { name: 'Deep Tissue Massage' },
  start: '2026-12-01T05:30:00.000Z',
  end: '2026-12-01T06:30:00.000Z',
  status: 'Pending',
  paymentStatus: 'Cash',
} as Appointment;

describe('Add to Google Calendar', () => {
  it('opens Google’s event template with the treatment, its UTC times, the zone and the address', () => {
    const url = new URL(googleCalendarLink(appointment)!);
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Deep Tissue Massage at Aranya Spa & Wellness');
    expect(url.searchParams.get('dates')).toBe('20261201T053000Z/20261201T063000Z');
    expect(url.searchParams.get('ctz')).toBe('Asia/Kolkata');
    expect(url.searchParams.get('details')).toContain('APT-20261201-0042');
    expect(url.searchParams.get('location')).toContain('Vijay Nagar');
  });

  it('offers nothing for an appointment without times', () => {
    expect(googleCalendarLink({ ...appointment, end: undefined })).toBeUndefined();
  });
});
